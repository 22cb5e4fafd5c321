import type { TFeaturedBusiness } from "@waterside/shared/catalog";
import { Link } from "react-router";

/** Spec §2: the Top Brands strip of featured businesses; each opens the business's profile. */
export function TopBrands({ businesses }: { businesses: TFeaturedBusiness[] }) {
  if (businesses.length === 0) return null;
  return (
    <section aria-labelledby="top-brands" className="rounded-xl border border-slate-200 bg-white p-3">
      <h2 id="top-brands" className="mb-2 text-sm font-semibold text-slate-700">
        Top Brands
      </h2>
      <ul className="flex gap-3 overflow-x-auto pb-1">
        {businesses.map((business) => (
          <li key={business.id} className="shrink-0">
            <Link
              to={`/profile/${business.id}`}
              className="flex w-20 flex-col items-center gap-1 text-center text-xs text-slate-700 hover:text-emerald-700"
            >
              {business.profile_image ? (
                <img
                  src={business.profile_image}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  fetchPriority="low"
                  className="size-12 rounded-full object-cover"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="grid size-12 place-items-center rounded-full bg-emerald-100 text-lg font-bold text-emerald-800"
                >
                  {business.name.charAt(0)}
                </span>
              )}
              <span className="line-clamp-2">{business.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
