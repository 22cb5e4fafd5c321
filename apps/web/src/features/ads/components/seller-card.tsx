import type { TAdDetail } from "@waterside/shared/ads";
import { QUICK_MESSAGES } from "@waterside/shared/chat-messages";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { SellerTrust } from "~/components/trust/seller-trust";
import { primaryButtonClass } from "~/components/ui/form-field";
import { SIGNED_IN_ONLY_ATTRIBUTE } from "~/lib/scriptless";
import { useFormatDate } from "~/lib/format";
import type { ContactSeller } from "../hooks/use-contact-seller";
import { useSellerPresence } from "../hooks/use-seller-presence";
import { PhoneNumber } from "./phone-number";

/**
 * Spec §2 ad page seller: photo, name, online status, type and join date, and what a buyer may trust about them
 * (issue 27: verified phone, how soon and how often they reply, active ads); Chat (a visitor gets the login prompt) and,
 * for signed-in users, the quick messages that open the chat and send at once. Beyond the spec, as Liberian buyers
 * expect: 'Show phone number' with Call and WhatsApp, and a safety tip. The ad's owner sees none of these, nor their
 * own status. `contact` is the page's, shared with the phone's contact bar. `reviews` is what buyers said after deals
 * with them (issue 33), another feature's, handed in by the page.
 */
export function SellerCard({ ad, contact, reviews }: { ad: TAdDetail; contact: ContactSeller; reviews?: ReactNode }) {
  const seller = ad.user;
  const { isOwner, signedIn, openChat } = contact;
  const online = useSellerPresence(seller.id, contact.sessionKnown && !isOwner);
  const formatDate = useFormatDate();

  return (
    <section aria-label="Seller" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-center gap-3">
        <Avatar name={seller.name} url={seller.profile_image_url} className="size-14 text-xl" />
        <div className="min-w-0">
          <Link to={`/profile/${seller.id}`} className="font-semibold hover:text-emerald-700 hover:underline">
            {seller.name}
          </Link>
          {!isOwner && <Presence online={online} />}
          <p className="text-sm text-slate-600">
            {seller.usertype.name} · Member since {formatDate(seller.trust.member_since, "month")}
          </p>
        </div>
      </div>
      <SellerTrust trust={seller.trust} />
      {reviews}
      {!isOwner && (
        <>
          <button type="button" onClick={() => openChat()} className={`${primaryButtonClass} w-full`}>
            <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
              <path d="M4 5h16v11H8l-4 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
            </svg>
            Chat
          </button>
          {/* Rendered hidden while the session is not known (on the server): the page's inline script shows it
              for a stored user, who may tap a quick message before the app runs (decision 106). */}
          {(signedIn || !contact.sessionKnown) && (
            <div
              role="group"
              aria-label="Quick messages"
              hidden={!signedIn}
              {...{ [SIGNED_IN_ONLY_ATTRIBUTE]: "" }}
              className="flex flex-wrap gap-2"
            >
              {QUICK_MESSAGES.map((text) => (
                <button
                  key={text}
                  type="button"
                  onClick={() => openChat(text)}
                  className="rounded-full border border-emerald-700 px-3 py-1.5 text-sm font-medium text-emerald-800 hover:bg-emerald-50"
                >
                  {text}
                </button>
              ))}
            </div>
          )}
          {/* A sold ad keeps Chat (its chats stay open, issue 28) but no longer invites calls (decision 076). */}
          {ad.status_id !== AD_STATUS.sold && <PhoneNumber contact={contact} />}
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <strong className="font-semibold">Safety tip:</strong> Meet in a public place; never pay before you see the
            item.
          </p>
        </>
      )}
    </section>
  );
}

/** A green dot and 'Online', or a grey one and 'Offline'; an empty line of the same height while not known. */
function Presence({ online }: { online: boolean | null }) {
  return (
    <p className="flex h-5 items-center gap-1.5 text-sm">
      {online !== null && (
        <>
          <span
            aria-hidden="true"
            className={clsx("size-2.5 rounded-full", online ? "bg-emerald-500" : "bg-slate-400")}
          />
          <span className={online ? "font-medium text-emerald-800" : "text-slate-600"}>
            {online ? "Online" : "Offline"}
          </span>
        </>
      )}
    </p>
  );
}
