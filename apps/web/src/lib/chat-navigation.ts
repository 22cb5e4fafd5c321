/**
 * Spec §2 `/chat` navigation state: what the ad page hands the chat screen when a buyer opens a seller. The chat is
 * local until its first message creates it (spec §4); `autoMessage` (a quick message) is sent at once.
 */
export interface ChatNavigationState {
  isNewChat: true;
  autoMessage?: string;
  /** The spec's {title, image, id, category}, with the subcategory the ad's address needs. */
  productDetails?: {
    id: number;
    title: string;
    image: string | null;
    price: number;
    category: { id: number; name: string };
    subcategory_id: number;
  };
  sellerData: { id: number; name: string; profile_image: string | null };
}

export function isChatNavigationState(state: unknown): state is ChatNavigationState {
  if (typeof state !== "object" || state === null) return false;
  const { isNewChat, sellerData } = state as Partial<ChatNavigationState>;
  return isNewChat === true && typeof sellerData?.id === "number" && typeof sellerData.name === "string";
}
