import { useEffect, useRef } from "react";

/**
 * A full-screen overlay that says what is happening while nothing can be done but wait (second document §2: 'Creating
 * Ad...', 'Updating Ad...', 'Payment process finished...'). Focus moves onto it, so a keyboard does not act on the
 * page underneath; `progress` (0 to 1) adds a bar, e.g. for an upload.
 */
export function LoadingOverlay({
  text,
  detail,
  progress,
}: {
  text: string;
  detail?: string;
  progress?: number | null;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-white/95 p-4">
      <div
        ref={panel}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        className="flex w-full max-w-xs flex-col items-center gap-3 text-center outline-none"
      >
        <svg viewBox="0 0 24 24" className="size-10 animate-spin text-emerald-700" aria-hidden="true">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
          <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <p className="text-lg font-semibold text-slate-900">{text}</p>
        {detail && <p className="text-sm text-slate-600">{detail}</p>}
        {progress !== undefined && progress !== null && (
          <progress value={progress} max={1} className="h-2 w-full accent-emerald-700" aria-label="Upload progress" />
        )}
      </div>
    </div>
  );
}
