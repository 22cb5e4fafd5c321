import { clsx } from "clsx";
import { STEPS, type Step } from "../hooks/use-sell-wizard";

/** The three steps, the current one marked for screen readers (spec selling §2). */
export function WizardSteps({ step }: { step: Step }) {
  return (
    <ol className="grid grid-cols-3 gap-2 text-xs font-medium sm:text-sm" aria-label="Steps">
      {STEPS.map((label, index) => (
        <li
          key={label}
          aria-current={index === step ? "step" : undefined}
          className={clsx(
            "rounded-full px-2 py-1.5 text-center",
            index <= step ? "bg-emerald-700 text-white" : "bg-slate-100 text-slate-600",
          )}
        >
          {index + 1}. {label}
        </li>
      ))}
    </ol>
  );
}
