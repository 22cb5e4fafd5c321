import { AD_STATUS } from "@waterside/shared/reference-ids";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ads } from "../../db/schema/ads.ts";
import { createAd, createUser, signedInUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();

describe("saved ads", () => {
  it("saves, lists newest first with search, marks is_saved everywhere, and unsaves", async () => {
    const seller = await createUser(ctx.db);
    const first = await createAd(ctx.db, { user_id: seller.id, title: "Honda generator 5kVA", images: 2 });
    const second = await createAd(ctx.db, { user_id: seller.id, title: "Samsung fridge", images: 2 });
    const { headers } = await signedInUser(ctx.app, ctx.db);

    for (const ad of [first, second]) {
      const saved = await ctx.app.inject({ method: "POST", url: "/api/ads/saved", headers, payload: { ad_id: ad.id } });
      expect(saved.statusCode).toBe(201);
      expect(saved.json().message).toBe("Saved!");
    }
    // Saving twice changes nothing.
    await ctx.app.inject({ method: "POST", url: "/api/ads/saved", headers, payload: { ad_id: first.id } });

    const list = await ctx.app.inject({ method: "GET", url: "/api/ads/saved/search", headers });
    expect(list.json().data.data.map((ad: { id: number }) => ad.id)).toEqual([second.id, first.id]);
    expect(list.json().data.data.every((ad: { is_saved: boolean }) => ad.is_saved)).toBe(true);
    const searched = await ctx.app.inject({ method: "GET", url: "/api/ads/saved/search?search=generat", headers });
    expect(searched.json().data.data.map((ad: { id: number }) => ad.id)).toEqual([first.id]);

    const page = await ctx.app.inject({ method: "GET", url: `/api/ads/id/${first.id}`, headers });
    expect(page.json().data.is_saved).toBe(true);
    const visitor = await ctx.app.inject({ method: "GET", url: `/api/ads/id/${first.id}` });
    expect(visitor.json().data.is_saved).toBe(false);
    const listing = await ctx.app.inject({
      method: "POST",
      url: "/api/ads/get",
      headers,
      payload: { user_id: seller.id },
    });
    const marks = Object.fromEntries(
      listing.json().data.data.map((ad: { id: number; is_saved: boolean }) => [ad.id, ad.is_saved]),
    );
    expect(marks).toEqual({ [first.id]: true, [second.id]: true });

    const ids = await ctx.app.inject({ method: "GET", url: "/api/ads/saved/ids", headers });
    expect(ids.json().data).toEqual([second.id, first.id]);

    const undone = await ctx.app.inject({ method: "DELETE", url: `/api/ads/saved/${first.id}`, headers });
    expect(undone.json().message).toBe("Undo Save successfuly!");
    const after = await ctx.app.inject({ method: "GET", url: "/api/ads/saved/search", headers });
    expect(after.json().data.data.map((ad: { id: number }) => ad.id)).toEqual([second.id]);
  });

  it("keeps each user's saved ads to themselves", async () => {
    const seller = await createUser(ctx.db);
    const ad = await createAd(ctx.db, { user_id: seller.id });
    const alice = await signedInUser(ctx.app, ctx.db);
    const bob = await signedInUser(ctx.app, ctx.db);
    await ctx.app.inject({ method: "POST", url: "/api/ads/saved", headers: alice.headers, payload: { ad_id: ad.id } });
    const bobs = await ctx.app.inject({ method: "GET", url: "/api/ads/saved/search", headers: bob.headers });
    expect(bobs.json().data.data).toEqual([]);
    const bobView = await ctx.app.inject({ method: "GET", url: `/api/ads/id/${ad.id}`, headers: bob.headers });
    expect(bobView.json().data.is_saved).toBe(false);
    // Bob removing "his" save of that ad leaves Alice's alone.
    await ctx.app.inject({ method: "DELETE", url: `/api/ads/saved/${ad.id}`, headers: bob.headers });
    const alices = await ctx.app.inject({ method: "GET", url: "/api/ads/saved/search", headers: alice.headers });
    expect(alices.json().data.total).toBe(1);
    expect((await ctx.app.inject({ method: "GET", url: "/api/ads/saved/search" })).statusCode).toBe(401);
  });

  it("cannot save a hidden or unknown ad, and a saved ad that gets hidden drops out", async () => {
    const seller = await createUser(ctx.db);
    const hidden = await createAd(ctx.db, { user_id: seller.id, status_id: AD_STATUS.hidden });
    const { headers } = await signedInUser(ctx.app, ctx.db);
    expect(
      (await ctx.app.inject({ method: "POST", url: "/api/ads/saved", headers, payload: { ad_id: hidden.id } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: "POST", url: "/api/ads/saved", headers, payload: { ad_id: 9_999_999 } }))
        .statusCode,
    ).toBe(404);

    const ad = await createAd(ctx.db, { user_id: seller.id });
    await ctx.app.inject({ method: "POST", url: "/api/ads/saved", headers, payload: { ad_id: ad.id } });
    await ctx.db.update(ads).set({ status_id: AD_STATUS.hidden }).where(eq(ads.id, ad.id));
    const list = await ctx.app.inject({ method: "GET", url: "/api/ads/saved/search", headers });
    expect(list.json().data.total).toBe(0);
  });
});
