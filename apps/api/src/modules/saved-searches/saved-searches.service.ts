import { and, eq, sql } from "drizzle-orm";
import {
  SAVED_SEARCH_LIMIT,
  SAVED_SEARCH_MESSAGES,
  searchPriceWords,
  type TSavedSearch,
  type TSavedSearchCreate,
  type TSavedSearchFilters,
  type TSavedSearchUpdate,
} from "@waterside/shared/saved-searches";
import type { Database, Transaction } from "../../db/database.ts";
import { savedSearches } from "../../db/schema/saved-searches.ts";
import { fieldError, HttpError, notFound } from "../../plugins/errors.ts";
import { matchKeyOf, narrowsSomething } from "./saved-search-filters.ts";
import {
  findCatalogNames,
  findSearchLexemes,
  findUserSearch,
  findUserSearches,
  hasVerifiedPhone,
  type SavedSearchRow,
} from "./saved-searches.queries.ts";
import type { UnsubscribeTokens } from "./unsubscribe-token.ts";

/** The advisory lock class of "one user's saved searches": creates of one user queue behind each other. */
const USER_SEARCHES_LOCK = 29_001;

const toSavedSearch = (row: SavedSearchRow): TSavedSearch => ({
  id: row.id,
  name: row.name,
  filters: row.filters,
  frequency: row.frequency,
  channels: { push: row.push, email: row.email, sms: row.sms },
  created_at: new Date(row.created_at).toISOString(),
  new_count: row.new_count,
  downgraded_at: row.downgraded_at && new Date(row.downgraded_at).toISOString(),
});

/** Saved searches (issue 29 "Contract", decision 080): a buyer's searches, their limits and their seen mark. */
export function createSavedSearchesService({
  db,
  unsubscribeTokens,
}: {
  db: Database;
  unsubscribeTokens: UnsubscribeTokens;
}) {
  /** "Toyota · Cars · under $6,000 · Montserrado": what the search asks, in the catalogue's names. */
  async function nameOf(tx: Transaction, filters: TSavedSearchFilters) {
    const names = await findCatalogNames(tx, filters);
    const values = (filters.attributes ?? []).flatMap((attribute) => {
      if (attribute.values?.length) return [attribute.values.join(" or ")];
      const label = names.attributeNames.get(attribute.id) ?? "";
      if (attribute.min !== undefined && attribute.max !== undefined)
        return [`${label} ${attribute.min}–${attribute.max}`];
      if (attribute.min !== undefined) return [`${label} from ${attribute.min}`];
      return [`${label} up to ${attribute.max}`];
    });
    const parts = [
      filters.search,
      ...values,
      names.subcategory ?? names.category,
      searchPriceWords(filters),
      filters.location,
      filters.verified_sellers ? "verified sellers" : null,
    ].filter((part): part is string => Boolean(part?.trim()));
    const name = parts.join(" · ");
    return name.length > 100 ? `${name.slice(0, 99)}…` : name;
  }

  /** The refusals every write shares: a search narrows something, SMS needs a verified phone. */
  async function checkFilters(tx: Transaction, filters: TSavedSearchFilters) {
    if (!narrowsSomething(filters)) throw fieldError("filters", SAVED_SEARCH_MESSAGES.emptyFilters);
    return matchKeyOf(filters, filters.search ? await findSearchLexemes(tx, filters.search) : null);
  }

  async function checkSms(tx: Transaction, userId: number) {
    if (!(await hasVerifiedPhone(tx, userId)))
      throw fieldError("channels.sms", SAVED_SEARCH_MESSAGES.smsNeedsVerifiedPhone);
  }

  async function found(tx: Transaction | Database, userId: number, id: number) {
    const row = await findUserSearch(tx, userId, id);
    if (!row) throw notFound("Saved search");
    return toSavedSearch(row);
  }

  return {
    async list(userId: number) {
      return (await findUserSearches(db, userId)).map(toSavedSearch);
    },

    /**
     * Saves a search. The user's searches are counted under a per-user advisory lock, so two creates at once cannot
     * both pass the limit.
     */
    async create(userId: number, input: TSavedSearchCreate) {
      return db.transaction(async (tx) => {
        const matchKey = await checkFilters(tx, input.filters);
        if (input.channels.sms) await checkSms(tx, userId);
        await tx.execute(sql`select pg_advisory_xact_lock(${USER_SEARCHES_LOCK}, ${userId})`);
        const [{ count } = { count: 0 }] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(savedSearches)
          .where(eq(savedSearches.user_id, userId));
        if (count >= SAVED_SEARCH_LIMIT) throw fieldError("limit", SAVED_SEARCH_MESSAGES.limit);
        const [row] = await tx
          .insert(savedSearches)
          .values({
            user_id: userId,
            name: input.name || (await nameOf(tx, input.filters)),
            filters: input.filters,
            frequency: input.frequency,
            ...input.channels,
            match_key: matchKey,
          })
          .returning({ id: savedSearches.id });
        return found(tx, userId, row!.id);
      });
    },

    async update(userId: number, id: number, input: TSavedSearchUpdate) {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(savedSearches)
          .where(and(eq(savedSearches.id, id), eq(savedSearches.user_id, userId)))
          .for("update");
        if (!current) throw notFound("Saved search");
        const changes: Partial<typeof savedSearches.$inferInsert> = { updated_at: new Date() };
        if (input.filters) {
          changes.filters = input.filters;
          changes.match_key = await checkFilters(tx, input.filters);
        }
        if (input.channels?.sms && !current.sms) await checkSms(tx, userId);
        Object.assign(changes, input.channels);
        if (input.name) changes.name = input.name;
        if (input.frequency) {
          changes.frequency = input.frequency;
          // Choosing instant again undoes the move to daily; the limit applies again from then on.
          if (input.frequency === "instant") changes.downgraded_at = null;
        }
        await tx.update(savedSearches).set(changes).where(eq(savedSearches.id, id));
        return found(tx, userId, id);
      });
    },

    async remove(userId: number, id: number) {
      const deleted = await db
        .delete(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.user_id, userId)))
        .returning({ id: savedSearches.id });
      if (deleted.length === 0) throw notFound("Saved search");
    },

    /** Opening a search (the web runs it) marks its matches seen: new_count starts again from 0. */
    async markSeen(userId: number, id: number) {
      const updated = await db
        .update(savedSearches)
        .set({ seen_at: sql`now()` })
        .where(and(eq(savedSearches.id, id), eq(savedSearches.user_id, userId)))
        .returning({ id: savedSearches.id });
      if (updated.length === 0) throw notFound("Saved search");
      return found(db, userId, id);
    },

    /** The one-click unsubscribe (RFC 8058): the signed link turns the search's email off, without sign-in. */
    async unsubscribe(token: string) {
      const named = unsubscribeTokens.verify(token);
      if (!named) throw new HttpError(400, SAVED_SEARCH_MESSAGES.unsubscribeInvalid);
      // A search deleted since the mail was sent sends no more mail either: nothing to do.
      await db
        .update(savedSearches)
        .set({ email: false, updated_at: new Date() })
        .where(and(eq(savedSearches.id, named.savedSearchId), eq(savedSearches.user_id, named.userId)));
    },
  };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
