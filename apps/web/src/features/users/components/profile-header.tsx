import type { TTrust } from "@waterside/shared/trust";
import type { TPublicUser } from "@waterside/shared/users";
import { SellerTrust } from "~/components/trust/seller-trust";
import { Avatar } from "~/components/ui/avatar";
import { useFormatDate } from "~/lib/format";

/**
 * Picture, name, type, join date, and a business's banner and address. Another's profile adds what a buyer may
 * trust about them (`trust`, issue 27); the own profile, which has no such figures, goes without.
 */
export function ProfileHeader({ user, trust }: { user: Omit<TPublicUser, "trust">; trust?: TTrust }) {
  const formatDate = useFormatDate();
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      {user.company?.banner_image_url && (
        <img
          src={user.company.banner_image_url}
          alt=""
          width={1200}
          height={600}
          className="aspect-[3/1] w-full object-cover"
        />
      )}
      <div className="flex flex-wrap items-center gap-4 p-4 sm:p-6">
        <Avatar name={user.name} url={user.profile_image_url} className="size-16 text-2xl sm:size-20" />
        <div className="min-w-0">
          <h1 className="truncate text-xl font-semibold sm:text-2xl">{user.name}</h1>
          <p className="text-sm text-slate-600">
            {user.usertype.name} · Member since {formatDate(user.created_at, "month")}
          </p>
          {user.company?.address && <p className="text-sm text-slate-600">{user.company.address}</p>}
        </div>
        {trust && <SellerTrust trust={trust} className="basis-full sm:ml-auto sm:basis-auto" />}
      </div>
    </div>
  );
}
