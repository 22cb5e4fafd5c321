import type { TAdDetail } from "@waterside/shared/ads";
import { useState } from "react";

/** Spec §9: the attributes grid shows the first 9, then View more / View less. */
const ATTRIBUTES_SHOWN = 9;

export function AdAttributes({ attributes }: { attributes: TAdDetail["attributes"] }) {
  const [all, setAll] = useState(false);
  if (attributes.length === 0) return null;
  const shown = all ? attributes : attributes.slice(0, ATTRIBUTES_SHOWN);
  return (
    <section aria-labelledby="ad-details" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="ad-details" className="mb-3 font-semibold">
        Details
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {shown.map((attribute) => (
          <div key={attribute.id}>
            <dt className="text-xs text-slate-500">{attribute.attribute.name}</dt>
            <dd className="font-medium">{attribute.value}</dd>
          </div>
        ))}
      </dl>
      {attributes.length > ATTRIBUTES_SHOWN && (
        <button
          type="button"
          onClick={() => setAll((value) => !value)}
          className="mt-3 text-sm font-medium text-emerald-700"
        >
          {all ? "View less" : "View more"}
        </button>
      )}
    </section>
  );
}
