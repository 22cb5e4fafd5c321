import { useEffect, useRef, type ReactNode } from "react";
import { clsx } from "clsx";

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name. */
  label: string;
  /**
   * Where and how the panel sits: a side sheet, a bottom sheet, full screen. Sizes come only from here
   * (the browser's dialog keeps its own max size unless told otherwise), so no two rules compete.
   */
  className: string;
  children: ReactNode;
  id?: string;
  /**
   * Render the content while closed too: a page sent without React's scripts (lib/scriptless.ts) opens the dialog
   * with its inline script, so the content must already be in the server's HTML.
   */
  keepContent?: boolean;
}

/**
 * A modal on the browser's own <dialog>: focus moves in and back, Escape closes, the rest of the page is
 * inert, and none of it costs JavaScript bytes (a dialog library weighed 13 KB gzip on every page).
 */
export function Modal({ open, onOpenChange, label, className, children, id, keepContent = false }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      id={id}
      aria-label={label}
      onClose={() => onOpenChange(false)}
      // A click on the backdrop lands on the <dialog> element itself.
      onClick={(event) => event.target === event.currentTarget && onOpenChange(false)}
      className={clsx("m-0 p-0 backdrop:bg-slate-900/50", className)}
    >
      {(open || keepContent) && children}
    </dialog>
  );
}
