import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { IDEMPOTENCY_MESSAGES } from "@waterside/shared/idempotency-messages";
import { and, count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ads } from "../../db/schema/ads.ts";
import { idempotencyKeys } from "../../db/schema/idempotency.ts";
import { createAd, createUser, signedInUser } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";
import { useTestApp } from "../../test/test-app.ts";
import { createIdempotentWrites, type CompleteKey } from "./idempotent-writes.ts";
import { carAdFields, findCars, type Cars } from "../../test/car-ad.ts";

const ctx = useTestApp();
let cars: Cars;
beforeAll(async () => {
  cars = await findCars(ctx.db);
});

let sequence = 0;
const fields = (overrides: Record<string, string> = {}) =>
  carAdFields(cars, {
    title: `Nissan Patrol 2012 queued number ${++sequence}`,
    price: "9500",
    description: "Posted from a phone that was offline when the seller pressed Post.",
    "attributes[Brand]": "Nissan",
    "attributes[Year]": "2012",
    ...overrides,
  });

const picture = (background: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();

/** One post, built once, so every repeat sends the very same body. */
async function postRequest(headers: Record<string, string>, values: Record<string, string>, pictures = 2) {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  for (const color of ["#ff0000", "#00ff00", "#0000ff"].slice(0, pictures)) {
    form.append("images[]", new Blob([await picture(color)]), "photo.png");
  }
  const body = await multipart(form);
  return () =>
    ctx.app.inject({
      method: "POST",
      url: "/api/ads/create",
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
}

const adsOf = async (userId: number) =>
  (await ctx.db.select({ n: count() }).from(ads).where(eq(ads.user_id, userId)))[0]!.n;

describe("an ad posted with an Idempotency-Key (decision 104)", () => {
  it("is posted once when sent twice: the repeat gets the first answer", async () => {
    const { user, headers } = await signedInUser(ctx.app, ctx.db);
    const post = await postRequest({ ...headers, "idempotency-key": randomUUID() }, fields());

    const first = await post();
    expect(first.statusCode).toBe(201);
    const second = await post();
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await adsOf(user.id)).toBe(1);
  });

  it("is posted once when ten copies arrive at the same time", async () => {
    const { user, headers } = await signedInUser(ctx.app, ctx.db);
    const post = await postRequest({ ...headers, "idempotency-key": randomUUID() }, fields());

    const answers = await Promise.all(Array.from({ length: 10 }, () => post()));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.json().data.id)).size).toBe(1);
    expect(await adsOf(user.id)).toBe(1);
  });

  it("keeps each user's keys apart: another user's same key posts their own ad", async () => {
    const key = randomUUID();
    const one = await signedInUser(ctx.app, ctx.db);
    const other = await signedInUser(ctx.app, ctx.db);

    const mine = await (await postRequest({ ...one.headers, "idempotency-key": key }, fields()))();
    const theirs = await (await postRequest({ ...other.headers, "idempotency-key": key }, fields()))();
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    expect(theirs.json().data.user.id).toBe(other.user.id);
    expect(await adsOf(one.user.id)).toBe(1);
    expect(await adsOf(other.user.id)).toBe(1);
  });

  it("remembers no refusal: a post refused with 422 may be sent again, corrected, with its key", async () => {
    const { user, headers } = await signedInUser(ctx.app, ctx.db);
    const key = randomUUID();
    const refused = await (await postRequest({ ...headers, "idempotency-key": key }, fields(), 1))();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.images).toBeDefined();
    expect(await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.user_id, user.id))).toEqual([]);

    const posted = await (await postRequest({ ...headers, "idempotency-key": key }, fields()))();
    expect(posted.statusCode).toBe(201);
    expect(await adsOf(user.id)).toBe(1);
  });

  it("posts as before without a key (the mobile app sends none): each post is a new ad", async () => {
    const { user, headers } = await signedInUser(ctx.app, ctx.db);
    expect((await (await postRequest(headers, fields()))()).statusCode).toBe(201);
    expect((await (await postRequest(headers, fields()))()).statusCode).toBe(201);
    expect(await adsOf(user.id)).toBe(2);
  });

  it("refuses a malformed key, and a key already used for another request, with 422 and the field's message", async () => {
    const { user, headers } = await signedInUser(ctx.app, ctx.db);
    const spaced = await (await postRequest({ ...headers, "idempotency-key": "two words" }, fields()))();
    expect(spaced.statusCode).toBe(422);
    expect(spaced.json().errors["idempotency-key"]).toEqual([IDEMPOTENCY_MESSAGES.invalid]);
    const long = await (await postRequest({ ...headers, "idempotency-key": "k".repeat(256) }, fields()))();
    expect(long.statusCode).toBe(422);

    const seller = await createUser(ctx.db);
    const ad = await createAd(ctx.db, { user_id: seller.id, images: 2 });
    const key = randomUUID();
    const saved = await ctx.app.inject({
      method: "POST",
      url: "/api/ads/saved",
      headers: { ...headers, "idempotency-key": key },
      payload: { ad_id: ad.id },
    });
    expect(saved.statusCode).toBe(201);
    const reused = await (await postRequest({ ...headers, "idempotency-key": key }, fields()))();
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      message: IDEMPOTENCY_MESSAGES.otherRequest,
      errors: { "idempotency-key": [IDEMPOTENCY_MESSAGES.otherRequest] },
    });
    expect(await adsOf(user.id)).toBe(0);
  });
});

