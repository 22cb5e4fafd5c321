import { eq, sql } from "drizzle-orm";
import { SAVED_SEARCH_LIMIT, SAVED_SEARCH_MESSAGES, type TSavedSearch } from "@waterside/shared/saved-searches";
import { describe, expect, it } from "vitest";
import { savedSearches } from "../../db/schema/saved-searches.ts";
import { signedInUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";
import { createUnsubscribeTokens } from "./unsubscribe-token.ts";

/** The saved-search contract (issue 29 "Contract"): create, list, edit, delete, seen, its refusals and ownership. */
const ctx = useTestApp();
const CARS = 1;
const VEHICLES = 1;
const channels = { push: true, email: true, sms: false };

const create = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: "POST", url: "/api/saved-searches", headers, payload });

describe("saved searches: the contract", () => {
  it("saves a search, naming it from the filters, and lists it with its new matches", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const filters = { search: "Toyota", subcategory_id: CARS, price_max: 6000, location: "Montserrado" };
    const saved = await create(headers, { filters, frequency: "instant", channels });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().message).toBe(SAVED_SEARCH_MESSAGES.saved);
    const search = saved.json<{ data: TSavedSearch }>().data;
    expect(search).toMatchObject({
      name: "Toyota · Cars · under $6,000 · Montserrado",
      filters,
      frequency: "instant",
      channels,
      new_count: 0,
      downgraded_at: null,
    });
    const [row] = await ctx.db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    // The most narrowing requirement files it: the subcategory and a word.
    expect(row!.match_key).toBe(`s:${CARS}|w:toyota`);

    const named = await create(headers, {
      name: "My car",
      filters: { category_id: VEHICLES, sort_by: "price" },
      frequency: "daily",
      channels,
    });
    expect(named.json().data).toMatchObject({ name: "My car", filters: { category_id: VEHICLES } });
    expect(named.json().data.filters).not.toHaveProperty("sort_by");

    const list = await ctx.app.inject({ method: "GET", url: "/api/saved-searches", headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((s: TSavedSearch) => s.id)).toEqual([named.json().data.id, search.id]);
  });

  it("files each search under the requirement that narrows most", async () => {
    const { user, headers } = await signedInUser(ctx.app, ctx.db);
    for (const filters of [
      { category_id: VEHICLES, location: "Montserrado" },
      { location: "Sinkor, Montserrado County", search: "generator" },
      { location: "Sinkor, Montserrado County" },
      { search: "Honda generator 5kVA" },
      { search: "honda or toyota" },
      { price_max: 100 },
    ]) {
      expect((await create(headers, { filters, frequency: "daily", channels })).statusCode).toBe(201);
    }
    const keys = await ctx.db
      .select({ key: savedSearches.match_key })
      .from(savedSearches)
      .where(eq(savedSearches.user_id, user.id))
      .orderBy(savedSearches.id);
    // The longest word is taken as the rarest; an OR has no word every match holds.
    expect(keys.map((row) => row.key)).toEqual([
      `c:${VEHICLES}|l:montserrado`,
      "w:generator",
      "l:sinkor, montserrado",
      "w:generator",
      "p",
      "p",
    ]);
  });

  it("refuses an empty filter set, bad fields, SMS without a verified phone, and more than the limit", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const empty = await create(headers, {
      filters: { sort_by: "price", attributes: [] },
      frequency: "daily",
      channels,
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ filters: [SAVED_SEARCH_MESSAGES.emptyFilters] });

    const badFrequency = await create(headers, { filters: { search: "tv" }, frequency: "weekly", channels });
    expect(badFrequency.statusCode).toBe(422);
    expect(badFrequency.json().errors.frequency).toEqual([SAVED_SEARCH_MESSAGES.frequencyInvalid]);
    const longName = await create(headers, {
      name: "x".repeat(101),
      filters: { search: "tv" },
      frequency: "daily",
      channels,
    });
    expect(longName.statusCode).toBe(422);
    expect(longName.json().errors.name).toEqual([SAVED_SEARCH_MESSAGES.nameTooLong]);

    const sms = { push: false, email: false, sms: true };
    const noPhone = await create(headers, { filters: { search: "tv" }, frequency: "daily", channels: sms });
    expect(noPhone.statusCode).toBe(422);
    expect(noPhone.json().errors).toEqual({ "channels.sms": [SAVED_SEARCH_MESSAGES.smsNeedsVerifiedPhone] });
    const verified = await signedInUser(ctx.app, ctx.db, { verified_phone_number: `+23177${Date.now() % 10_000_000}` });
    const withPhone = await create(verified.headers, { filters: { search: "tv" }, frequency: "daily", channels: sms });
    expect(withPhone.statusCode).toBe(201);

    // The limit holds when the creates arrive at once.
    const results = await Promise.all(
      Array.from({ length: SAVED_SEARCH_LIMIT + 5 }, (_, i) =>
        create(headers, { filters: { search: `phone ${i}` }, frequency: "daily", channels }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(SAVED_SEARCH_LIMIT);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json().message).toBe(SAVED_SEARCH_MESSAGES.limit);
    const list = await ctx.app.inject({ method: "GET", url: "/api/saved-searches", headers });
    expect(list.json().data).toHaveLength(SAVED_SEARCH_LIMIT);
  });

  it("edits, marks seen and deletes only the owner's searches; others get 404, visitors 401", async () => {
    const owner = await signedInUser(ctx.app, ctx.db);
    const other = await signedInUser(ctx.app, ctx.db);
    const { id } = (
      await create(owner.headers, { filters: { search: "fridge" }, frequency: "instant", channels })
    ).json<{
      data: TSavedSearch;
    }>().data;

    for (const [method, url, payload] of [
      ["PATCH", `/api/saved-searches/${id}`, { name: "Stolen" }],
      ["DELETE", `/api/saved-searches/${id}`, undefined],
      ["POST", `/api/saved-searches/${id}/seen`, undefined],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: other.headers, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect((await ctx.app.inject({ method, url, payload })).statusCode).toBe(401);
    }
    expect((await ctx.app.inject({ method: "GET", url: "/api/saved-searches" })).statusCode).toBe(401);

    const edited = await ctx.app.inject({
      method: "PATCH",
      url: `/api/saved-searches/${id}`,
      headers: owner.headers,
      payload: { name: "Fridges in Bong", filters: { search: "fridge", location: "Bong" }, channels: { email: false } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: SAVED_SEARCH_MESSAGES.updated,
      data: { name: "Fridges in Bong", channels: { push: true, email: false, sms: false } },
    });
    const [row] = await ctx.db.select().from(savedSearches).where(eq(savedSearches.id, id));
    expect(row!.match_key).toBe("w:fridge");
    const emptied = await ctx.app.inject({
      method: "PATCH",
      url: `/api/saved-searches/${id}`,
      headers: owner.headers,
      payload: { filters: {} },
    });
    expect(emptied.statusCode).toBe(422);

    // Opening the search marks what matched so far seen.
    await ctx.db.execute(sql`update saved_searches set seen_at = now() - interval '1 day' where id = ${id}`);
    const seen = await ctx.app.inject({
      method: "POST",
      url: `/api/saved-searches/${id}/seen`,
      headers: owner.headers,
    });
    expect(seen.statusCode).toBe(200);
    const [after] = await ctx.db.select().from(savedSearches).where(eq(savedSearches.id, id));
    expect(Date.now() - after!.seen_at.getTime()).toBeLessThan(60_000);

    const deleted = await ctx.app.inject({
      method: "DELETE",
      url: `/api/saved-searches/${id}`,
      headers: owner.headers,
    });
    expect(deleted.json().message).toBe(SAVED_SEARCH_MESSAGES.deleted);
    expect(
      (await ctx.app.inject({ method: "GET", url: "/api/saved-searches", headers: owner.headers })).json().data,
    ).toEqual([]);
  });

  it("unsubscribes from the mail's signed link without sign-in; a forged or altered token changes nothing", async () => {
    const { user, headers } = await signedInUser(ctx.app, ctx.db);
    const { id } = (await create(headers, { filters: { search: "bicycle" }, frequency: "daily", channels })).json<{
      data: TSavedSearch;
    }>().data;
    const emailOf = async () =>
      (await ctx.db.select({ email: savedSearches.email }).from(savedSearches).where(eq(savedSearches.id, id)))[0]!
        .email;

    const forged = createUnsubscribeTokens("not-the-server-secret".repeat(2)).issue(id, user.id);
    const genuine = createUnsubscribeTokens("t".repeat(40)).issue(id, user.id);
    const altered = genuine.replace(`${id}.`, `${id + 1}.`);
    for (const token of [forged, altered, "nonsense", `${id}.${user.id}.`]) {
      const response = await ctx.app.inject({
        method: "POST",
        url: `/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`,
        payload: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(response.statusCode, token).toBe(400);
      expect(response.json().message).toBe(SAVED_SEARCH_MESSAGES.unsubscribeInvalid);
    }
    expect(await emailOf()).toBe(true);

    // The mail client's one-click POST (RFC 8058).
    const oneClick = await ctx.app.inject({
      method: "POST",
      url: `/api/saved-searches/unsubscribe?token=${genuine}`,
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json().message).toBe(SAVED_SEARCH_MESSAGES.unsubscribed);
    expect(await emailOf()).toBe(false);

    // The link a person opens: a page saying so.
    await ctx.db.update(savedSearches).set({ email: true }).where(eq(savedSearches.id, id));
    const opened = await ctx.app.inject({ method: "GET", url: `/api/saved-searches/unsubscribe?token=${genuine}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers["content-type"]).toContain("text/html");
    expect(opened.body).toContain(SAVED_SEARCH_MESSAGES.unsubscribed);
    expect(await emailOf()).toBe(false);
  });
});
