import { Avatar } from "~/components/ui/avatar";

/** A person's row heading in an admin table: picture and name, with the email under it where the Email column is hidden. */
export function PersonCell({ name, email, imageUrl }: { name: string; email: string | null; imageUrl: string | null }) {
  return (
    <span className="flex items-center gap-2">
      <Avatar name={name} url={imageUrl} className="size-8" />
      <span className="min-w-0">
        <span className="block font-medium">{name}</span>
        {email && <span className="block text-xs break-all text-slate-500 md:hidden">{email}</span>}
      </span>
    </span>
  );
}
