import { useState, type ReactNode } from "react";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";

/**
 * An admin table's filter modal (spec second document §2 "Admin tables"): a Filter button showing how many
 * filters apply, and a dialog whose form's fields (uncontrolled, named as the API's filters) are applied together.
 * Empty fields are dropped (spec §5 payload cleaning).
 */
export function FilterDialog({
  title,
  activeCount,
  onApply,
  children,
}: {
  title: string;
  activeCount: number;
  onApply: (values: Record<string, string>) => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);

  function apply(form: HTMLFormElement) {
    const values: Record<string, string> = {};
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim() !== "") values[name] = value.trim();
    }
    onApply(values);
    setOpen(false);
  }

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={secondaryButtonClass}>
        Filter{activeCount > 0 && ` (${activeCount})`}
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        label={title}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl"
      >
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            apply(event.currentTarget);
          }}
        >
          <h2 className="text-lg font-semibold">{title}</h2>
          {children}
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={() => {
                onApply({});
                setOpen(false);
              }}
              className={secondaryButtonClass}
            >
              Clear
            </button>
            <button type="submit" className={primaryButtonClass}>
              Apply
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
