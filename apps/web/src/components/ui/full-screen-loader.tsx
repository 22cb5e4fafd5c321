import { Logo } from "./logo";

/** Spec §2: while the session loads, a full-screen bouncing logo with 'Please wait...'. */
export function FullScreenLoader() {
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-50 grid place-items-center bg-white">
      <div className="flex flex-col items-center gap-4">
        <Logo className="size-16 animate-bounce" />
        <p className="font-medium text-slate-700">Please wait...</p>
      </div>
    </div>
  );
}
