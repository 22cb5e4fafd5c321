import { ADMIN_TABLE_PAGE } from "@waterside/shared/admin-messages";
import { EXCHANGE_RATE_MESSAGES } from "@waterside/shared/exchange-rates";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/database.ts";
import { adminAuditLog } from "../../db/schema/admin.ts";
import { admins } from "../../db/schema/admin-auth.ts";
import { exchangeRates } from "../../db/schema/exchange-rates.ts";
import { createDomainEvents, type DomainEventMap } from "../../lib/domain-events.ts";
import { signedInAdmin, signedInUser } from "../../test/factories.ts";
import { createTestDatabase, useTestApp } from "../../test/test-app.ts";
import { auditedBy } from "../admin/admin-audit.ts";
import { ensureAdmin } from "../admin-auth/create-admin.ts";
import { createExchangeRatesService } from "./exchange-rates.service.ts";
import { createLatestRateReader, findLatestRate, RATE_TTL_MS, watchRateChanges } from "./latest-rate.ts";

const ctx = useTestApp();
type Headers = Record<string, string>;
let adminHeaders: Headers;
let adminId: number;

beforeAll(async () => {
  const admin = await signedInAdmin(ctx.app, ctx.db, "Rates Admin");
  adminHeaders = admin.headers;
  adminId = admin.admin.id;
});

const latest = (headers: Headers = {}) => ctx.app.inject({ url: "/api/exchange-rates/latest", headers });
const setRate = (payload: unknown, headers: Headers = adminHeaders) =>
  ctx.app.inject({ method: "POST", url: "/api/admin/exchange-rates", headers, payload: payload as object });
const history = (query = "", headers: Headers = adminHeaders) =>
  ctx.app.inject({ url: `/api/admin/exchange-rates${query}`, headers });
const rowCount = () => ctx.db.$count(exchangeRates);

async function rateSet(payload: object) {
  const response = await setRate(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { data: RateRow; message: string };
}
type RateRow = {
  id: number;
  usd_lrd: number;
  note: string;
  previous_usd_lrd: number | null;
  admin: { id: number; name: string } | null;
  created_at: string;
};

// The file's first tests run on a history with no rate: the template database seeds none.
describe("GET /exchange-rates/latest", () => {
  it("answers 404 with the shared message before any rate is set", async () => {
    expect(await rowCount()).toBe(0);
    const response = await latest();
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: EXCHANGE_RATE_MESSAGES.noRate });
  });

  it("answers the rate in force with when it was set, cacheable for a minute, and 304 when unchanged", async () => {
    const before = Date.now();
    const set = await rateSet({ usd_lrd: 190, note: "CBL 26 Nov" });
    const response = await latest();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { usd_lrd: 190, updated_at: set.data.created_at } });
    expect(new Date(set.data.created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
    const again = await latest({ "if-none-match": String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});

describe("POST /admin/exchange-rates", () => {
  it("stores a new rate as a new row, answers it with the rate it replaced and its admin, and audits it", async () => {
    const rowsBefore = await rowCount();
    const { data, message } = await rateSet({ usd_lrd: "192.50", note: "  CBL 27 Nov  " });
    expect(message).toBe(EXCHANGE_RATE_MESSAGES.saved);
    expect(data).toMatchObject({
      usd_lrd: 192.5,
      note: "CBL 27 Nov",
      previous_usd_lrd: 190,
      admin: { id: adminId, name: "Rates Admin" },
    });
    expect(await rowCount()).toBe(rowsBefore + 1);
    // The old rate stays in the history; the new one is in force at once in this process.
    expect((await latest()).json().data.usd_lrd).toBe(192.5);

    const audit = await ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "exchange_rate.set"), eq(adminAuditLog.target_id, data.id)));
    expect(audit).toEqual([
      expect.objectContaining({
        admin_id: adminId,
        target_type: "exchange_rate",
        before: { usd_lrd: 190 },
        after: { usd_lrd: 192.5, note: "CBL 27 Nov" },
      }),
    ]);
    // The audit log screen's call lists it with the admin's name.
    const log = await ctx.app.inject({
      url: "/api/admin/audit-log?target_type=exchange_rate",
      headers: adminHeaders,
    });
    expect(log.json().data.data[0]).toMatchObject({
      action: "exchange_rate.set",
      target_id: data.id,
      admin: { id: adminId, name: "Rates Admin" },
      before: { usd_lrd: 190 },
      after: { usd_lrd: 192.5, note: "CBL 27 Nov" },
    });
  });

  it("takes a rate with up to 4 decimals, as a number or its digits, with or without a note", async () => {
    expect((await rateSet({ usd_lrd: "1.1" })).data).toMatchObject({ usd_lrd: 1.1, note: "" });
    expect((await rateSet({ usd_lrd: 191.1234 })).data.usd_lrd).toBe(191.1234);
    expect((await rateSet({ usd_lrd: 9999.9999, note: "" })).data.usd_lrd).toBe(9999.9999);
  });

  it("refuses bad input with 422 and the shared messages under usd_lrd or note, storing nothing", async () => {
    const rowsBefore = await rowCount();
    const auditBefore = await ctx.db.$count(adminAuditLog);
    const refusals: Array<[unknown, string, string]> = [
      [{}, "usd_lrd", EXCHANGE_RATE_MESSAGES.rateRequired],
      [{ usd_lrd: "" }, "usd_lrd", EXCHANGE_RATE_MESSAGES.rateRequired],
      [{ usd_lrd: "abc" }, "usd_lrd", EXCHANGE_RATE_MESSAGES.rateRequired],
      [{ usd_lrd: true }, "usd_lrd", EXCHANGE_RATE_MESSAGES.rateRequired],
      [{ usd_lrd: [192] }, "usd_lrd", EXCHANGE_RATE_MESSAGES.rateRequired],
      [{ usd_lrd: null }, "usd_lrd", EXCHANGE_RATE_MESSAGES.rateRequired],
      [{ usd_lrd: 0 }, "usd_lrd", EXCHANGE_RATE_MESSAGES.rateInvalid],
      [{ usd_lrd: "-5" }, "usd_lrd", EXCHANGE_RATE_MESSAGES.rateInvalid],
      [{ usd_lrd: 10_000 }, "usd_lrd", EXCHANGE_RATE_MESSAGES.rateInvalid],
      [{ usd_lrd: 192.12345 }, "usd_lrd", EXCHANGE_RATE_MESSAGES.rateInvalid],
      [{ usd_lrd: 1e308 }, "usd_lrd", EXCHANGE_RATE_MESSAGES.rateInvalid],
      [{ usd_lrd: 192, note: "x".repeat(201) }, "note", EXCHANGE_RATE_MESSAGES.noteTooLong],
    ];
    for (const [payload, field, message] of refusals) {
      const response = await setRate(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(payload)).toEqual([message]);
    }
    expect(await rowCount()).toBe(rowsBefore);
    expect(await ctx.db.$count(adminAuditLog)).toBe(auditBefore);
  });

  it("gives each of 10 rates saved at once the rate it really replaced in its audit record", async () => {
    const rates = Array.from({ length: 10 }, (_, index) => 180 + index / 4);
    const saved = await Promise.all(rates.map((usd_lrd) => rateSet({ usd_lrd, note: "at once" })));
    const ids = saved.map((reply) => reply.data.id).sort((a, b) => a - b);
    const rows = await ctx.db
      .select({ id: exchangeRates.id, usd_lrd: exchangeRates.usd_lrd })
      .from(exchangeRates)
      .orderBy(asc(exchangeRates.id));
    const records = await ctx.db
      .select({ target_id: adminAuditLog.target_id, before: adminAuditLog.before })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "exchange_rate.set"), inArray(adminAuditLog.target_id, ids)));
    expect(records).toHaveLength(10);
    for (const record of records) {
      const index = rows.findIndex((row) => row.id === record.target_id);
      expect(record.before, `rate #${record.target_id}`).toEqual({ usd_lrd: rows[index - 1]!.usd_lrd });
    }
    // And each reply's previous rate is the row before it.
    for (const reply of saved) {
      const index = rows.findIndex((row) => row.id === reply.data.id);
      expect(reply.data.previous_usd_lrd).toBe(rows[index - 1]!.usd_lrd);
    }
  });
});

