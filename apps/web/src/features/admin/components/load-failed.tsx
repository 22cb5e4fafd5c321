import { secondaryButtonClass } from "~/components/ui/form-field";

/** A read that failed (spec second document §8 'Error: {message}'), with Retry. */
export function LoadFailed({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <p role="alert" className="text-red-700">
        Error: {message}
      </p>
      <button type="button" onClick={onRetry} className={`${secondaryButtonClass} mt-3`}>
        Retry
      </button>
    </div>
  );
}
