import { TRUST_MESSAGES } from "@waterside/shared/trust";
import { Link } from "react-router";
import { secondaryButtonClass } from "~/components/ui/form-field";
import { callLink, whatsAppLink } from "~/lib/phone-links";
import type { ContactSeller, PhoneRefusal } from "../hooks/use-contact-seller";

/** Where a buyer verifies their own number: Settings → Personal Details. */
export const VERIFY_PHONE_PATH = "/profile?tab=details";

export const REFUSAL_TEXT: Record<PhoneRefusal, string> = {
  "verify-first": TRUST_MESSAGES.revealNeedsVerifiedPhone,
  "chat-first": TRUST_MESSAGES.sellerPrefersChat,
  capped: TRUST_MESSAGES.revealsCapped,
  "no-number": TRUST_MESSAGES.noPhoneNumber,
};

/**
 * The seller's number once revealed, with Call and WhatsApp; the way to ask for it until then; and when it is not
 * for this buyer (issue 27), why, and what to do instead: verify their own phone, or chat (the Chat button above).
 */
export function PhoneNumber({ contact }: { contact: ContactSeller }) {
  const { phone, revealPhone } = contact;
  if (phone.state === "shown") {
    return (
      <div className="space-y-2" aria-live="polite">
        <p className="text-lg font-semibold tracking-wide">{phone.number}</p>
        <div className="grid grid-cols-2 gap-2">
          <a href={callLink(phone.number)} className={secondaryButtonClass}>
            Call
          </a>
          <a
            href={whatsAppLink(phone.number)}
            target="_blank"
            rel="noopener noreferrer"
            className={secondaryButtonClass}
          >
            WhatsApp
          </a>
        </div>
      </div>
    );
  }
  if (phone.state === "refused") {
    return (
      <div className="space-y-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" aria-live="polite">
        <p>{REFUSAL_TEXT[phone.reason]}</p>
        {phone.reason === "verify-first" && (
          <Link to={VERIFY_PHONE_PATH} className="font-semibold text-emerald-800 underline">
            Verify my phone number
          </Link>
        )}
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <button
        type="button"
        onClick={revealPhone}
        disabled={phone.state === "loading"}
        className={`${secondaryButtonClass} w-full`}
      >
        {phone.state === "loading" ? "Loading…" : "Show phone number"}
      </button>
      {phone.state === "error" && (
        <p role="alert" className="text-sm text-red-700">
          The phone number could not be loaded. Please try again.
        </p>
      )}
    </div>
  );
}
