import { Link } from "react-router";

export function CategoryTile({
  to,
  name,
  imageUrl,
  count,
}: {
  to: string;
  name: string;
  imageUrl: string | null;
  count?: number;
}) {
  return (
    <Link
      to={to}
      className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white hover:border-emerald-600 hover:shadow-sm"
    >
      <img
        src={imageUrl ?? "/favicon.svg"}
        alt=""
        width={240}
        height={180}
        loading="lazy"
        // After the page's text and first photos: a tile's picture is decoration beside its name.
        fetchPriority="low"
        decoding="async"
        className="aspect-[4/3] w-full bg-slate-100 object-cover"
      />
      <span className="px-3 py-2 text-sm font-medium text-slate-800 group-hover:text-emerald-800">
        {name}
        {count !== undefined && <span className="block text-xs font-normal text-slate-500">{count} ads</span>}
      </span>
    </Link>
  );
}
