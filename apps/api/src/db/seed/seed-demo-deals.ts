import { dealFee } from "@waterside/shared/deals-messages";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { sql } from "drizzle-orm";
import type { Transaction } from "../database.ts";

/** The demo's safe-deal buyer and the sellers of their deals (issue 33); all have verified MTN numbers. */
const BUYER = "musu@demo.waterside.lr";
const SELLERS = ["fatu@demo.waterside.lr", "hawa@demo.waterside.lr"];
const HOUR = 3_600_000;

/**
 * Safe deals in the demo (issue 33), each with the rows its life would have left: the collection (a successful
 * payments row of type deal), the trail, the ledger's balanced movements and, once released, the payout and the
 * parties' verified reviews. Musu has one deal paid and held (her release code shows), one released and paid out with
 * both reviews, and one disputed (the admins' Disputes queue). Ads are chosen by id among the sellers' live ads, with
 * no random draw, so the seed's other draws are unchanged.
 */
export async function writeDemoDeals(db: Transaction) {
  const people = await db.execute<{ id: number; email: string; phone: string | null }>(sql`
    select id, email, substr(verified_phone_number, 2) as phone from users where email in (${BUYER}, ${SELLERS[0]!}, ${SELLERS[1]!})`);
  const buyer = people.find((person) => person.email === BUYER);
  const sellers = SELLERS.map((email) => people.find((person) => person.email === email));
  if (!buyer?.phone || sellers.some((seller) => !seller?.phone)) return;
  const adsOf = async (sellerId: number) =>
    db.execute<{ id: number; title: string; price: number }>(sql`
      select id, title, price::float8 as price from ads
      where user_id = ${sellerId} and status_id = ${AD_STATUS.active} and currency = 'USD' and price between 5 and 500
      order by id limit 2`);
  const [fatuAds, hawaAds] = [await adsOf(sellers[0]!.id), await adsOf(sellers[1]!.id)];
  const plans = [
    { seller: sellers[0]!, ad: fatuAds[0], status: "held" as const, hoursAgo: 3 },
    { seller: sellers[1]!, ad: hawaAds[0], status: "released" as const, hoursAgo: 72 },
    { seller: sellers[0]!, ad: fatuAds[1], status: "disputed" as const, hoursAgo: 30 },
  ];
  const now = Date.now();
  for (const [index, { seller, ad, status, hoursAgo }] of plans.entries()) {
    if (!ad) continue;
    const at = (hours: number) => new Date(now - (hoursAgo - hours) * HOUR).toISOString();
    const amount = ad.price;
    const fee = dealFee(amount);
    const [deal] = await db.execute<{ id: number }>(sql`
      insert into deals (kind, ad_id, ad_title, buyer_id, seller_id, status, amount, currency, amount_usd, fee, provider,
        buyer_phone, code, held_at, disputed_at, dispute_reason, dispute_details, disputed_by, closed_at, created_at,
        updated_at)
      values ('safe', ${ad.id}, ${ad.title}, ${buyer.id}, ${seller.id}, ${status}, ${amount}, 'USD', ${amount}, ${fee},
        'mtn_momo', ${buyer.phone}, ${status === "held" ? `40${index}5${index}7` : null}, ${at(0.1)},
        ${status === "disputed" ? at(20) : null}, ${status === "disputed" ? "not_as_described" : null},
        ${status === "disputed" ? "The phone's screen is cracked; the photos showed none." : null},
        ${status === "disputed" ? "buyer" : null}, ${status === "released" ? at(26) : null}, ${at(0)}, ${at(26)})
      returning id`);
    const dealId = deal!.id;
    const [payment] = await db.execute<{ id: string }>(sql`
      insert into payments (id, user_id, ad_id, deal_id, type, provider, amount, currency, amount_usd, phone_number,
        status, financial_transaction_id, completed_at, created_at, updated_at)
      values (gen_random_uuid(), ${buyer.id}, ${ad.id}, ${dealId}, 'deal', 'mtn_momo', ${amount}, 'USD', ${amount},
        ${buyer.phone}, 'successful', ${`demo-deal-${dealId}`}, ${at(0.1)}, ${at(0)}, ${at(0.1)})
      returning id`);
    await db.execute(sql`update deals set payment_id = ${payment!.id} where id = ${dealId}`);
    const trail: Array<[string | null, string, string, number | null, number]> = [
      [null, "awaiting_payment", "created", buyer.id, 0],
      ["awaiting_payment", "held", "paid", null, 0.1],
    ];
    const entries: Array<[string, string, number]> = [
      ["collected", "wallet", amount],
      ["collected", "buyer", -amount],
      ["held", "buyer", amount],
      ["held", "held", -amount],
    ];
    if (status === "disputed") trail.push(["held", "disputed", "disputed", buyer.id, 20]);
    if (status === "released") {
      trail.push(
        ["held", "released", "released_by_code", seller.id, 26],
        ["released", "released", "paid_out", null, 26.1],
      );
      entries.push(
        ["fee", "held", fee],
        ["fee", "fees", -fee],
        ["released", "held", amount - fee],
        ["released", "seller", -(amount - fee)],
        ["paid_out", "seller", amount - fee],
        ["paid_out", "wallet", -(amount - fee)],
      );
      const [payout] = await db.execute<{ id: string }>(sql`
        insert into payouts (id, subject, provider, amount, currency, phone_number, note, status,
          financial_transaction_id, completed_at, created_at, updated_at)
        values (gen_random_uuid(), ${`deal:${dealId}:payout`}, 'mtn_momo', ${amount - fee}, 'USD', ${seller.phone},
          ${`Safe deal ${dealId}: ${ad.title}`}, 'successful', ${`demo-payout-${dealId}`}, ${at(26.1)}, ${at(26)},
          ${at(26.1)})
        returning id`);
      await db.execute(sql`
        update deals set payout_id = ${payout!.id}, payout_status = 'successful', payout_completed_at = ${at(26.1)}
        where id = ${dealId}`);
      await db.execute(sql`
        insert into user_reviews (deal_id, author_id, subject_id, subject_role, stars, content, created_at) values
          (${dealId}, ${buyer.id}, ${seller.id}, 'seller', 5, 'Exactly as described, and she met me at Sinkor on time.',
            ${at(27)}),
          (${dealId}, ${seller.id}, ${buyer.id}, 'buyer', 5, 'Paid at once and came when she said.', ${at(28)})`);
    }
    await db.execute(sql`
      insert into deal_events (deal_id, from_status, to_status, action, actor_user_id, created_at) values
      ${sql.join(
        trail.map(
          ([from, to, action, actor, hours]) => sql`(${dealId}, ${from}, ${to}, ${action}, ${actor}, ${at(hours)})`,
        ),
        sql`, `,
      )}`);
    await db.execute(sql`
      insert into deal_ledger_entries (deal_id, movement, account, amount, currency) values
      ${sql.join(
        entries.map(
          ([movement, account, value]) => sql`(${dealId}, ${movement}, ${account}, ${value.toFixed(2)}, 'USD')`,
        ),
        sql`, `,
      )}`);
  }
}
