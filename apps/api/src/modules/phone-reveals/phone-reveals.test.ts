import { sql } from "drizzle-orm";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { PHONE_REVEALS_PER_DAY, TRUST_MESSAGES } from "@waterside/shared/trust";
import { describe, expect, it } from "vitest";
import { authHeaders, createAd, createUser, signedInAdmin } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();

let phones = 0;
const nextNumber = () => `+231777${String(200_000 + ++phones).padStart(6, "0")}`;

/** A signed-in user; `verified` gives them a verified phone, as phone sign-in leaves it. */
async function person({ verified = true, phone = true } = {}) {
  const number = nextNumber();
  const user = await createUser(ctx.db, {
    phone_number: phone ? number : null,
    verified_phone_number: verified ? number : null,
  });
  return { user, number, headers: await authHeaders(ctx.app, { kind: "user", userId: user.id }) };
}

const reveal = (adId: number, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "POST", url: `/api/ads/${adId}/phone`, headers });
const revealsOf = async (buyerId: number) =>
  (await ctx.db.execute<{ ad_id: number }>(sql`select ad_id from phone_reveals where buyer_id = ${buyerId}`)).map(
    (row) => row.ad_id,
  );

describe("POST /ads/{id}/phone (decision 072)", () => {
  it("reveals the number to a signed-in buyer with a verified phone, once a day per ad, as a contact in Insights", async () => {
    const seller = await person();
    const ad = await createAd(ctx.db, { user_id: seller.user.id });
    const buyer = await person();

    const first = await reveal(ad.id, buyer.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ data: { phone_number: seller.number } });
    // The same ad again the same day answers the number and counts nothing more.
    expect((await reveal(ad.id, buyer.headers)).json().data.phone_number).toBe(seller.number);
    expect(await revealsOf(buyer.user.id)).toEqual([ad.id]);

    // The seller's Insights: the reveal is the ad's contact of the day.
    const history = await ctx.app.inject({
      method: "GET",
      url: `/api/analytics/ad/${ad.id}/history`,
      headers: seller.headers,
    });
    const today = history.json().data.statistics.at(-1);
    expect(today).toMatchObject({ contacts: 1 });

    // Their own number is the seller's to read: not a reveal, not a contact.
    expect((await reveal(ad.id, seller.headers)).json().data.phone_number).toBe(seller.number);
    expect(await revealsOf(seller.user.id)).toEqual([]);
  });

  it("refuses visitors, admins, unknown and hidden ads, unverified buyers, sellers who prefer chat and sellers without a number", async () => {
    const seller = await person();
    const ad = await createAd(ctx.db, { user_id: seller.user.id });
    const buyer = await person();

    expect((await reveal(ad.id)).statusCode).toBe(401);
    const { headers: admin } = await signedInAdmin(ctx.app, ctx.db);
    expect((await reveal(ad.id, admin)).statusCode).toBe(403);
    expect((await reveal(999_999, buyer.headers)).statusCode).toBe(404);
    const hidden = await createAd(ctx.db, { user_id: seller.user.id, status_id: AD_STATUS.hidden });
    expect((await reveal(hidden.id, buyer.headers)).statusCode).toBe(404);

    const unverified = await person({ verified: false });
    const refused = await reveal(ad.id, unverified.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TRUST_MESSAGES.revealNeedsVerifiedPhone);

    const chatFirst = await ctx.app.inject({
      method: "PUT",
      url: "/api/user/phone-reveal",
      headers: seller.headers,
      payload: { phone_revealable: false },
    });
    expect(chatFirst.statusCode).toBe(200);
    expect(chatFirst.json()).toMatchObject({
      data: { id: seller.user.id, phone_revealable: false },
      message: TRUST_MESSAGES.phoneRevealSaved,
    });
    const prefersChat = await reveal(ad.id, buyer.headers);
    expect(prefersChat.statusCode).toBe(403);
    expect(prefersChat.json().message).toBe(TRUST_MESSAGES.sellerPrefersChat);
    // The ad page tells buyers before they ask, at once (the cached page follows the choice).
    const page = await ctx.app.inject({ method: "GET", url: `/api/ads/id/${ad.id}` });
    expect(page.json().data.user.phone_revealable).toBe(false);

    const silent = await person({ phone: false, verified: false });
    const silentAd = await createAd(ctx.db, { user_id: silent.user.id });
    const noNumber = await reveal(silentAd.id, buyer.headers);
    expect(noNumber.statusCode).toBe(422);
    expect(noNumber.json().message).toBe(TRUST_MESSAGES.noPhoneNumber);

    expect(await revealsOf(buyer.user.id)).toEqual([]);
    expect(await revealsOf(unverified.user.id)).toEqual([]);
  });

  it(`caps a buyer at ${PHONE_REVEALS_PER_DAY} ads a day; ads already revealed today still answer`, async () => {
    const seller = await person();
    const buyer = await person();
    const ads = [];
    for (let index = 0; index <= PHONE_REVEALS_PER_DAY; index++)
      ads.push(await createAd(ctx.db, { user_id: seller.user.id }));
    // Yesterday's reveals do not count today.
    await ctx.db.execute(sql`
      insert into phone_reveals (ad_id, buyer_id, created_at)
      values (${ads[0]!.id}, ${buyer.user.id}, now() - interval '1 day' - interval '1 minute')`);

    for (const ad of ads.slice(0, PHONE_REVEALS_PER_DAY))
      expect((await reveal(ad.id, buyer.headers)).statusCode).toBe(200);
    const capped = await reveal(ads.at(-1)!.id, buyer.headers);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(TRUST_MESSAGES.revealsCapped);
    expect((await reveal(ads[3]!.id, buyer.headers)).statusCode).toBe(200);
    expect(await revealsOf(buyer.user.id)).toHaveLength(PHONE_REVEALS_PER_DAY + 1);

    // Another buyer has their own allowance.
    expect((await reveal(ads.at(-1)!.id, (await person()).headers)).statusCode).toBe(200);
  });
});

