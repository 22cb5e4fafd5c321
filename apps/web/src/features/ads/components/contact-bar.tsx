import { clsx } from "clsx";
import { Link } from "react-router";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { callLink, whatsAppLink } from "~/lib/phone-links";
import type { ContactSeller } from "../hooks/use-contact-seller";
import { REFUSAL_TEXT, VERIFY_PHONE_PATH } from "./phone-number";

const barButton = "min-h-11 min-w-0 flex-1";

/**
 * The phone's contact bar (decision 062): Chat and the seller's phone within a thumb's reach wherever the reader is
 * on the ad page, as Jiji and OLX do, instead of 700 px down in the seller card. It is `sticky` at the end of the
 * page's content, so it floats over the content while there is more of it and comes to rest below the last of it:
 * nothing is ever left under it, the footer included. From lg the seller card sits beside the photos and the bar is
 * not shown. It follows the seller card's rules, through the same `contact`: the owner gets neither. When the number
 * is not for this buyer (issue 27) the bar says why above its buttons, and Chat, or verifying their own phone, takes
 * the phone's place. A sold ad's bar has Chat only (issue 28, decision 076).
 */
export function ContactBar({
  sellerName,
  contact,
  chatOnly = false,
}: {
  sellerName: string;
  contact: ContactSeller;
  chatOnly?: boolean;
}) {
  const { revealPhone, openChat } = contact;
  // Chat only: the phone's states and buttons are not shown.
  const phone = chatOnly ? null : contact.phone;
  return (
    <section
      aria-label={`Contact ${sellerName}`}
      className="sticky bottom-0 z-20 -mx-4 border-t border-slate-200 bg-white/95 px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-2px_8px_rgb(0_0_0/0.06)] backdrop-blur sm:-mx-6 sm:px-6 lg:hidden"
    >
      {phone?.state === "error" && (
        <p className="pb-1 text-center text-sm text-red-700">The phone number could not be loaded.</p>
      )}
      {phone?.state === "refused" && (
        <p className="pb-1 text-center text-sm text-slate-700">{REFUSAL_TEXT[phone.reason]}</p>
      )}
      <div className="flex gap-2">
        <button type="button" onClick={() => openChat()} className={clsx(primaryButtonClass, barButton)}>
          <svg viewBox="0 0 24 24" className="size-5 shrink-0" aria-hidden="true">
            <path d="M4 5h16v11H8l-4 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          </svg>
          Chat
        </button>
        {!phone ? null : phone.state === "shown" ? (
          <>
            <a href={callLink(phone.number)} className={clsx(secondaryButtonClass, barButton)}>
              <PhoneIcon />
              Call
            </a>
            <a
              href={whatsAppLink(phone.number)}
              target="_blank"
              rel="noopener noreferrer"
              className={clsx(secondaryButtonClass, barButton)}
            >
              WhatsApp
            </a>
          </>
        ) : phone.state === "refused" ? (
          phone.reason === "verify-first" && (
            <Link to={VERIFY_PHONE_PATH} className={clsx(secondaryButtonClass, barButton)}>
              Verify my phone
            </Link>
          )
        ) : (
          <button
            type="button"
            onClick={revealPhone}
            disabled={phone.state === "loading"}
            className={clsx(secondaryButtonClass, barButton)}
          >
            <PhoneIcon />
            {phone.state === "loading" ? "Loading…" : phone.state === "error" ? "Try again" : "Show phone"}
          </button>
        )}
      </div>
    </section>
  );
}

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5 shrink-0" aria-hidden="true">
      <path
        d="M6.6 3h3l1.5 4.5-2.2 1.4a11 11 0 0 0 6.2 6.2l1.4-2.2L21 14.4v3A2.6 2.6 0 0 1 18.4 20 15.4 15.4 0 0 1 4 5.6 2.6 2.6 0 0 1 6.6 3z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
