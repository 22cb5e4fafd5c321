import { describe, expect, it } from "vitest";
import { packages, subscriptions } from "../../db/schema/payments.ts";
import { authHeaders, createAd, createUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();
const DAY = 86_400_000;

describe("My Ads tells which ads are boosted", () => {
  it("gives each ad its running boost as active_subscription, and null for no boost, an ended or a cancelled one", async () => {
    const seller = await createUser(ctx.db);
    const boosted = await createAd(ctx.db, { user_id: seller.id, title: "Boosted generator" });
    const ended = await createAd(ctx.db, { user_id: seller.id, title: "Ended boost generator" });
    const cancelled = await createAd(ctx.db, { user_id: seller.id, title: "Cancelled boost generator" });
    const plain = await createAd(ctx.db, { user_id: seller.id, title: "Plain generator" });
    const [basic, premium] = await ctx.db
      .insert(packages)
      .values([
        { name: "Basic Boost", price: 5, type: "ad" },
        { name: "Premium Package", price: 25, type: "ad" },
      ])
      .returning();
    const boost = (adId: number, packageId: number, status: "active" | "canceled", endsIn: number, startedAgo = DAY) =>
      ctx.db.insert(subscriptions).values({
        user_id: seller.id,
        ad_id: adId,
        package_id: packageId,
        type: "ad",
        status,
        start_date: new Date(Date.now() - startedAgo),
        end_date: new Date(Date.now() + endsIn),
        created_at: new Date(Date.now() - startedAgo),
      });
    // An upgrade: the newer running boost is the one shown.
    await boost(boosted.id, basic!.id, "active", 20 * DAY, 10 * DAY);
    await boost(boosted.id, premium!.id, "active", 29 * DAY, DAY);
    await boost(ended.id, basic!.id, "active", -1000);
    await boost(cancelled.id, premium!.id, "canceled", 20 * DAY);
    // Another seller's boost is not this seller's.
    const other = await createAd(ctx.db, { user_id: (await createUser(ctx.db)).id });
    await boost(other.id, premium!.id, "active", 20 * DAY);

    const headers = await authHeaders(ctx.app, { kind: "user", userId: seller.id });
    const response = await ctx.app.inject({ method: "GET", url: "/api/ads/mine", headers });
    expect(response.statusCode).toBe(200);
    const items = response.json().data.data as Array<{ id: number; active_subscription: unknown }>;
    const boostOf = (id: number) => items.find((ad) => ad.id === id)?.active_subscription;
    expect(items).toHaveLength(4);
    expect(boostOf(boosted.id)).toEqual({
      id: expect.any(Number),
      status: "active",
      end_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      package: { name: "Premium Package" },
    });
    expect(boostOf(ended.id)).toBeNull();
    expect(boostOf(cancelled.id)).toBeNull();
    expect(boostOf(plain.id)).toBeNull();
  });
});
