/** Figures that could not be read, with Try again (Insights, Performance). */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-2 text-sm">
      <p className="text-red-700">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50"
      >
        Try again
      </button>
    </div>
  );
}
