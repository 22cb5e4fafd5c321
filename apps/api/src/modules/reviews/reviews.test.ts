import { AD_STATUS } from "@waterside/shared/reference-ids";
import { REVIEW_MESSAGES } from "@waterside/shared/reviews-messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { admins } from "../../db/schema/admin-auth.ts";
import { ads } from "../../db/schema/ads.ts";
import { ensureAdmin } from "../admin-auth/create-admin.ts";
import { authHeaders, createAd, signedInUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload: object) =>
  ctx.app.inject({ method: "POST", url: `/api${url}`, headers, payload });
const patch = (url: string, headers: Headers, payload: object) =>
  ctx.app.inject({ method: "PATCH", url: `/api${url}`, headers, payload });
const get = (url: string, headers: Headers = {}) => ctx.app.inject({ method: "GET", url: `/api${url}`, headers });
const del = (url: string, headers: Headers) => ctx.app.inject({ method: "DELETE", url: `/api${url}`, headers });

async function adWithSeller() {
  const seller = await signedInUser(ctx.app, ctx.db);
  const ad = await createAd(ctx.db, { user_id: seller.user.id });
  return { seller, ad };
}

describe("ratings", () => {
  it("rates 1 to 5, a second POST updates, PATCH changes one's own, and the ad's block follows at once", async () => {
    const { seller, ad } = await adWithSeller();
    const buyer = await signedInUser(ctx.app, ctx.db);

    for (const stars of [0, 6, 2.5, "x"]) {
      const refused = await post("/ratings", buyer.headers, { ad_id: ad.id, stars });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.stars).toEqual([REVIEW_MESSAGES.starsRange]);
    }
    const own = await post("/ratings", seller.headers, { ad_id: ad.id, stars: 5 });
    expect(own.statusCode).toBe(422);
    expect(own.json().errors.ad_id).toEqual([REVIEW_MESSAGES.ownAdRating]);
    expect((await post("/ratings", {}, { ad_id: ad.id, stars: 4 })).statusCode).toBe(401);

    const created = await post("/ratings", buyer.headers, { ad_id: ad.id, stars: 4 });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe("Rating added successfully!");
    const { id, rating } = created.json().data;
    expect(rating).toMatchObject({ total: 1, average: 4, current_user_rating: 4, current_user_rating_id: id });

    const again = await post("/ratings", buyer.headers, { ad_id: ad.id, stars: 2 });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id, stars: 2, rating: { total: 1, counts: { 2: 1, 4: 0 } } });

    const changed = await patch(`/ratings/${id}`, buyer.headers, { rating_id: id, stars: 5 });
    expect(changed.json()).toMatchObject({ message: "Rating updated successfully!", data: { rating: { average: 5 } } });
    const other = await signedInUser(ctx.app, ctx.db);
    expect((await patch(`/ratings/${id}`, other.headers, { stars: 1 })).statusCode).toBe(404);

    // The ad page, rendered for everyone, asks for the viewer's own rating separately.
    expect((await get(`/ratings/ad/${ad.id}`, buyer.headers)).json().data.current_user_rating).toBe(5);
    expect((await get(`/ratings/ad/${ad.id}`)).json().data).toMatchObject({ current_user_rating: null, total: 1 });
    expect((await get(`/ads/id/${ad.id}`, buyer.headers)).json().data.rating.current_user_rating).toBe(5);
  });

  it("sums a seller's stars over their active ads", async () => {
    const { seller, ad } = await adWithSeller();
    const second = await createAd(ctx.db, { user_id: seller.user.id });
    const hidden = await createAd(ctx.db, { user_id: seller.user.id, status_id: AD_STATUS.hidden });
    const buyers = await Promise.all([1, 2, 3].map(() => signedInUser(ctx.app, ctx.db)));
    await post("/ratings", buyers[0]!.headers, { ad_id: ad.id, stars: 5 });
    await post("/ratings", buyers[1]!.headers, { ad_id: second.id, stars: 4 });
    expect((await post("/ratings", buyers[2]!.headers, { ad_id: hidden.id, stars: 1 })).statusCode).toBe(404);
    const summary = await get(`/ratings/user/${seller.user.id}`);
    expect(summary.json().data).toEqual({ counts: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 }, total: 2, average: 4.5 });
  });
});

