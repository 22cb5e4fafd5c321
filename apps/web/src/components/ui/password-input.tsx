import { forwardRef, useState, type InputHTMLAttributes } from "react";
import { clsx } from "clsx";
import { inputClass } from "./form-field";

/** Spec §2 login form: a password with a show/hide toggle, and optionally a strength bar under it. */
export const PasswordInput = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { strength?: string }
>(function PasswordInput({ strength, className, ...props }, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <div className="relative">
        <input
          ref={ref}
          type={visible ? "text" : "password"}
          className={clsx(inputClass, "pr-16", className)}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible(!visible)}
          aria-pressed={visible}
          className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-medium text-emerald-800 hover:bg-emerald-50"
        >
          {visible ? "Hide" : "Show"}
        </button>
      </div>
      {strength !== undefined && <StrengthBar password={strength} />}
    </div>
  );
});

const LABELS = ["Too short", "Weak", "Fair", "Good", "Strong"];
const COLORS = ["bg-red-500", "bg-red-500", "bg-amber-500", "bg-emerald-500", "bg-emerald-700"];

export function passwordStrength(password: string): number {
  if (password.length < 8) return 0;
  let score = 1;
  if (password.length >= 12) score += 1;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score += 1;
  if (/\d/.test(password) && /[^A-Za-z0-9]/.test(password)) score += 1;
  return Math.min(score, 4);
}

function StrengthBar({ password }: { password: string }) {
  if (!password) return null;
  const score = passwordStrength(password);
  return (
    <div className="mt-2 flex items-center gap-2" aria-live="polite">
      <div className="flex flex-1 gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((step) => (
          <span
            key={step}
            className={clsx("h-1.5 flex-1 rounded-full", step <= score ? COLORS[score] : "bg-slate-200")}
          />
        ))}
      </div>
      <span className="text-xs text-slate-600">Strength: {LABELS[score]}</span>
    </div>
  );
}
