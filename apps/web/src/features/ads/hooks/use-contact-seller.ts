import type { TAdDetail } from "@waterside/shared/ads";
import { TRUST_MESSAGES } from "@waterside/shared/trust";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "~/lib/api-client";
import type { ChatNavigationState } from "~/lib/chat-navigation";
import { openLoginPrompt } from "~/lib/login-prompt";
import { authedTransport, useSession } from "~/lib/session";
import { revealPhone as fetchPhone } from "../api/reveal-phone";

/**
 * Why the number is not shown (issue 27): the buyer must first verify their own phone, the seller asks for a chat
 * first, the buyer has seen their day's numbers, or the seller has no number. Each is said kindly, with the way on.
 */
export type PhoneRefusal = "verify-first" | "chat-first" | "capped" | "no-number";

export type SellerPhone =
  | { state: "hidden" | "loading" | "error" }
  | { state: "shown"; number: string }
  | { state: "refused"; reason: PhoneRefusal };

/** The API's refusals are the shared messages, so the page can tell them apart and answer each its own way. */
const REFUSALS: Record<string, PhoneRefusal> = {
  [TRUST_MESSAGES.revealNeedsVerifiedPhone]: "verify-first",
  [TRUST_MESSAGES.sellerPrefersChat]: "chat-first",
  [TRUST_MESSAGES.revealsCapped]: "capped",
  [TRUST_MESSAGES.noPhoneNumber]: "no-number",
};

/**
 * A quick message as sent (decision 062): the chip's words, then the ad's title, so a seller with many ads, reading
 * "Last Price" in a notification or their chat list, knows which ad it is about. The chip keeps the spec's words.
 */
export const quickMessageText = (chip: string, adTitle: string) => `${chip}: ${adTitle}`;

/**
 * Every way a reader reaches the seller of `ad`, shared by the seller card and the phone's contact bar so both show
 * the same state (a number revealed in one is revealed in the other). Spec §2 and §6: a visitor pressing Chat or the
 * phone gets the login prompt; the number is revealed through `POST /ads/{id}/phone` (issue 27), which the API allows
 * to a signed-in buyer with a verified phone, a few times a day, when the seller lets buyers see it, and counts as a
 * contact in the ad's Insights itself (decision 072). The ad's owner is offered none of these.
 */
export function useContactSeller(ad: TAdDetail) {
  const session = useSession();
  const navigate = useNavigate();
  const seller = ad.user;
  const isOwner = session.status === "signed-in" && session.user.id === ad.user_id;
  const signedIn = session.status === "signed-in";
  // A seller who asks for a chat first is known from the page itself: no button to press only to be told.
  const [phone, setPhone] = useState<SellerPhone>(
    seller.phone_revealable ? { state: "hidden" } : { state: "refused", reason: "chat-first" },
  );

  const chatState = (autoMessage?: string): ChatNavigationState => ({
    isNewChat: true,
    autoMessage,
    productDetails: {
      id: ad.id,
      title: ad.title,
      image: ad.images[0]?.thumbnail_url ?? null,
      price: ad.price,
      category: ad.subcategory.category,
      subcategory_id: ad.subcategory_id,
    },
    sellerData: { id: seller.id, name: seller.name, profile_image: seller.profile_image_url },
  });

  /** Opens the chat with the seller about this ad; with a quick message's chip, sends it at once. */
  const openChat = (quickMessage?: string) => {
    if (!signedIn) return openLoginPrompt(`Log in to chat with ${seller.name}.`);
    void navigate("/chat", {
      state: chatState(quickMessage === undefined ? undefined : quickMessageText(quickMessage, ad.title)),
    });
  };

  const revealPhone = async () => {
    if (!signedIn) return openLoginPrompt(`Log in to see ${seller.name}'s phone number.`);
    setPhone({ state: "loading" });
    try {
      const { phone_number } = await fetchPhone(authedTransport, ad.id);
      setPhone({ state: "shown", number: phone_number });
    } catch (error) {
      const reason = error instanceof ApiError ? REFUSALS[error.message] : undefined;
      setPhone(reason ? { state: "refused", reason } : { state: "error" });
    }
  };

  return { isOwner, signedIn, sessionKnown: session.status !== "loading", openChat, phone, revealPhone };
}

export type ContactSeller = ReturnType<typeof useContactSeller>;
