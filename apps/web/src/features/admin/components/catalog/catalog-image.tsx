import { clsx } from "clsx";
import { useState } from "react";

/**
 * A category's or subcategory's picture, beside its name (so it says nothing itself); a missing or broken one shows
 * a placeholder (spec second document §8).
 */
export function CatalogImage({ url, className }: { url: string | null; className?: string }) {
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const frame = clsx("aspect-[4/3] shrink-0 overflow-hidden rounded-lg bg-slate-100", className);
  if (!url || url === brokenUrl) {
    return (
      <div className={clsx(frame, "grid place-items-center text-slate-400")} aria-hidden="true">
        <svg viewBox="0 0 24 24" className="size-1/3" fill="none" stroke="currentColor" strokeWidth="1.5">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <circle cx="9" cy="10" r="1.5" />
          <path d="m21 16-5-5-8 8" />
        </svg>
      </div>
    );
  }
  return (
    <div className={frame}>
      <img src={url} alt="" className="size-full object-cover" onError={() => setBrokenUrl(url)} />
    </div>
  );
}