describe("GET /admin/exchange-rates", () => {
  it("pages the history newest first, each row with the rate it replaced and the admin's name", async () => {
    // Past the first page, with a rate of no admin (set from the command line) among them.
    await ctx.db.insert(exchangeRates).values({ usd_lrd: 193, note: "seeded" });
    while ((await rowCount()) <= ADMIN_TABLE_PAGE) {
      await rateSet({ usd_lrd: 185 + (await rowCount()) / 10, note: "CBL daily rate" });
    }
    const total = await rowCount();
    expect(total).toBeGreaterThan(ADMIN_TABLE_PAGE);
    const all = await ctx.db.select().from(exchangeRates).orderBy(asc(exchangeRates.id));

    const first = await history();
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json().data;
    expect(page1).toMatchObject({
      current_page: 1,
      per_page: ADMIN_TABLE_PAGE,
      total,
      last_page: 2,
      next_page_url: "/api/admin/exchange-rates?page=2",
    });
    const second = (await history("?page=2")).json().data;
    expect(second.next_page_url).toBeNull();
    const rows = [...page1.data, ...second.data] as RateRow[];
    expect(rows.map((row) => row.id)).toEqual(all.map((row) => row.id).reverse());
    for (const [index, row] of rows.entries()) {
      expect(row.previous_usd_lrd, `row #${row.id}`).toBe(rows[index + 1]?.usd_lrd ?? null);
    }
    const seeded = rows.find((row) => row.note === "seeded")!;
    expect(seeded.admin).toBeNull();
    expect(rows[0]!.admin).toEqual({ id: adminId, name: "Rates Admin" });
  });

  it("refuses a page that is not a whole number from 1 with 422", async () => {
    for (const page of ["0", "-1", "abc", "1.5"]) {
      expect((await history(`?page=${page}`)).statusCode, page).toBe(422);
    }
  });
});

