import {
  checkReportReason,
  REPORT_MESSAGES,
  REPORT_OTHER,
  REPORT_REASON_MAX,
  REPORT_REASONS,
} from "@waterside/shared/reports-messages";
import { clsx } from "clsx";
import { useId, useState, type FormEvent } from "react";
import { inputClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { ApiError } from "~/lib/api-client";
import { openLoginPrompt } from "~/lib/login-prompt";
import { notify } from "~/lib/notify";
import { authedTransport, useSession } from "~/lib/session";
import { createAdReport } from "../api/create-ad-report";
import { createUserReport } from "../api/create-user-report";

/** What is reported: an ad, or a user (named in the dialog's title). */
export type ReportTarget =
  { adId: number; userId?: never; userName?: never } | { userId: number; userName?: string; adId?: never };

/**
 * Spec §2 report button of the ad page and report-user control of a profile, with its dialog (spec §5): a reason
 * from the list, or 'Other' with the reporter's own words, which are what is sent (decision 043). Submit stays
 * disabled until a reason is chosen and, for 'Other', words are typed. A visitor gets the login prompt (spec §6).
 * The page decides where it shows: not on the viewer's own ad or profile (the API refuses those anyway).
 */
export function ReportDialog({ target, className }: { target: ReportTarget; className?: string }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const isAd = target.adId !== undefined;
  const subject = isAd ? "ad" : "user";

  return (
    <>
      <button
        type="button"
        onClick={() =>
          session.status === "signed-in" ? setOpen(true) : openLoginPrompt(`Log in to report this ${subject}.`)
        }
        className={clsx(
          "inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-slate-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-emerald-600",
          className,
        )}
      >
        <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
          <path
            d="M5 21V4m0 0h11l-2 4 2 4H5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        </svg>
        Report {subject}
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        label={isAd ? "Report ad" : `Report ${target.userName ?? "user"}`}
        className="mx-auto mt-[8dvh] max-h-[84dvh] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl bg-white shadow-xl"
      >
        <ReportForm target={target} onDone={() => setOpen(false)} />
      </Modal>
    </>
  );
}

function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const id = useId();
  const [choice, setChoice] = useState<string | null>(null);
  const [words, setWords] = useState("");
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const isAd = target.adId !== undefined;
  const isOther = choice === REPORT_OTHER;
  const checked = choice === null ? null : checkReportReason(isOther ? words : choice);
  const wordsError = isOther && touched && checked && "error" in checked ? checked.error : null;
  const ready = checked !== null && "reason" in checked && !sending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!checked || !("reason" in checked)) return;
    setSending(true);
    setServerError(null);
    try {
      const { created } =
        target.adId !== undefined
          ? await createAdReport(authedTransport, { ad_id: target.adId, reason: checked.reason })
          : await createUserReport(authedTransport, { reported_user_id: target.userId, reason: checked.reason });
      if (created) notify("success", REPORT_MESSAGES.reported);
      else notify("info", isAd ? REPORT_MESSAGES.adAlreadyReported : REPORT_MESSAGES.userAlreadyReported);
      onDone();
    } catch (error) {
      notify("error", REPORT_MESSAGES.failed);
      // The API's own words for a refusal ("You cannot report your own ad."); nothing more for a failure of ours.
      if (error instanceof ApiError && error.status < 500) setServerError(error.message);
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4 p-5 sm:p-6">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-xl font-semibold">{isAd ? "Report ad" : `Report ${target.userName ?? "user"}`}</h2>
        <button
          type="button"
          onClick={onDone}
          aria-label="Close"
          className="-mt-1 -mr-2 grid size-10 shrink-0 place-items-center rounded-md hover:bg-slate-100"
        >
          <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <fieldset className="space-y-1">
        <legend className="mb-2 text-sm text-slate-600">
          Why are you reporting this {isAd ? "ad" : "user"}? Your report is private.
        </legend>
        {REPORT_REASONS.map((reason) => (
          <label
            key={reason}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-slate-50 has-checked:bg-emerald-50"
          >
            <input
              type="radio"
              name={`${id}-reason`}
              value={reason}
              checked={choice === reason}
              onChange={() => setChoice(reason)}
              className="size-4 shrink-0 accent-emerald-700"
            />
            <span>{reason}</span>
          </label>
        ))}
      </fieldset>
      {isOther && (
        <div className="space-y-1">
          <label htmlFor={`${id}-words`} className="text-sm font-medium text-slate-800">
            Tell us what is wrong
            <span className="ml-0.5 text-red-600" aria-hidden="true">
              *
            </span>
          </label>
          <textarea
            id={`${id}-words`}
            rows={3}
            value={words}
            maxLength={REPORT_REASON_MAX}
            required
            aria-invalid={Boolean(wordsError)}
            aria-describedby={`${id}-words-note`}
            onChange={(event) => setWords(event.target.value)}
            onBlur={() => setTouched(true)}
            className={clsx(inputClass, "resize-y")}
          />
          <div id={`${id}-words-note`} className="flex justify-between gap-2 text-sm">
            {wordsError ? (
              <p role="alert" className="text-red-700">
                {wordsError}
              </p>
            ) : (
              <p className="text-slate-500">{REPORT_MESSAGES.otherTextRequired}</p>
            )}
            <p className="shrink-0 text-slate-500">
              {words.length}/{REPORT_REASON_MAX}
            </p>
          </div>
        </div>
      )}
      {serverError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {serverError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onDone} className={secondaryButtonClass}>
          Cancel
        </button>
        <button type="submit" disabled={!ready} className={primaryButtonClass}>
          {sending ? "Sending…" : "Submit"}
        </button>
      </div>
    </form>
  );
}
