import type { TAdDetail } from "@waterside/shared/ads";
import { useState } from "react";
import { useNavigate } from "react-router";
import { logAdContact } from "~/lib/analytics-log";
import type { ChatNavigationState } from "~/lib/chat-navigation";
import { openLoginPrompt } from "~/lib/login-prompt";
import { useSession } from "~/lib/session";

export type SellerPhone = { state: "hidden" | "loading" | "error" } | { state: "shown"; number: string | null };

/**
 * A quick message as sent (decision 062): the chip's words, then the ad's title, so a seller with many ads, reading
 * "Last Price" in a notification or their chat list, knows which ad it is about. The chip keeps the spec's words.
 */
export const quickMessageText = (chip: string, adTitle: string) => `${chip}: ${adTitle}`;

/**
 * Every way a reader reaches the seller of `ad`, shared by the seller card and the phone's contact bar so both show
 * the same state (a number revealed in one is revealed in the other). Spec §2 and §6: a visitor pressing Chat or the
 * phone gets the login prompt; the number is for signed-in readers only (decision 033), fetched when asked for, and a
 * number revealed is a contact in the ad's analytics (decision 044). The ad's owner is offered none of these.
 */
export function useContactSeller(ad: TAdDetail, getPhone: (userId: number) => Promise<string | null>) {
  const session = useSession();
  const navigate = useNavigate();
  const seller = ad.user;
  const isOwner = session.status === "signed-in" && session.user.id === ad.user_id;
  const signedIn = session.status === "signed-in";
  const [phone, setPhone] = useState<SellerPhone>({ state: "hidden" });

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
      const number = await getPhone(seller.id);
      if (number) logAdContact(ad.id);
      setPhone({ state: "shown", number });
    } catch {
      setPhone({ state: "error" });
    }
  };

  return { isOwner, signedIn, sessionKnown: session.status !== "loading", openChat, phone, revealPhone };
}

export type ContactSeller = ReturnType<typeof useContactSeller>;
