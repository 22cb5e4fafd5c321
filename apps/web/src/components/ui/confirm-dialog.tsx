import { useRef, useState } from "react";
import { clsx } from "clsx";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";

interface Question {
  title: string;
  text: string;
  /** The confirming button's words; a notice (`tell`) has only OK. */
  confirm: string;
  /** The other button's words: "Cancel" unless that would read as the action itself. */
  dismiss?: string;
  /** Something that cannot be undone: the confirming button is red. */
  danger?: boolean;
}

interface Asked extends Question {
  /** A notice has one button, OK. */
  notice: boolean;
  /** Each question gets its own <dialog>, so the closing of the one before can never answer it. */
  id: number;
}

const dangerButtonClass =
  "rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60";

/**
 * The product's confirmation dialog on the browser's own <dialog>, in place of window.confirm/alert:
 * `confirm(question)` resolves true on the confirming button and false on Cancel, Escape or a click beside the
 * dialog; `tell(title, text)` shows a notice and resolves when it is closed. Render `dialog` once in the screen.
 */
export function useConfirm() {
  const [asked, setAsked] = useState<Asked | null>(null);
  const answer = useRef<(value: boolean) => void>(() => {});
  const asks = useRef(0);
  const [shown, setShown] = useState(0);

  function settle(value: boolean) {
    setAsked(null);
    answer.current(value);
    answer.current = () => {};
  }

  const ask = (next: Omit<Asked, "id">) =>
    new Promise<boolean>((resolve) => {
      answer.current(false);
      answer.current = resolve;
      const id = ++asks.current;
      setShown(id);
      setAsked({ ...next, id });
    });
  const confirm = (question: Question) => ask({ ...question, notice: false });
  const tell = async (title: string, text: string) => {
    await ask({ title, text, confirm: "OK", notice: true });
  };

  const dialog = (
    <Modal
      key={shown}
      open={asked !== null}
      onOpenChange={(open) => !open && settle(false)}
      label={asked?.title ?? "Confirm"}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl"
    >
      {asked && (
        <div className="space-y-4">
          <h2 className="text-lg font-semibold">{asked.title}</h2>
          <p className="text-slate-700">{asked.text}</p>
          <div className="flex flex-wrap justify-end gap-2">
            {!asked.notice && (
              <button type="button" onClick={() => settle(false)} className={secondaryButtonClass}>
                {asked.dismiss ?? "Cancel"}
              </button>
            )}
            <button
              type="button"
              onClick={() => settle(true)}
              className={clsx(asked.danger ? dangerButtonClass : primaryButtonClass)}
            >
              {asked.confirm}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
  return { confirm, tell, dialog };
}