describe("reviews and replies", () => {
  it("writes, pages, edits (Edited), tags the owner, and only the author changes or deletes", async () => {
    const { seller, ad } = await adWithSeller();
    const buyer = await signedInUser(ctx.app, ctx.db, { name: "Musu Kollie" });

    for (const content of ["", "   "]) {
      const blank = await post("/reviews", buyer.headers, { ad_id: ad.id, content });
      expect(blank.statusCode).toBe(422);
      expect(blank.json().errors.content).toEqual(["Content cannot be empty"]);
    }
    const long = await post("/reviews", buyer.headers, { ad_id: ad.id, content: "a".repeat(201) });
    expect(long.json().errors.content).toEqual([REVIEW_MESSAGES.reviewTooLong]);
    expect((await post("/reviews", buyer.headers, { ad_id: ad.id, content: "a".repeat(200) })).statusCode).toBe(201);
    expect((await post("/reviews", {}, { ad_id: ad.id, content: "Nice" })).statusCode).toBe(401);

    const written = await post("/reviews", buyer.headers, { ad_id: ad.id, content: "  Good phone, fast seller  " });
    expect(written.statusCode).toBe(201);
    const review = written.json().data;
    expect(review).toMatchObject({
      content: "Good phone, fast seller",
      user_id: buyer.user.id,
      user: { id: buyer.user.id, name: "Musu Kollie" },
      ad_id: ad.id,
      likes_count: 0,
      is_liked: false,
      replies_count: 0,
      replies: [],
      edited: false,
      is_owned: true,
      is_ad_owner: false,
    });
    const byOwner = (await post("/reviews", seller.headers, { ad_id: ad.id, content: "Thanks all" })).json().data;
    expect(byOwner.is_ad_owner).toBe(true);

    // Two a page by default (spec §4), newest first, with current_page and next_page_url.
    const first = (await get(`/reviews/ad/${ad.id}`)).json().data;
    expect(first.data.map((r: { id: number }) => r.id)).toEqual([byOwner.id, review.id]);
    expect(first).toMatchObject({ current_page: 1, total: 3, next_page_url: `/api/reviews/ad/${ad.id}?page=2` });
    expect(first.data[1].is_owned).toBe(false);
    const second = (await get(first.next_page_url.replace(/^\/api/, ""))).json().data;
    expect(second).toMatchObject({ current_page: 2, next_page_url: null });
    expect(second.data).toHaveLength(1);

    const edited = await patch(`/reviews/${review.id}`, buyer.headers, { review_id: review.id, content: "Good phone" });
    expect(edited.json().data).toMatchObject({ content: "Good phone", edited: true });
    const blankEdit = await patch(`/reviews/${review.id}`, buyer.headers, { content: " " });
    expect(blankEdit.json().errors.content).toEqual(["Content cannot be empty"]);
    expect((await patch(`/reviews/${review.id}`, seller.headers, { content: "Mine now" })).statusCode).toBe(403);
    expect((await del(`/reviews/${review.id}`, seller.headers)).statusCode).toBe(403);

    // An admin moderates in the admin area; an admin token writes no review (spec §6).
    await ensureAdmin(ctx.db, { email: "admin@reviews.test", password: "admin-password", name: "Admin" });
    const [admin] = await ctx.db.select().from(admins).where(eq(admins.email, "admin@reviews.test"));
    const adminHeaders = await authHeaders(ctx.app, { kind: "admin", adminId: admin!.id });
    expect((await post("/reviews", adminHeaders, { ad_id: ad.id, content: "Admin" })).statusCode).toBe(403);
    expect((await patch(`/reviews/${review.id}`, adminHeaders, { content: "Admin" })).statusCode).toBe(403);
    expect((await post("/replies", adminHeaders, { review_id: review.id, content: "Admin" })).statusCode).toBe(403);
  });

  it("replies page by 5, keep replies_count exact, and deleting a review removes its replies and likes", async () => {
    const { seller, ad } = await adWithSeller();
    const buyer = await signedInUser(ctx.app, ctx.db);
    const review = (await post("/reviews", buyer.headers, { ad_id: ad.id, content: "Is it new?" })).json().data;

    expect(
      (await post("/replies", seller.headers, { review_id: review.id, content: "" })).json().errors.content,
    ).toEqual(["Content cannot be empty"]);
    const replies = [];
    for (let index = 1; index <= 7; index += 1) {
      const author = index % 2 ? seller : buyer;
      const reply = await post("/replies", author.headers, { review_id: review.id, content: `Reply ${index}` });
      expect(reply.statusCode).toBe(201);
      replies.push(reply.json().data);
    }
    expect(replies[0]).toMatchObject({ is_ad_owner: true, is_owned: true, review_id: review.id });
    expect(replies[1]).toMatchObject({ is_ad_owner: false });

    const listed = (await get(`/reviews/ad/${ad.id}`, buyer.headers)).json().data.data[0];
    expect(listed.replies_count).toBe(7);
    expect(listed.replies.map((r: { content: string }) => r.content)).toEqual([1, 2, 3, 4, 5].map((n) => `Reply ${n}`));
    expect(listed.replies[1].is_owned).toBe(true);
    const page2 = (await get(`/replies/review/${review.id}?page=2`)).json().data;
    expect(page2.data.map((r: { content: string }) => r.content)).toEqual(["Reply 6", "Reply 7"]);
    expect(page2).toMatchObject({ per_page: 5, total: 7, next_page_url: null });

    const editedReply = await patch(`/replies/${replies[0].id}`, seller.headers, { content: "Yes, brand new" });
    expect(editedReply.json().data).toMatchObject({ edited: true, content: "Yes, brand new" });
    expect((await patch(`/replies/${replies[0].id}`, buyer.headers, { content: "No" })).statusCode).toBe(403);
    expect((await del(`/replies/${replies[0].id}`, buyer.headers)).statusCode).toBe(403);
    expect((await del(`/replies/${replies[0].id}`, seller.headers)).statusCode).toBe(200);
    expect((await get(`/reviews/ad/${ad.id}`)).json().data.data[0].replies_count).toBe(6);

    await post(`/replies/${replies[1].id}/like`, seller.headers, {});
    await post(`/reviews/${review.id}/like`, seller.headers, {});
    expect((await del(`/reviews/${review.id}`, buyer.headers)).json().message).toBe(REVIEW_MESSAGES.reviewDeleted);
    const left = await ctx.sql`select
      (select count(*)::int from replies where review_id = ${review.id}) as replies,
      (select count(*)::int from reply_likes) + (select count(*)::int from review_likes where review_id = ${review.id}) as likes`;
    expect(left[0]).toEqual({ replies: 0, likes: 0 });
    expect((await get(`/replies/review/${review.id}`)).statusCode).toBe(404);
  });

  it("likes toggle and stay exact under concurrent taps, for reviews and replies", async () => {
    const { seller, ad } = await adWithSeller();
    const review = (await post("/reviews", seller.headers, { ad_id: ad.id, content: "Ask me anything" })).json().data;
    const reply = (await post("/replies", seller.headers, { review_id: review.id, content: "Open daily" })).json().data;
    const fans = await Promise.all(Array.from({ length: 20 }, () => signedInUser(ctx.app, ctx.db)));

    for (const url of [`/reviews/${review.id}/like`, `/replies/${reply.id}/like`]) {
      const liked = await Promise.all(fans.map((fan) => post(url, fan.headers, {})));
      expect(liked.every((response) => response.json().data.is_liked)).toBe(true);
      // One person tapping fast: each tap flips, and the counter always equals the like rows.
      await Promise.all(Array.from({ length: 9 }, () => post(url, fans[0]!.headers, {})));
      await Promise.all(fans.slice(1, 11).map((fan) => post(url, fan.headers, {})));
    }
    const [counts] = await ctx.sql`select
      (select likes_count from reviews where id = ${review.id}) as review_count,
      (select count(*)::int from review_likes where review_id = ${review.id}) as review_rows,
      (select likes_count from replies where id = ${reply.id}) as reply_count,
      (select count(*)::int from reply_likes where reply_id = ${reply.id}) as reply_rows`;
    expect(counts!.review_count).toBe(counts!.review_rows);
    expect(counts!.reply_count).toBe(counts!.reply_rows);
    // 20 liked, 10 took it back; the fast tapper's nine flips leave them liked or not, and the count says which.
    expect([9, 10]).toContain(counts!.review_rows);

    const fan = fans[15]!;
    const listed = (await get(`/reviews/ad/${ad.id}`, fan.headers)).json().data.data[0];
    expect(listed).toMatchObject({ is_liked: true, likes_count: counts!.review_count });
    expect(listed.replies[0]).toMatchObject({ is_liked: true, likes_count: counts!.reply_count });
    const unliked = await post(`/reviews/${review.id}/like`, fan.headers, {});
    expect(unliked.json().data).toEqual({ is_liked: false, likes_count: counts!.review_count - 1 });
    // Sorting by likes puts the liked review first.
    await post("/reviews", seller.headers, { ad_id: ad.id, content: "Newer, no likes" });
    const byLikes = (await get(`/reviews/ad/${ad.id}?sort_by=likes_count`)).json().data.data;
    expect(byLikes[0].id).toBe(review.id);
  });

  it("hidden ads take no reviews from others, and a deleted account's words and likes leave exact counters", async () => {
    const { seller, ad } = await adWithSeller();
    const buyer = await signedInUser(ctx.app, ctx.db);
    const leaving = await signedInUser(ctx.app, ctx.db);
    const review = (await post("/reviews", buyer.headers, { ad_id: ad.id, content: "Works well" })).json().data;
    await post("/replies", leaving.headers, { review_id: review.id, content: "Agreed" });
    await post(`/reviews/${review.id}/like`, leaving.headers, {});
    await post("/reviews", leaving.headers, { ad_id: ad.id, content: "Mine" });
    await post("/ratings", leaving.headers, { ad_id: ad.id, stars: 1 });

    const deleted = await ctx.app.inject({ method: "DELETE", url: "/api/user", headers: leaving.headers });
    expect(deleted.statusCode).toBe(200);
    const page = (await get(`/reviews/ad/${ad.id}`)).json().data;
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ id: review.id, likes_count: 0, replies_count: 0, replies: [] });

    await ctx.db.update(ads).set({ status_id: AD_STATUS.hidden }).where(eq(ads.id, ad.id));
    expect((await get(`/reviews/ad/${ad.id}`)).statusCode).toBe(404);
    expect((await post("/reviews", buyer.headers, { ad_id: ad.id, content: "Still here?" })).statusCode).toBe(404);
    expect((await get(`/reviews/ad/${ad.id}`, seller.headers)).statusCode).toBe(200);
    expect((await post("/reviews", {}, { ad_id: 999999, content: "x" })).statusCode).toBe(401);
    expect((await post("/reviews", buyer.headers, { ad_id: 999999, content: "x" })).statusCode).toBe(404);
  });
});