describe("the seller's reveal choice and public contact details", () => {
  it("PUT /user/phone-reveal changes only the signed-in user's choice; visitors and admins are refused", async () => {
    const seller = await person();
    const other = await person();
    const put = (headers: Record<string, string>, payload: object) =>
      ctx.app.inject({ method: "PUT", url: "/api/user/phone-reveal", headers, payload });

    expect((await put({}, { phone_revealable: false })).statusCode).toBe(401);
    const { headers: admin } = await signedInAdmin(ctx.app, ctx.db);
    expect((await put(admin, { phone_revealable: false })).statusCode).toBe(403);
    expect((await put(seller.headers, { phone_revealable: "no" })).statusCode).toBe(422);
    // An id in the body names nobody: the token says whose choice it is.
    const own = await put(seller.headers, { phone_revealable: false, user_id: other.user.id });
    expect(own.json().data).toMatchObject({ id: seller.user.id, phone_revealable: false });
    const me = async (headers: Record<string, string>) =>
      (await ctx.app.inject({ method: "GET", url: "/api/user", headers })).json().data.phone_revealable;
    expect(await me(seller.headers)).toBe(false);
    expect(await me(other.headers)).toBe(true);
    expect((await put(seller.headers, { phone_revealable: true })).json().data.phone_revealable).toBe(true);
  });

  it("GET /users/{id} shows the phone number to the user themselves only, with the trust figures", async () => {
    const seller = await person();
    const buyer = await person();
    const profile = async (headers: Record<string, string> = {}) =>
      (await ctx.app.inject({ method: "GET", url: `/api/users/${seller.user.id}`, headers })).json().data;

    expect(await profile()).toMatchObject({ phone_number: null, email: null, trust: { phone_verified: true } });
    // A verified, signed-in buyer: the number only through the capped reveal (or a chat they share).
    expect(await profile(buyer.headers)).toMatchObject({ phone_number: null, email: seller.user.email });
    expect(await profile(seller.headers)).toMatchObject({ phone_number: seller.number });

    // The admin area is untouched: admins still find and read users' numbers there.
    const { headers: admin } = await signedInAdmin(ctx.app, ctx.db);
    const found = await ctx.app.inject({
      method: "GET",
      url: `/api/admin/users?search=${encodeURIComponent(seller.number)}`,
      headers: admin,
    });
    expect(found.json().data.data).toEqual([
      expect.objectContaining({ id: seller.user.id, phone_number: seller.number }),
    ]);
  });
});
