import { ADMIN_MODERATION_MESSAGES } from "@waterside/shared/admin-moderation-messages";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminAuditLog } from "../../db/schema/admin.ts";
import { createAd, signedInAdmin, signedInUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();

type Headers = Record<string, string>;
const call = (method: "GET" | "POST" | "DELETE", url: string, headers: Headers = {}, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

/** A reviewer's review on a seller's ad, with two replies (one liked) and a like on the review. */
async function reviewWithReplies(title = "Mountain bike") {
  const seller = await signedInUser(ctx.app, ctx.db);
  const ad = await createAd(ctx.db, { user_id: seller.user.id, title });
  const reviewer = await signedInUser(ctx.app, ctx.db);
  const fan = await signedInUser(ctx.app, ctx.db);
  const review = (await call("POST", "/reviews", reviewer.headers, { ad_id: ad.id, content: "Great seller" })).json()
    .data;
  const first = (await call("POST", "/replies", seller.headers, { review_id: review.id, content: "Thanks!" })).json()
    .data;
  const second = (await call("POST", "/replies", fan.headers, { review_id: review.id, content: "Agreed" })).json().data;
  expect((await call("POST", `/reviews/${review.id}/like`, fan.headers)).json().data.likes_count).toBe(1);
  expect((await call("POST", `/replies/${first.id}/like`, fan.headers)).json().data.likes_count).toBe(1);
  return { seller, ad, reviewer, fan, review, replies: [first, second] };
}

const counts = async (reviewId: number) => {
  const [row] = await ctx.db.execute<{ replies_count: number; likes_count: number; replies: number }>(sql`
    select r.replies_count, r.likes_count, (select count(*)::int from replies where review_id = r.id) as replies
    from reviews r where r.id = ${reviewId}`);
  return row;
};
const auditRows = (targetType: string, targetId: number) =>
  ctx.db
    .select()
    .from(adminAuditLog)
    .where(sql`${adminAuditLog.target_type} = ${targetType} and ${adminAuditLog.target_id} = ${targetId}`);

describe("admin review routes", () => {
  it("refuse visitors (401) and user tokens (403), and an admin token still cannot write reviews", async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    for (const [method, url] of [
      ["GET", `/admin/reviews?user_id=${user.user.id}`],
      ["DELETE", "/admin/reviews?id=1"],
      ["DELETE", "/admin/replies?id=1"],
    ] as const) {
      expect((await call(method, url)).statusCode).toBe(401);
      expect((await call(method, url, user.headers)).statusCode).toBe(403);
    }
    const { headers } = await signedInAdmin(ctx.app, ctx.db);
    const { ad, review } = await reviewWithReplies();
    expect((await call("POST", "/reviews", headers, { ad_id: ad.id, content: "Admin words" })).statusCode).toBe(403);
    expect((await call("POST", "/replies", headers, { review_id: review.id, content: "Admin words" })).statusCode).toBe(
      403,
    );
  });

  it("lists a user's reviews with every reply and the ad's title; user_id is required", async () => {
    const { headers } = await signedInAdmin(ctx.app, ctx.db);
    const { reviewer, ad, review, replies, seller } = await reviewWithReplies("Red scooter");
    const other = await createAd(ctx.db, { user_id: seller.user.id, title: "Blue scooter" });
    const newer = (await call("POST", "/reviews", reviewer.headers, { ad_id: other.id, content: "Fast reply" })).json()
      .data;

    const missing = await call("GET", "/admin/reviews", headers);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: ADMIN_MODERATION_MESSAGES.userIdRequired,
      errors: { user_id: [ADMIN_MODERATION_MESSAGES.userIdRequired] },
    });

    const listed = await call("GET", `/admin/reviews?user_id=${reviewer.user.id}`, headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toMatchObject({ total: 2, per_page: 30, next_page_url: null });
    const [latest, earlier] = listed.json().data.data;
    expect(latest).toMatchObject({ id: newer.id, ad: { id: other.id, title: "Blue scooter" }, replies: [] });
    expect(earlier).toMatchObject({
      id: review.id,
      content: "Great seller",
      user: { id: reviewer.user.id, name: reviewer.user.name },
      ad: { id: ad.id, title: "Red scooter" },
      likes_count: 1,
      replies_count: 2,
      replies: [
        { id: replies[0].id, content: "Thanks!", likes_count: 1, user: { id: seller.user.id } },
        { id: replies[1].id, content: "Agreed", likes_count: 0 },
      ],
    });

    const liked = await call("GET", `/admin/reviews?user_id=${reviewer.user.id}&sort_by=likes_count`, headers);
    expect(liked.json().data.data.map((item: { id: number }) => item.id)).toEqual([review.id, newer.id]);
    const paged = await call("GET", `/admin/reviews?user_id=${reviewer.user.id}&per_page=1`, headers);
    expect(paged.json().data).toMatchObject({ total: 2, last_page: 2 });
    expect(paged.json().data.next_page_url).toBe(`/api/admin/reviews?user_id=${reviewer.user.id}&per_page=1&page=2`);
  });

  it("deletes a review (id in the query) with its replies and likes, audited once with its content", async () => {
    const { admin, headers } = await signedInAdmin(ctx.app, ctx.db);
    const { review, replies, reviewer, ad } = await reviewWithReplies();
    const deleted = await call("DELETE", `/admin/reviews?id=${review.id}`, headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ data: null, message: "Deleted!" });
    expect(await counts(review.id)).toBeUndefined();
    const [left] = await ctx.db.execute<{ replies: number; likes: number }>(sql`
      select (select count(*)::int from replies where id in (${replies[0].id}, ${replies[1].id})) as replies,
        (select count(*)::int from review_likes where review_id = ${review.id}) +
        (select count(*)::int from reply_likes where reply_id = ${replies[0].id}) as likes`);
    expect(left).toEqual({ replies: 0, likes: 0 });

    const rows = await auditRows("review", review.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      admin_id: admin.id,
      action: "review.delete",
      before: { id: review.id, ad_id: ad.id, user_id: reviewer.user.id, content: "Great seller", likes_count: 1 },
      after: null,
    });
    expect((rows[0]!.before as { replies_count: number }).replies_count).toBe(2);

    const again = await call("DELETE", `/admin/reviews?id=${review.id}`, headers);
    expect(again.statusCode).toBe(404);
    expect(await auditRows("review", review.id)).toHaveLength(1);
  });

  it("deletes a reply (id in the body): replies_count follows, audited once with its content", async () => {
    const { admin, headers } = await signedInAdmin(ctx.app, ctx.db);
    const { review, replies, seller } = await reviewWithReplies();
    const deleted = await call("DELETE", "/admin/replies", headers, { id: replies[0].id });
    expect(deleted.statusCode).toBe(200);
    expect(await counts(review.id)).toEqual({ replies_count: 1, likes_count: 1, replies: 1 });
    const rows = await auditRows("reply", replies[0].id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      admin_id: admin.id,
      action: "reply.delete",
      before: { id: replies[0].id, review_id: review.id, user_id: seller.user.id, content: "Thanks!", likes_count: 1 },
    });
    expect((await call("DELETE", "/admin/replies", headers, { id: replies[0].id })).statusCode).toBe(404);
    expect(await counts(review.id)).toEqual({ replies_count: 1, likes_count: 1, replies: 1 });
    expect(await auditRows("reply", replies[0].id)).toHaveLength(1);

    // The review's author's view agrees.
    const listed = await call("GET", `/replies/review/${review.id}`, seller.headers);
    expect(listed.json().data.data.map((reply: { id: number }) => reply.id)).toEqual([replies[1].id]);
  });

  it("refuses a delete without an id (422)", async () => {
    const { headers } = await signedInAdmin(ctx.app, ctx.db);
    for (const url of ["/admin/reviews", "/admin/replies"]) {
      const refused = await call("DELETE", url, headers);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.id).toEqual([ADMIN_MODERATION_MESSAGES.idRequired]);
    }
  });

  it("refuses an id of another JSON type (422): `true` never deletes review 1, nor `[id]` that review", async () => {
    const { headers } = await signedInAdmin(ctx.app, ctx.db);
    const { review, replies } = await reviewWithReplies();
    // Issue 24: the id was coerced, so `true` named review 1 and `[5]` review 5.
    expect(await counts(1)).toBeDefined();
    for (const [url, id] of [
      ["/admin/reviews", true],
      ["/admin/reviews", [review.id]],
      ["/admin/reviews", `${review.id}abc`],
      ["/admin/reviews", review.id + 0.5],
      ["/admin/reviews", {}],
      ["/admin/replies", true],
      ["/admin/replies", [replies[0].id]],
    ] as const) {
      const refused = await call("DELETE", url, headers, { id });
      expect(refused.statusCode, `${url} ${JSON.stringify(id)}`).toBe(422);
      expect(refused.json().errors, `${url} ${JSON.stringify(id)}`).toEqual({ id: ["Must be a number."] });
    }
    expect(await counts(1)).toBeDefined();
    expect(await counts(review.id)).toEqual({ replies_count: 2, likes_count: 1, replies: 2 });
    expect(await auditRows("review", 1)).toEqual([]);
    expect(await auditRows("review", review.id)).toEqual([]);
    // The digits a query or a form sends still name the review.
    expect((await call("DELETE", "/admin/reviews", headers, { id: String(review.id) })).statusCode).toBe(200);
    expect(await counts(review.id)).toBeUndefined();
  });
});
