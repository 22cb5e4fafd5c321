/** Spec selling §2 step 3. Until boost packages are sold (payments), it says so and offers Skip (decision 026). */
export function BoostStep() {
  return (
    <div className="space-y-2">
      <h2 className="text-lg font-semibold">Boost your ad</h2>
      <p className="text-slate-600">
        Boost packages paid with MTN Mobile Money are coming soon. Your ad is free to post: skip this step to publish it
        now.
      </p>
    </div>
  );
}
