import { describe, expect, it } from "vitest";
import { packages, subscriptions } from "../../db/schema/payments.ts";
import { ratings } from "../../db/schema/reviews.ts";
import { authHeaders, createAd, createUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();

describe("boosted ads and ratings", () => {
  it("has_active_subscription keeps only ads with a running boost, and follows boosts as they change", async () => {
    const seller = await createUser(ctx.db);
    const boosted = await createAd(ctx.db, { user_id: seller.id, title: "Boosted solar panel" });
    const expired = await createAd(ctx.db, { user_id: seller.id, title: "Expired boost panel" });
    const plain = await createAd(ctx.db, { user_id: seller.id, title: "Plain panel" });
    const [pack] = await ctx.db.insert(packages).values({ name: "Premium Package", price: 25, type: "ad" }).returning();
    const boost = (ad_id: number, status: "active" | "canceled", end: number) =>
      ctx.db.insert(subscriptions).values({
        user_id: seller.id,
        ad_id,
        package_id: pack!.id,
        type: "ad",
        status,
        start_date: new Date(Date.now() - 86_400_000),
        end_date: new Date(Date.now() + end),
      });
    await boost(boosted.id, "active", 86_400_000);
    await boost(expired.id, "active", -1000);
    await boost(plain.id, "canceled", 86_400_000);

    const ids = async (filters: object) =>
      (await ctx.app.inject({ method: "POST", url: "/api/ads/get", payload: { user_id: seller.id, ...filters } }))
        .json()
        .data.data.map((ad: { id: number }) => ad.id)
        .sort();
    expect(await ids({ has_active_subscription: true })).toEqual([boosted.id]);
    expect(await ids({ has_active_subscription: "false" })).toEqual([boosted.id, expired.id, plain.id].sort());

    // A new boost shows up without waiting for the list cache to expire.
    await boost(plain.id, "active", 86_400_000);
    await expect.poll(() => ids({ has_active_subscription: "1" })).toEqual([boosted.id, plain.id].sort());
  });

  it("the ad page counts ratings per star, and tells a signed-in viewer their own", async () => {
    const seller = await createUser(ctx.db);
    const ad = await createAd(ctx.db, { user_id: seller.id });
    const raters = await Promise.all([5, 5, 4, 1].map(() => createUser(ctx.db)));
    const [first] = await ctx.db
      .insert(ratings)
      .values(raters.map((rater, index) => ({ user_id: rater.id, ad_id: ad.id, stars: [5, 5, 4, 1][index]! })))
      .returning();

    const visitor = await ctx.app.inject({ method: "GET", url: `/api/ads/id/${ad.id}` });
    expect(visitor.json().data.rating).toEqual({
      counts: { 1: 1, 2: 0, 3: 0, 4: 1, 5: 2 },
      total: 4,
      average: 3.8,
      current_user_rating: null,
      current_user_rating_id: null,
    });
    const headers = await authHeaders(ctx.app, { kind: "user", userId: raters[0]!.id });
    const own = await ctx.app.inject({ method: "GET", url: `/api/ads/id/${ad.id}`, headers });
    expect(own.json().data.rating).toMatchObject({ current_user_rating: 5, current_user_rating_id: first!.id });
  });
});
