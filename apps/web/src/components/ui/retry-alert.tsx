import { secondaryButtonClass } from "./form-field";

/** A read that failed, said in a red box with Retry beside it (the profile's lists, packages and plan). */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-red-50 p-4 text-red-800">
      <p className="flex-1">{message}</p>
      <button type="button" onClick={onRetry} className={secondaryButtonClass}>
        Retry
      </button>
    </div>
  );
}
