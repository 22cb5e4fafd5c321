import type { TOwnAdListItem } from "@waterside/shared/selling";
import type { Database } from "../../db/database.ts";
import { loadAdListItems } from "../ads/ad-list-items.ts";
import { findActiveAdSubscriptions } from "../payments/latest-subscription.ts";
import { findAdLives } from "./selling.queries.ts";

/**
 * The seller's ads as My Ads lists them, in the order of `adIds`: with their running boost (spec Ad
 * `active_subscription`) and the dates of their life (issue 28).
 */
export async function loadOwnAdItems(db: Database, adIds: number[], mediaBaseUrl: string): Promise<TOwnAdListItem[]> {
  const [listed, boosts, lives] = await Promise.all([
    loadAdListItems(db, adIds, mediaBaseUrl),
    findActiveAdSubscriptions(db, adIds),
    findAdLives(db, adIds),
  ]);
  return listed.map((ad) => {
    const life = lives.get(ad.id)!;
    return {
      ...ad,
      active_subscription: boosts.get(ad.id) ?? null,
      expires_at: life.expires_at.toISOString(),
      sold_at: life.sold_at?.toISOString() ?? null,
    };
  });
}