describe("saves with an Idempotency-Key (decision 104)", () => {
  it("does not apply a late repeat of a save over the Undo that followed it", async () => {
    const seller = await createUser(ctx.db);
    const ad = await createAd(ctx.db, { user_id: seller.id, images: 2 });
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const saveKey = randomUUID();
    const save = () =>
      ctx.app.inject({
        method: "POST",
        url: "/api/ads/saved",
        headers: { ...headers, "idempotency-key": saveKey },
        payload: { ad_id: ad.id },
      });
    const savedIds = async () =>
      (await ctx.app.inject({ method: "GET", url: "/api/ads/saved/ids", headers })).json().data;

    const first = await save();
    expect(first.statusCode).toBe(201);
    const undo = await ctx.app.inject({
      method: "DELETE",
      url: `/api/ads/saved/${ad.id}`,
      headers: { ...headers, "idempotency-key": randomUUID() },
    });
    expect(undo.statusCode).toBe(200);
    expect(await savedIds()).toEqual([]);

    // The first save's answer was lost on the way and the queue sends it again.
    const repeat = await save();
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json()).toEqual(first.json());
    expect(await savedIds()).toEqual([]);
  });

  it("records a save sent ten times at once once, and lets another user's same key save for them", async () => {
    const seller = await createUser(ctx.db);
    const ad = await createAd(ctx.db, { user_id: seller.id, images: 2 });
    const key = randomUUID();
    const one = await signedInUser(ctx.app, ctx.db);
    const other = await signedInUser(ctx.app, ctx.db);
    const save = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/ads/saved",
        headers: { ...headers, "idempotency-key": key },
        payload: { ad_id: ad.id },
      });

    const answers = await Promise.all(Array.from({ length: 10 }, () => save(one.headers)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect((await save(other.headers)).statusCode).toBe(201);
    const keys = await ctx.db
      .select({ user_id: idempotencyKeys.user_id })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, key)));
    expect(keys.map((row) => row.user_id).sort()).toEqual([one.user.id, other.user.id].sort());
    for (const { headers } of [one, other]) {
      const ids = (await ctx.app.inject({ method: "GET", url: "/api/ads/saved/ids", headers })).json().data;
      expect(ids).toEqual([ad.id]);
    }
  });
});

describe("a keyed write that outlives its claim", () => {
  it("writes nothing once a repeat has taken the key over as abandoned, and answers with the repeat's result", async () => {
    const writes = createIdempotentWrites(ctx.db);
    const user = await createUser(ctx.db);
    const key = randomUUID();
    const committed: string[] = [];
    const write = (value: string, ready?: Promise<void>) => async (complete: CompleteKey) => {
      await ready;
      await ctx.db.transaction((tx) => complete(tx, { value }));
      committed.push(value);
      return { value };
    };
    let release = () => {};
    const slow = writes.once(
      { userId: user.id, key, operation: "test" },
      write("slow", new Promise<void>((resolve) => (release = resolve))),
    );
    const claimOf = () => ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    await expect.poll(async () => (await claimOf()).length).toBe(1);
    // The slow request's claim is now old enough to look like one whose process died.
    await ctx.db
      .update(idempotencyKeys)
      .set({ created_at: sql`now() - interval '3 minutes'` })
      .where(eq(idempotencyKeys.key, key));

    const repeat = await writes.once({ userId: user.id, key, operation: "test" }, write("repeat"));
    expect(repeat).toEqual({ result: { value: "repeat" }, replayed: false });
    release();
    expect(await slow).toEqual({ result: { value: "repeat" }, replayed: true });
    expect(committed).toEqual(["repeat"]);
    expect((await claimOf()).map((row) => row.result)).toEqual([{ value: "repeat" }]);
  });
});
