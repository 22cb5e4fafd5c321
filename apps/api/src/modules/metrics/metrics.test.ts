import type { ClientToServerEvents, ServerToClientEvents } from "@waterside/shared/realtime";
import { io, type Socket } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import { createAd, createUser, signedInUser } from "../../test/factories.ts";
import { createTestApp, useTestApp } from "../../test/test-app.ts";

const TOKEN = "metrics-test-token-0123456789abcdef";
const ctx = useTestApp({ METRICS_TOKEN: TOKEN });
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((socket) => socket.disconnect()));

const scrape = (authorization?: string) =>
  ctx.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

/**
 * The value of the sample `name` whose labels include `labels`, or undefined when the scrape has none. Label values
 * here hold no quotes or commas, so a line splits plainly.
 */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      (match[2] ?? "")
        .split(",")
        .filter(Boolean)
        .map((pair) => {
          const [key, value] = pair.split("=");
          return [key, JSON.parse(value!)];
        }),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe("GET /metrics", () => {
  it("refuses a scrape without the token, with a wrong one, or another scheme: 401 revealing nothing", async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, "Bearer ", `Basic ${TOKEN}`, TOKEN]) {
      const reply = await scrape(authorization);
      expect(reply.statusCode).toBe(401);
      expect(reply.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(reply.json()).toEqual({ message: "Authentication required." });
      expect(reply.body).not.toMatch(/http_requests|nodejs_|waterside_/);
    }
  });

  it("is 404 when METRICS_TOKEN is unset, and then times no request", async () => {
    const plain = await createTestApp();
    try {
      const reply = await plain.app.inject({ method: "GET", url: "/metrics", headers: { authorization: "Bearer x" } });
      expect(reply.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("serves the process, request, chat, queue, payment, cache and database series", async () => {
    const reply = await scrape(`Bearer ${TOKEN}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(reply.headers["cache-control"]).toBe("no-store");
    for (const name of [
      "nodejs_eventloop_lag_seconds",
      "nodejs_eventloop_lag_p99_seconds",
      "nodejs_heap_size_used_bytes",
      "process_resident_memory_bytes",
      "http_requests_total",
      "http_request_duration_seconds",
      "waterside_open_sockets",
      "waterside_chat_messages_stored_total",
      "waterside_jobs",
      "waterside_job_oldest_due_seconds",
      "waterside_job_failures_total",
      "waterside_payments",
      "waterside_payment_oldest_open_seconds",
      "waterside_payouts",
      "waterside_payout_oldest_open_seconds",
      "waterside_list_cache_hits_total",
      "waterside_list_cache_misses_total",
      "waterside_db_pool_max",
      "waterside_db_connections",
    ]) {
      expect(reply.body).toContain(`# TYPE ${name} `);
    }
    expect(sample(reply.body, "waterside_db_pool_max")).toBe(4);
    expect(sample(reply.body, "waterside_db_connections", { application: "waterside-jobs" })).toBeGreaterThan(0);
  });

  it("counts requests under their route pattern, never the URL asked for", async () => {
    const body = { category_id: 1 };
    for (let i = 0; i < 3; i++) {
      expect((await ctx.app.inject({ method: "POST", url: "/api/ads/get", payload: body })).statusCode).toBe(200);
    }
    expect((await ctx.app.inject({ method: "GET", url: "/api/ads/id/987654" })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url: "/api/no-such-thing/5551234?token=secret" })).statusCode).toBe(
      404,
    );

    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, "http_requests_total", { method: "POST", route: "/api/ads/get", status: "200" })).toBe(3);
    expect(sample(text, "http_requests_total", { method: "GET", route: "/api/ads/id/:id", status: "404" })).toBe(1);
    expect(sample(text, "http_requests_total", { method: "GET", route: "unmatched", status: "404" })).toBe(1);
    expect(
      sample(text, "http_request_duration_seconds_count", { method: "POST", route: "/api/ads/get" }),
    ).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain("987654");
    expect(text).not.toContain("no-such-thing");
    // The same list three times: the stored page answered the last two from memory.
    expect(sample(text, "waterside_list_cache_hits_total", { cache: "ads.storedPages" })).toBeGreaterThanOrEqual(2);
    expect(sample(text, "waterside_list_cache_misses_total", { cache: "ads.storedPages" })).toBeGreaterThanOrEqual(1);
  });

  it("counts chat messages stored and the sockets open on /messages", async () => {
    const { port } = new URL(await ctx.app.listen({ port: 0, host: "127.0.0.1" }));
    const seller = await createUser(ctx.db);
    const ad = await createAd(ctx.db, { user_id: seller.id });
    const buyer = await signedInUser(ctx.app, ctx.db);
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(`http://127.0.0.1:${port}`, {
      path: "/messages",
      auth: { token: buyer.headers.authorization.replace("Bearer ", "") },
      transports: ["websocket"],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on("connect", () => resolve());
      socket.on("connect_error", reject);
    });

    const before = sample((await scrape(`Bearer ${TOKEN}`)).body, "waterside_chat_messages_stored_total") ?? 0;
    const sent = await ctx.app.inject({
      method: "POST",
      url: "/api/chats",
      headers: buyer.headers,
      payload: { recieverId: seller.id, firstMessage: "Is it still for sale?", productId: ad.id },
    });
    expect(sent.statusCode).toBe(201);
    await expect
      .poll(async () => sample((await scrape(`Bearer ${TOKEN}`)).body, "waterside_chat_messages_stored_total"))
      .toBe(before + 1);
    expect(sample((await scrape(`Bearer ${TOKEN}`)).body, "waterside_open_sockets")).toBe(1);
  });

  it("reads queue depths and payments by provider and status when scraped", async () => {
    // A job due in an hour waits in the queue (created), and is not yet due.
    await ctx.jobs.send("storage.sweep-orphans", {}, { startAfter: new Date(Date.now() + 3_600_000) });
    const payer = await createUser(ctx.db);
    await ctx.sql`
      insert into payments (id, user_id, package_id, type, provider, amount, currency, amount_usd, phone_number,
        status, created_at)
      select gen_random_uuid(), ${payer.id}, id, 'ad', 'orange_money', 5, 'USD', 5, '+231770000000', 'pending',
        now() - interval '10 minutes'
      from packages where type = 'ad' limit 1`;

    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, "waterside_jobs", { queue: "storage.sweep-orphans", state: "created" })).toBeGreaterThan(0);
    expect(sample(text, "waterside_job_oldest_due_seconds", { queue: "storage.sweep-orphans" })).toBeUndefined();
    expect(sample(text, "waterside_payments", { provider: "orange_money", status: "pending" })).toBe(1);
    expect(
      sample(text, "waterside_payment_oldest_open_seconds", { provider: "orange_money", status: "pending" }),
    ).toBeGreaterThanOrEqual(600);
    expect(sample(text, "waterside_payments", { provider: "mtn_momo", status: "pending" })).toBeUndefined();
    // The phone number of a payment is nowhere in the scrape.
    expect(text).not.toContain("231770000000");
  });

  it("reads payouts by provider and status when scraped (decision 100)", async () => {
    await ctx.sql`
      insert into payouts (id, subject, provider, amount, currency, phone_number, note, status, created_at)
      values (gen_random_uuid(), 'deal:1:payout', 'mtn_momo', 40, 'USD', '231881230001', 'Deal', 'pending',
          now() - interval '20 minutes'),
        (gen_random_uuid(), 'deal:2:payout', 'mtn_momo', 40, 'USD', '231881230002', 'Deal', 'successful', now())`;
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, "waterside_payouts", { provider: "mtn_momo", status: "pending" })).toBe(1);
    expect(sample(text, "waterside_payouts", { provider: "mtn_momo", status: "successful" })).toBe(1);
    expect(
      sample(text, "waterside_payout_oldest_open_seconds", { provider: "mtn_momo", status: "pending" }),
    ).toBeGreaterThanOrEqual(1200);
    expect(
      sample(text, "waterside_payout_oldest_open_seconds", { provider: "mtn_momo", status: "successful" }),
    ).toBeUndefined();
    expect(text).not.toContain("231881230001");
  });
});
