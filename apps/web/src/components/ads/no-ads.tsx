/** Spec §2: the empty state of every ad list. */
export function NoAds() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-semibold">No ads available</p>
      <p className="mt-1 text-slate-600">Check back later or explore other categories.</p>
    </div>
  );
}
