import { secondaryButtonClass } from "~/components/ui/form-field";
import { callLink, whatsAppLink } from "~/lib/phone-links";
import type { ContactSeller } from "../hooks/use-contact-seller";

/** The seller's number once asked for, with Call and WhatsApp; the way to ask for it until then. */
export function PhoneNumber({ sellerName, contact }: { sellerName: string; contact: ContactSeller }) {
  const { phone, revealPhone } = contact;
  if (phone.state === "shown") {
    return phone.number ? (
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
    ) : (
      <p className="text-sm text-slate-600" aria-live="polite">
        {sellerName} has not shared a phone number. Use Chat to reach them.
      </p>
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
