import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { admins } from "../../db/schema/admin-auth.ts";
import { adImages, ads } from "../../db/schema/ads.ts";
import { subcategories } from "../../db/schema/catalog.ts";
import { savedAds } from "../../db/schema/saved-ads.ts";
import { users } from "../../db/schema/users.ts";
import { ensureAdmin } from "../admin-auth/create-admin.ts";
import { authHeaders, createAd, createUser, signedInUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();

/** Each test lists its own subcategory, so one test's writes never touch another's cached page. */
const listing = (subcategoryId: number) => ({ subcategory_id: subcategoryId, sort_combined: "created_at|desc" });

const get = (body: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "POST", url: "/api/ads/get", payload: body, headers });

const titlesOf = (response: LightMyRequestResponse) =>
  response.json<{ data: { data: Array<{ title: string }> } }>().data.data.map((ad) => ad.title);
const savedOf = (response: LightMyRequestResponse) =>
  Object.fromEntries(
    response
      .json<{ data: { data: Array<{ title: string; is_saved: boolean }> } }>()
      .data.data.map((ad) => [ad.title, ad.is_saved]),
  );

let sellerId: number;
beforeAll(async () => {
  sellerId = (await createUser(ctx.db, { name: "Kollie" })).id;
});

describe("cached pages of POST /api/ads/get (decision 055)", () => {
  it("repeats the same bytes and ETag, answers a matching If-None-Match with an empty 304, and a change with 200", async () => {
    await createAd(ctx.db, { user_id: sellerId, subcategory_id: 8, title: "Tecno Spark 10" });
    const first = await get(listing(8));
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(listing(8));
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);

    const unchanged = await get(listing(8), { "if-none-match": etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe("");
    // Another page's ETag, or none, is answered in full.
    expect((await get({ ...listing(8), page: 2 }, { "if-none-match": etag })).statusCode).toBe(200);

    await createAd(ctx.db, { user_id: sellerId, subcategory_id: 8, title: "Itel A70" });
    await expect.poll(async () => titlesOf(await get(listing(8)))).toEqual(["Itel A70", "Tecno Spark 10"]);
    const changed = await get(listing(8), { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("sends a phone the page compressed as it asks, the same page as uncompressed, and refuses bad bytes every time", async () => {
    for (const title of ["Oraimo power bank 20000mAh", "Anker charger 20W", "Tecno earbuds"]) {
      await createAd(ctx.db, { user_id: sellerId, subcategory_id: 10, title });
    }
    const plain = await get(listing(10));
    const brotli = await get(listing(10), { "accept-encoding": "gzip, deflate, br" });
    const gzip = await get(listing(10), { "accept-encoding": "gzip" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(brotli.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(Number(brotli.headers["content-length"])).toBeLessThan(plain.body.length);
    expect(brotli.headers.etag).toBe(plain.headers.etag);

    // A reader's own marks are compressed too: the bytes are their page, not the one everyone shares.
    const reader = await signedInUser(ctx.app, ctx.db, { name: "Comfort" });
    const [ad] = await ctx.db.select({ id: ads.id }).from(ads).where(eq(ads.title, "Anker charger 20W"));
    await ctx.db.insert(savedAds).values({ user_id: reader.user.id, ad_id: ad!.id });
    const marked = await get(listing(10), { ...reader.headers, "accept-encoding": "gzip" });
    expect(marked.headers["content-encoding"]).toBe("gzip");
    const markedPage = JSON.parse(gunzipSync(marked.rawPayload).toString()) as {
      data: { data: Array<{ title: string; is_saved: boolean }> };
    };
    expect(markedPage.data.data.map((item) => [item.title, item.is_saved])).toEqual([
      ["Tecno earbuds", false],
      ["Anker charger 20W", true],
      ["Oraimo power bank 20000mAh", false],
    ]);

    // Bytes never answered before are validated, however often they are sent.
    for (let attempt = 0; attempt < 2; attempt++) {
      const bad = await ctx.app.inject({
        method: "POST",
        url: "/api/ads/get",
        headers: { "content-type": "application/json" },
        payload: '{"subcategory_id":"ten"}',
      });
      expect(bad.statusCode).toBe(422);
    }
  });

  it("shows each signed-in reader their own saved marks on the page everyone shares", async () => {
    const phone = await createAd(ctx.db, { user_id: sellerId, subcategory_id: 9, title: "Samsung Tab A8" });
    const tablet = await createAd(ctx.db, { user_id: sellerId, subcategory_id: 9, title: "iPad 9th generation" });
    const fatu = await signedInUser(ctx.app, ctx.db, { name: "Fatu" });
    const joseph = await signedInUser(ctx.app, ctx.db, { name: "Joseph" });
    await ctx.db.insert(savedAds).values([
      { user_id: fatu.user.id, ad_id: phone.id },
      { user_id: joseph.user.id, ad_id: tablet.id },
    ]);

    const visitor = await get(listing(9));
    const forFatu = await get(listing(9), fatu.headers);
    const forJoseph = await get(listing(9), joseph.headers);
    expect(savedOf(visitor)).toEqual({ "Samsung Tab A8": false, "iPad 9th generation": false });
    expect(savedOf(forFatu)).toEqual({ "Samsung Tab A8": true, "iPad 9th generation": false });
    expect(savedOf(forJoseph)).toEqual({ "Samsung Tab A8": false, "iPad 9th generation": true });
    // Apart from the marks, the same page.
    expect(forFatu.body.replace('"is_saved":true', '"is_saved":false')).toBe(visitor.body);

    // One reader's ETag never answers for another's marks, nor for the page without them.
    const etags = [visitor, forFatu, forJoseph].map((response) => response.headers.etag as string);
    expect(new Set(etags).size).toBe(3);
    expect((await get(listing(9), { ...joseph.headers, "if-none-match": etags[1]! })).statusCode).toBe(200);
    expect((await get(listing(9), { "if-none-match": etags[1]! })).statusCode).toBe(200);
    expect((await get(listing(9), { ...fatu.headers, "if-none-match": etags[1]! })).statusCode).toBe(304);

    // A new save shows at once, though the page itself is still the cached one (and the reader's saved ids were kept
    // since the first read: the save drops them, decision 098).
    const saved = await ctx.app.inject({
      method: "POST",
      url: "/api/ads/saved",
      headers: fatu.headers,
      payload: { ad_id: tablet.id },
    });
    expect(saved.statusCode).toBe(201);
    expect(savedOf(await get(listing(9), fatu.headers))).toEqual({
      "Samsung Tab A8": true,
      "iPad 9th generation": true,
    });
  });

  describe("never shows an ad after a write that takes it off the page", () => {
    const adIn = async (subcategoryId: number, title: string) => {
      const ad = await createAd(ctx.db, { user_id: sellerId, subcategory_id: subcategoryId, title });
      await createAd(ctx.db, { user_id: sellerId, subcategory_id: subcategoryId, title: `Beside ${title}` });
      await expect.poll(async () => titlesOf(await get(listing(subcategoryId)))).toContain(title);
      return ad;
    };

    it("hidden", async () => {
      const ad = await adIn(11, "Hisense TV 43 inch");
      await ctx.db.update(ads).set({ status_id: AD_STATUS.hidden }).where(eq(ads.id, ad.id));
      await expect.poll(async () => titlesOf(await get(listing(11)))).toEqual(["Beside Hisense TV 43 inch"]);
    });

    it("deleted", async () => {
      const ad = await adIn(12, "Dell Latitude 5490");
      await ctx.db.delete(ads).where(eq(ads.id, ad.id));
      await expect.poll(async () => titlesOf(await get(listing(12)))).toEqual(["Beside Dell Latitude 5490"]);
    });

    it("edited", async () => {
      const ad = await adIn(13, "Binatone fan");
      await ctx.db.update(ads).set({ title: "Binatone standing fan" }).where(eq(ads.id, ad.id));
      await expect.poll(async () => titlesOf(await get(listing(13)))).not.toContain("Binatone fan");
      expect(titlesOf(await get(listing(13)))).toContain("Binatone standing fan");
    });

    it("its subcategory switched off", async () => {
      await adIn(14, "Thermocool fridge");
      await ctx.db.update(subcategories).set({ active: false }).where(eq(subcategories.id, 14));
      await expect.poll(async () => titlesOf(await get(listing(14)))).toEqual([]);
      await ctx.db.update(subcategories).set({ active: true }).where(eq(subcategories.id, 14));
    });

    it("its seller banned by an admin", async () => {
      const seller = await createUser(ctx.db, { name: "Banned Seller" });
      await createAd(ctx.db, { user_id: seller.id, subcategory_id: 15, title: "Generator 5 kVA" });
      await expect.poll(async () => titlesOf(await get(listing(15)))).toEqual(["Generator 5 kVA"]);
      await ensureAdmin(ctx.db, { email: "admin@ad-page-cache.test", password: "admin-password", name: "Admin" });
      const [admin] = await ctx.db.select().from(admins);
      const ban = await ctx.app.inject({
        method: "PATCH",
        url: `/api/admin/users/${seller.id}/status`,
        payload: { status_id: 2 },
        headers: await authHeaders(ctx.app, { kind: "admin", adminId: admin!.id }),
      });
      expect(ban.statusCode, ban.body).toBe(200);
      await expect.poll(async () => titlesOf(await get(listing(15)))).toEqual([]);
    });

    it("moved to another subcategory: it leaves the first one's page and joins the other's", async () => {
      const ad = await adIn(16, "Luminous inverter 1.5 kVA");
      expect(titlesOf(await get(listing(17)))).toEqual([]);
      await ctx.db.update(ads).set({ subcategory_id: 17 }).where(eq(ads.id, ad.id));
      await expect.poll(async () => titlesOf(await get(listing(16)))).toEqual(["Beside Luminous inverter 1.5 kVA"]);
      await expect.poll(async () => titlesOf(await get(listing(17)))).toEqual(["Luminous inverter 1.5 kVA"]);
    });

    it("hidden, on its category's page and in search results", async () => {
      const ad = await adIn(18, "APC stabilizer 2000VA");
      const category = { category_id: 5, sort_combined: "created_at|desc" };
      const search = { search: "stabilizer" };
      expect(titlesOf(await get(category))).toContain("APC stabilizer 2000VA");
      expect(titlesOf(await get(search))).toContain("APC stabilizer 2000VA");
      await ctx.db.update(ads).set({ status_id: AD_STATUS.hidden }).where(eq(ads.id, ad.id));
      await expect.poll(async () => titlesOf(await get(category))).not.toContain("APC stabilizer 2000VA");
      await expect.poll(async () => titlesOf(await get(search))).not.toContain("APC stabilizer 2000VA");
    });
  });

  describe("shows what changed about an ad still on the page", () => {
    const itemsOf = (response: LightMyRequestResponse) =>
      response.json<{ data: { data: Array<{ title: string; images: unknown[]; user: { name: string } }> } }>().data
        .data;

    it("its photos removed", async () => {
      const ad = await createAd(ctx.db, { user_id: sellerId, subcategory_id: 19, title: "2-bedroom flat", images: 2 });
      expect(itemsOf(await get(listing(19)))[0]!.images).toHaveLength(1);
      await ctx.db.delete(adImages).where(eq(adImages.ad_id, ad.id));
      await expect.poll(async () => itemsOf(await get(listing(19)))[0]!.images).toEqual([]);
    });

    it("its seller's new name", async () => {
      const seller = await createUser(ctx.db, { name: "Musu Kamara" });
      await createAd(ctx.db, { user_id: seller.id, subcategory_id: 20, title: "Room in Paynesville" });
      expect(itemsOf(await get(listing(20)))[0]!.user.name).toBe("Musu Kamara");
      await ctx.db.update(users).set({ name: "Musu K. Dolo" }).where(eq(users.id, seller.id));
      await expect.poll(async () => itemsOf(await get(listing(20)))[0]!.user.name).toBe("Musu K. Dolo");
    });
  });

  it("keeps a page when a write concerns only other subcategories (decision 056)", async () => {
    const kept = await createAd(ctx.db, { user_id: sellerId, subcategory_id: 1, title: "Toyota Corolla 2010" });
    const written = await createAd(ctx.db, { user_id: sellerId, subcategory_id: 2, title: "Toyota RAV4 2008" });
    expect(titlesOf(await get(listing(1)))).toEqual(["Toyota Corolla 2010"]);
    expect(titlesOf(await get(listing(2)))).toEqual(["Toyota RAV4 2008"]);
    // A rename nobody announces (triggers off for this transaction): only a dropped page can show it.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(ads).set({ title: "Toyota Corolla 2010, silent" }).where(eq(ads.id, kept.id));
    });
    // An announced write to subcategory 2 (same category, same seller) refreshes subcategory 2's page only.
    await ctx.db.update(ads).set({ title: "Toyota RAV4 2008, new tyres" }).where(eq(ads.id, written.id));
    await expect.poll(async () => titlesOf(await get(listing(2)))).toEqual(["Toyota RAV4 2008, new tyres"]);
    expect(titlesOf(await get(listing(1)))).toEqual(["Toyota Corolla 2010"]);
    // A write that concerns subcategory 1 does drop its page.
    await ctx.db.update(ads).set({ price: 5600 }).where(eq(ads.id, kept.id));
    await expect.poll(async () => titlesOf(await get(listing(1)))).toEqual(["Toyota Corolla 2010, silent"]);
  });

  describe("a word search (decision 056)", () => {
    it("is kept by writes to ads without its words, and dropped by writes to ads with them", async () => {
      const found = await createAd(ctx.db, { user_id: sellerId, subcategory_id: 3, title: "Kiagbeni truck 10 tonne" });
      const other = await createAd(ctx.db, { user_id: sellerId, subcategory_id: 3, title: "Mack lorry" });
      const search = { search: "kiagbeni" };
      expect(titlesOf(await get(search))).toEqual(["Kiagbeni truck 10 tonne"]);
      // Hidden without an announcement (triggers off for this transaction): only a dropped page can show it.
      await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.update(ads).set({ status_id: AD_STATUS.hidden }).where(eq(ads.id, found.id));
      });
      // Same subcategory, same seller, other words: the search's page stays.
      await ctx.db.update(ads).set({ title: "Mack lorry 2004" }).where(eq(ads.id, other.id));
      await expect.poll(async () => titlesOf(await get(listing(3)))).toEqual(["Mack lorry 2004"]);
      expect(titlesOf(await get(search))).toEqual(["Kiagbeni truck 10 tonne"]);
      // An edit giving an ad the word brings it in, and drops the stale page with it.
      await ctx.db.update(ads).set({ title: "Mack lorry 2004, Kiagbeni body" }).where(eq(ads.id, other.id));
      await expect.poll(async () => titlesOf(await get(search))).toEqual(["Mack lorry 2004, Kiagbeni body"]);
      // An edit taking the word away takes the ad out.
      await ctx.db.update(ads).set({ title: "Mack lorry 2004" }).where(eq(ads.id, other.id));
      await expect.poll(async () => titlesOf(await get(search))).toEqual([]);
    });

    it("within a price range follows posts, price changes and hides, from the index patched with those ads", async () => {
      const titles = ["Gbarnga cassava 50kg", "Gbarnga cassava 25kg", "Gbarnga cassava 10kg"];
      const [big, , small] = await Promise.all(
        titles.map((title, index) =>
          createAd(ctx.db, { user_id: sellerId, subcategory_id: 6, title, price: 1000 * (3 - index) }),
        ),
      );
      const affordable = { search: "cassava", price_max: 2500 };
      const totalOf = async () => (await get(affordable)).json<{ data: { total: number } }>().data.total;
      expect(titlesOf(await get(affordable)).sort()).toEqual(["Gbarnga cassava 10kg", "Gbarnga cassava 25kg"]);
      await createAd(ctx.db, { user_id: sellerId, subcategory_id: 6, title: "Gbarnga cassava 5kg", price: 500 });
      await expect.poll(totalOf).toBe(3);
      await ctx.db.update(ads).set({ price: 2000 }).where(eq(ads.id, big!.id));
      await expect.poll(totalOf).toBe(4);
      await ctx.db.update(ads).set({ status_id: AD_STATUS.hidden }).where(eq(ads.id, small!.id));
      await expect
        .poll(async () => titlesOf(await get(affordable)).sort())
        .toEqual(["Gbarnga cassava 25kg", "Gbarnga cassava 50kg", "Gbarnga cassava 5kg"]);
    });

    it("of misspelt words follows a write to an ad it shows, though the ad lacks the misspelling", async () => {
      const ad = await createAd(ctx.db, { user_id: sellerId, subcategory_id: 4, title: "Zwedru radiator" });
      const misspelt = { search: "zwedrou radiatr" };
      await expect.poll(async () => titlesOf(await get(misspelt))).toContain("Zwedru radiator");
      await ctx.db.update(ads).set({ status_id: AD_STATUS.hidden }).where(eq(ads.id, ad.id));
      await expect.poll(async () => titlesOf(await get(misspelt))).not.toContain("Zwedru radiator");
    });

    it("excluding a word follows any new ad, which it finds by what the ad lacks", async () => {
      const excluding = { search: "-kiagbeni", sort_combined: "created_at|desc" };
      await get(excluding);
      await createAd(ctx.db, { user_id: sellerId, subcategory_id: 5, title: "Haojue motorbike 2023" });
      await expect.poll(async () => titlesOf(await get(excluding))[0]).toBe("Haojue motorbike 2023");
    });
  });
});
