import type { TAdListItem } from "@waterside/shared/ads";
import { SAVED_SEARCH_MESSAGES, savedSearchPath, type TSavedSearchFilters } from "@waterside/shared/saved-searches";
import type { Database, Transaction } from "../../db/database.ts";
import { loadAdListItems } from "../ads/ad-list-items.ts";
import { notify } from "../notifications/notification-centre.ts";
import {
  findPendingMatches,
  findUserContact,
  lockSearch,
  markNotified,
  moveToDaily,
  type LockedSearch,
  type PendingMatch,
} from "./saved-searches.queries.ts";
import type { UnsubscribeTokens } from "./unsubscribe-token.ts";

/** Ads a digest (or a collapsed instant alert) shows at most, each with a small picture. */
export const DIGEST_ADS = 10;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const money = (amount: number) => `$${amount.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
const adPath = (ad: { id: number; category_id: number; subcategory_id: number }) =>
  `/categories/${ad.category_id}/${ad.subcategory_id}/${ad.id}`;

/**
 * What tells a buyer of new ads for their saved searches (issue 29 "Matching at scale", decision 080): an instant
 * search's matches within the collapse window make one notification, a daily search's make one digest a day, and a
 * search matching too much is moved to daily with its owner told. Each writes the notification (notify) and marks
 * its matches notified in one transaction, under the search's row lock: a retried job or a second process finds the
 * matches notified, or the notification's dedupe key taken, and doubles nothing.
 */
export function createSavedSearchAlerts({
  db,
  mediaBaseUrl,
  publicUrl,
  unsubscribeTokens,
}: {
  db: Database;
  mediaBaseUrl: string;
  publicUrl: string;
  unsubscribeTokens: UnsubscribeTokens;
}) {
  /** The newest pending ads, as lists show them, in the matches' order. */
  async function adsOf(pending: PendingMatch[]) {
    const ids = pending.slice(0, DIGEST_ADS).map((match) => match.ad_id);
    const items = new Map((await loadAdListItems(db, ids, mediaBaseUrl)).map((item) => [item.id, item]));
    return ids.map((id) => items.get(id)).filter((item): item is TAdListItem => item !== undefined);
  }

  function emailOf(search: LockedSearch, heading: string, ads: TAdListItem[], moreUrl: string) {
    const unsubscribeUrl = `${publicUrl}/api/saved-searches/unsubscribe?token=${unsubscribeTokens.issue(search.id, search.user_id)}`;
    const rows = ads.map((ad) => {
      const image = ad.images[0]?.thumbnail_url;
      return `<tr><td style="padding:4px">${image ? `<img src="${escapeHtml(image)}" width="75" height="75" alt="">` : ""}</td>
<td style="padding:4px"><a href="${escapeHtml(publicUrl + adPath(ad))}">${escapeHtml(ad.title)}</a><br>${money(ad.price)} · ${escapeHtml(ad.location)}</td></tr>`;
    });
    const html = `<p>${escapeHtml(heading)}</p><table>${rows.join("\n")}</table>
<p><a href="${escapeHtml(moreUrl)}">See all</a></p>
<p style="font-size:12px"><a href="${escapeHtml(unsubscribeUrl)}">Stop emails for this saved search</a></p>`;
    const text = [
      heading,
      "",
      ...ads.map((ad) => `${ad.title} – ${money(ad.price)} – ${publicUrl}${adPath(ad)}`),
      "",
      `See all: ${moreUrl}`,
      `Stop emails for this saved search: ${unsubscribeUrl}`,
    ].join("\n");
    return { subject: heading, html, text, unsubscribeUrl };
  }

  /** One notification of the search's pending matches; false when none is pending or the key was used. */
  async function notifyPending(tx: Transaction, search: LockedSearch, dedupeKey: (pending: PendingMatch[]) => string) {
    const pending = await findPendingMatches(tx, search.id);
    if (pending.length === 0) return false;
    const newest = pending[0]!;
    const ads = await adsOf(pending);
    const heading =
      pending.length === 1 ? `New ad for “${search.name}”` : `${pending.length} new ads for “${search.name}”`;
    const listing = savedSearchPath(search.filters as TSavedSearchFilters, {
      categoryId: newest.category_id,
      savedSearchId: search.id,
    });
    const url = pending.length === 1 ? adPath({ ...newest, id: newest.ad_id }) : listing;
    const contact = await findUserContact(tx, search.user_id);
    const { created } = await notify(tx, {
      userId: search.user_id,
      type: "saved_search",
      title: heading,
      body: ads[0] ? `${ads[0].title} – ${money(ads[0].price)}` : heading,
      url,
      imageUrl: ads[0]?.images[0]?.thumbnail_url ?? null,
      dedupeKey: dedupeKey(pending),
      channels: { push: search.push, email: search.email && Boolean(contact?.email), sms: search.sms },
      ...(search.email && contact?.email && { email: emailOf(search, heading, ads, publicUrl + listing) }),
      // One push per saved search on a phone: a newer alert replaces the older one.
      pushTag: `saved-search-${search.id}`,
    });
    return created;
  }

  return {
    /**
     * The collapse window of an instant search has passed: every match since its last alert goes into one
     * notification, keyed by its oldest pending match so a replay finds the key taken.
     */
    async deliverInstant(savedSearchId: number) {
      await db.transaction(async (tx) => {
        const search = await lockSearch(tx, savedSearchId);
        // A search moved to daily (or deleted) meanwhile: its matches wait for the digest.
        if (!search || search.frequency !== "instant") return;
        await notifyPending(tx, search, (pending) => {
          const oldest = pending[pending.length - 1]!;
          return `saved_search:${search.id}:${new Date(oldest.matched_at).getTime()}`;
        });
        await markNotified(tx, search.id);
      });
    },

    /** The day's digest of a daily search, once per search and day (`day`: YYYY-MM-DD, Liberia's date). */
    async deliverDigest(savedSearchId: number, day: string) {
      await db.transaction(async (tx) => {
        const search = await lockSearch(tx, savedSearchId);
        if (!search || search.frequency !== "daily") return;
        const created = await notifyPending(tx, search, () => `saved_search_digest:${search.id}:${day}`);
        // A digest already sent today leaves later matches for tomorrow's.
        if (created) await markNotified(tx, search.id);
      });
    },

    /**
     * An instant search matched more than INSTANT_DAILY_MATCH_LIMIT ads today: it becomes daily, and its owner is
     * told, in the matching transaction. Its pending matches go into the next digest.
     */
    async downgrade(tx: Transaction, search: { id: number; user_id: number; name: string }) {
      if (!(await moveToDaily(tx, search.id))) return;
      await notify(tx, {
        userId: search.user_id,
        type: "search_downgraded",
        title: "Saved search moved to daily",
        body: SAVED_SEARCH_MESSAGES.downgraded(search.name),
        // The profile tab that lists saved searches (features/saved-searches on the web).
        url: "/profile?tab=saved-searches",
        dedupeKey: `saved_search_downgraded:${search.id}:${new Date().toISOString().slice(0, 10)}`,
        channels: { push: true, email: false, sms: false },
      });
    },
  };
}

export type SavedSearchAlerts = ReturnType<typeof createSavedSearchAlerts>;
