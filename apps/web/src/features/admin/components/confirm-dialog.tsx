import { useRef, useState } from "react";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";

interface Question {
  title: string;
  text: string;
  confirm: string;
}

/**
 * The confirmation before an admin status change (spec second document §4): `confirm(question)` resolves true
 * on Confirm and false on Cancel, Escape or a click beside the dialog; render `dialog` once in the page.
 */
export function useConfirm() {
  const [question, setQuestion] = useState<Question | null>(null);
  const answer = useRef<(value: boolean) => void>(() => {});

  function settle(value: boolean) {
    setQuestion(null);
    answer.current(value);
  }

  const confirm = (next: Question) =>
    new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setQuestion(next);
    });

  const dialog = (
    <Modal
      open={question !== null}
      onOpenChange={(open) => !open && settle(false)}
      label={question?.title ?? "Confirm"}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl"
    >
      {question && (
        <div className="space-y-4">
          <h2 className="text-lg font-semibold">{question.title}</h2>
          <p className="text-slate-700">{question.text}</p>
          <div className="flex justify-end gap-2">
            <button type="button" onClick={() => settle(false)} className={secondaryButtonClass}>
              Cancel
            </button>
            <button type="button" onClick={() => settle(true)} className={primaryButtonClass}>
              {question.confirm}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
  return { confirm, dialog };
}