describe("admins only", () => {
  it("refuses visitors (401) and users' tokens (403) on every admin call, before storing anything", async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const rowsBefore = await rowCount();
    for (const [headers, status] of [
      [{}, 401],
      [user.headers, 403],
      [{ authorization: "Bearer not-a-token" }, 401],
    ] as const) {
      expect((await setRate({ usd_lrd: 150 }, headers)).statusCode).toBe(status);
      // Even a body that would fail validation is refused for who sends it first.
      expect((await setRate({ usd_lrd: "abc" }, headers)).statusCode).toBe(status);
      expect((await history("", headers)).statusCode).toBe(status);
    }
    expect(await rowCount()).toBe(rowsBefore);
    // The public rate needs no token, and a user's token changes nothing.
    expect((await latest(user.headers)).statusCode).toBe(200);
  });

  it("documents the admin calls as guarded and the public rate as open", async () => {
    const { paths } = (await ctx.app.inject({ url: "/api/docs/json" })).json();
    expect(paths["/api/admin/exchange-rates"].post.security).toEqual([{ bearer: [] }]);
    expect(paths["/api/admin/exchange-rates"].get.security).toEqual([{ bearer: [] }]);
    expect(paths["/api/exchange-rates/latest"].get.security).toBeUndefined();
  });
});

/**
 * Two processes on one database: each has its own connections and its own kept rate, as two servers do. The rate is
 * set through one; the other's reader keeps its rate for longer than the test runs, so only the announcement can
 * make it read the new one.
 */
describe("a new rate reaches the other processes", () => {
  let database: { url: string; drop: () => Promise<void> };
  let writer: DatabaseHandle;
  let other: DatabaseHandle;
  let adminOfWriter: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    writer = await openDatabase(database.url, { max: 2 });
    other = await openDatabase(database.url, { max: 2 });
    await ensureAdmin(writer.db, { email: "rates@example.com", password: "admin-password", name: "Rates" });
    const [admin] = await writer.db.select({ id: admins.id }).from(admins).where(eq(admins.email, "rates@example.com"));
    adminOfWriter = admin!.id;
  });
  afterAll(async () => {
    await writer.close();
    await other.close();
    await database.drop();
  });

  it("announces it at the commit: the other process reads it at once, well within its reader's 30 s", async () => {
    const events = createDomainEvents(console);
    const published: Array<DomainEventMap["exchange-rate.changed"]> = [];
    events.onCommitted("exchange-rate.changed", async (payload) => void published.push(payload));
    const service = createExchangeRatesService({ db: writer.db, events });
    const otherReader = createLatestRateReader(other.db, { ttlMs: 10 * RATE_TTL_MS });
    expect(await otherReader()).toBeNull();

    await service.setRate(adminOfWriter, { usd_lrd: 188.5, note: "CBL" }, auditedBy(adminOfWriter));
    expect(published).toEqual([{ usd_lrd: 188.5 }]);
    await expect.poll(async () => (await otherReader())?.usd_lrd, { timeout: 3000 }).toBe(188.5);
    await service.setRate(adminOfWriter, { usd_lrd: 189 }, auditedBy(adminOfWriter));
    await expect.poll(async () => (await otherReader())?.usd_lrd, { timeout: 3000 }).toBe(189);
    expect(published).toEqual([{ usd_lrd: 188.5 }, { usd_lrd: 189 }]);
  });

  it("announces, publishes and stores nothing when a reaction inside the write fails and it rolls back", async () => {
    const events = createDomainEvents(console);
    const published: unknown[] = [];
    events.onCommitted("exchange-rate.changed", async (payload) => void published.push(payload));
    // A reaction in the write's transaction (any module's), failing on one rate: by then the row, its
    // audit record and the announcement are written in the transaction, and all of them roll back.
    events.onWrite("exchange-rate.changed", async ({ usd_lrd }) => {
      if (usd_lrd === 250) throw new Error("reaction failed");
    });
    const service = createExchangeRatesService({ db: writer.db, events });
    const heard: number[] = [];
    const listening = watchRateChanges(other.db, (usdLrd) => usdLrd !== null && heard.push(usdLrd));
    expect(await listening).toBe(true);
    const rows = await writer.db.$count(exchangeRates);
    const records = await writer.db.$count(adminAuditLog);

    await expect(service.setRate(adminOfWriter, { usd_lrd: 250 }, auditedBy(adminOfWriter))).rejects.toThrow(
      "reaction failed",
    );
    expect(await writer.db.$count(exchangeRates)).toBe(rows);
    expect(await writer.db.$count(adminAuditLog)).toBe(records);
    expect(published).toEqual([]);
    // Announcements arrive in commit order: once the next rate's is heard, the rolled-back one would have been too.
    await service.setRate(adminOfWriter, { usd_lrd: 189.5 }, auditedBy(adminOfWriter));
    await expect.poll(() => [...heard], { timeout: 3000 }).toEqual([189.5]);
    expect(published).toEqual([{ usd_lrd: 189.5 }]);
    expect((await findLatestRate(other.db))?.usd_lrd).toBe(189.5);
  });
});
