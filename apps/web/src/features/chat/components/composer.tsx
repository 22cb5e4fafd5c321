import { CHAT_MESSAGE_MAX, CHAT_MESSAGES } from "@waterside/shared/chat-messages";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";

/** The counter shows once a message nears the limit. */
const COUNTER_FROM = CHAT_MESSAGE_MAX - 200;

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line (spec §2 "keyboard send"). An empty message is
 * refused in the spec's words (§5), a too long one in the API's (decision 039), before anything is sent.
 */
export function Composer({
  onSend,
  disabled,
  placeholder = "Write a message",
}: {
  onSend: (text: string) => void;
  disabled?: boolean;
  placeholder?: string;
}) {
  const id = useId();
  const form = useForm<{ text: string }>({ defaultValues: { text: "" } });
  const error = form.formState.errors.text?.message;
  const length = useWatch({ control: form.control, name: "text" }).length;

  const submit = form.handleSubmit(({ text }) => {
    onSend(text.trim());
    form.reset();
  });

  return (
    <form onSubmit={submit} aria-label="Write a message" className="border-t border-slate-200 bg-white p-2 sm:p-3">
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          Message
        </label>
        <textarea
          id={id}
          rows={1}
          disabled={disabled}
          placeholder={placeholder}
          enterKeyHint="send"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register("text", {
            validate: (text) =>
              text.trim() === ""
                ? CHAT_MESSAGES.empty
                : text.trim().length > CHAT_MESSAGE_MAX
                  ? CHAT_MESSAGES.tooLong
                  : true,
          })}
          onKeyDown={(event) => {
            if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            void submit();
          }}
          className="field-sizing-content block max-h-32 min-h-11 w-full resize-none rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base outline-none focus:border-emerald-600 focus:ring-2 focus:ring-emerald-600/30 disabled:bg-slate-100 aria-[invalid=true]:border-red-500"
        />
        <button
          type="submit"
          disabled={disabled}
          aria-label="Send"
          className="grid size-11 shrink-0 place-items-center rounded-full bg-emerald-700 text-white hover:bg-emerald-800 disabled:opacity-50"
        >
          <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
            <path
              d="M3 20l18-8L3 4l2 8-2 8zm2-8h8"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </div>
      <div className="flex justify-between gap-2 px-1">
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : (
          <span />
        )}
        {length >= COUNTER_FROM && (
          <p className="mt-1 text-xs text-slate-500" aria-live="polite">
            {length}/{CHAT_MESSAGE_MAX}
          </p>
        )}
      </div>
    </form>
  );
}
