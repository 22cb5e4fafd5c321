import type { TAdminUser } from "@waterside/shared/admin";
import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { useFormatDate } from "~/lib/format";
import { callLink } from "~/lib/phone-links";
import { StatusBadge } from "../status-badge";

const linkClass =
  "block rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-emerald-800 hover:bg-emerald-50";

/**
 * The ad's owner as the users table shows them (spec second document §3 "Admin user"), with the ways on: their
 * ads, the reviews they wrote, and the reports about this ad.
 */
export function AdOwnerCard({ owner, adId }: { owner: TAdminUser; adId: number }) {
  const formatDate = useFormatDate();
  return (
    <section aria-labelledby="ad-owner" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="ad-owner" className="font-semibold">
        Owner
      </h2>
      <div className="flex items-center gap-3">
        <Avatar name={owner.name} url={owner.profile_image_url} className="size-14 shrink-0 text-xl" />
        <div className="min-w-0 space-y-1">
          <p className="font-semibold break-words">{owner.name}</p>
          <StatusBadge name={owner.status.name} />
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-slate-500">Email</dt>
        <dd className="min-w-0 break-all">
          {owner.email ? (
            <a href={`mailto:${owner.email}`} className="hover:underline">
              {owner.email}
            </a>
          ) : (
            "None (signed up by phone)"
          )}
        </dd>
        <dt className="text-slate-500">Phone</dt>
        <dd className="min-w-0 break-all">
          {owner.phone_number ? (
            <a href={callLink(owner.phone_number)} className="hover:underline">
              {owner.phone_number}
            </a>
          ) : (
            "Not given"
          )}
        </dd>
        <dt className="text-slate-500">User type</dt>
        <dd>{owner.usertype.name}</dd>
        <dt className="text-slate-500">Joined</dt>
        <dd>{formatDate(owner.created_at)}</dd>
      </dl>
      <ul className="space-y-2">
        <li>
          <Link to={`/admin/ads/${owner.id}`} className={linkClass}>
            Ads by this user
          </Link>
        </li>
        <li>
          <Link to={`/admin/users/reviews/${owner.id}`} className={linkClass}>
            Reviews by this user
          </Link>
        </li>
        <li>
          <Link to={`/admin/ads-reports?ad_id=${adId}`} className={linkClass}>
            Reports about this ad
          </Link>
        </li>
      </ul>
    </section>
  );
}
