import type { UseFormRegisterReturn } from "react-hook-form";
import { Link } from "react-router";

/** Registration's terms checkbox (spec §5: accept_terms), by email or by phone, with its error under it. */
export function TermsCheckbox({ field, error }: { field: UseFormRegisterReturn; error?: string }) {
  return (
    <div>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" {...field} aria-invalid={Boolean(error)} className="mt-0.5 size-4 accent-emerald-700" />
        <span>
          I agree to the{" "}
          <Link to="/terms-and-conditions" target="_blank" className="font-medium text-emerald-800 underline">
            terms and privacy policy
          </Link>
        </span>
      </label>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
