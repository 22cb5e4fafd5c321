import type { TAdListItem } from "@waterside/shared/ads";
import { SAVED_SEARCH_MESSAGES, savedSearchPath, type TSavedSearchFilters } from "@waterside/shared/saved-searches";
import type { Database, Transaction } from "../../db/database.ts";
import { loadAdListItems } from "../ads/ad-list-items.ts";
import { notify, notifyAll, type NotifyInput } from "../notifications/notification-centre.ts";
import {
  findPendingMatches,
  findUserEmails,
  lockSearches,
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
  /** The ads by id, as lists show them. */
  async function adsById(ids: number[]) {
    return new Map((await loadAdListItems(db, [...new Set(ids)], mediaBaseUrl)).map((item) => [item.id, item]));
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

  /**
   * One notification per search of its pending matches, for the searches with any, written together: three reads
   * and notifyAll's three writes, however many searches (a popular ad's alerts go out as one batch). Returns the
   * searches whose notification was created (not already there under its key).
   */
  async function notifyPending(
    tx: Transaction,
    searches: LockedSearch[],
    dedupeKey: (search: LockedSearch, pending: PendingMatch[]) => string,
  ) {
    const pendingOf = await findPendingMatches(
      tx,
      searches.map((search) => search.id),
    );
    const due = searches.filter((search) => pendingOf.get(search.id)?.length);
    if (due.length === 0) return new Set<number>();
    const shown = (search: LockedSearch) => pendingOf.get(search.id)!.slice(0, DIGEST_ADS);
    const ads = await adsById(due.flatMap((search) => shown(search).map((match) => match.ad_id)));
    const emails = await findUserEmails(
      tx,
      due.filter((search) => search.email).map((search) => search.user_id),
    );
    const inputs = due.map((search): NotifyInput => {
      const pending = pendingOf.get(search.id)!;
      const newest = pending[0]!;
      const listed = shown(search)
        .map((match) => ads.get(match.ad_id))
        .filter((item): item is TAdListItem => item !== undefined);
      const heading =
        pending.length === 1 ? `New ad for “${search.name}”` : `${pending.length} new ads for “${search.name}”`;
      const listing = savedSearchPath(search.filters as TSavedSearchFilters, {
        categoryId: newest.category_id,
        savedSearchId: search.id,
      });
      const mailTo = search.email ? emails.get(search.user_id) : null;
      return {
        userId: search.user_id,
        type: "saved_search",
        title: heading,
        body: listed[0] ? `${listed[0].title} – ${money(listed[0].price)}` : heading,
        url: pending.length === 1 ? adPath({ ...newest, id: newest.ad_id }) : listing,
        imageUrl: listed[0]?.images[0]?.thumbnail_url ?? null,
        dedupeKey: dedupeKey(search, pending),
        channels: { push: search.push, email: Boolean(mailTo), sms: search.sms },
        ...(mailTo && { email: emailOf(search, heading, listed, publicUrl + listing) }),
        // One push per saved search on a phone: a newer alert replaces the older one.
        pushTag: `saved-search-${search.id}`,
      };
    });
    const results = await notifyAll(tx, inputs);
    return new Set(due.filter((_, index) => results[index]!.created).map((search) => search.id));
  }

  return {
    /**
     * The collapse window of instant searches has passed: for each, every match since its last alert goes into one
     * notification, keyed by its oldest pending match so a replay finds the key taken. All in one transaction.
     */
    async deliverInstant(savedSearchIds: number[]) {
      if (savedSearchIds.length === 0) return;
      await db.transaction(async (tx) => {
        // A search moved to daily (or deleted) meanwhile: its matches wait for the digest.
        const searches = (await lockSearches(tx, savedSearchIds)).filter((search) => search.frequency === "instant");
        await notifyPending(tx, searches, (search, pending) => {
          const oldest = pending[pending.length - 1]!;
          return `saved_search:${search.id}:${new Date(oldest.matched_at).getTime()}`;
        });
        await markNotified(
          tx,
          searches.map((search) => search.id),
        );
      });
    },

    /** The day's digest of a daily search, once per search and day (`day`: YYYY-MM-DD, Liberia's date). */
    async deliverDigest(savedSearchId: number, day: string) {
      await db.transaction(async (tx) => {
        const [search] = await lockSearches(tx, [savedSearchId]);
        if (!search || search.frequency !== "daily") return;
        const created = await notifyPending(tx, [search], () => `saved_search_digest:${search.id}:${day}`);
        // A digest already sent today leaves later matches for tomorrow's.
        if (created.has(search.id)) await markNotified(tx, [search.id]);
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
