import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAd, createUser } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { INGESTION_MAX_LAG_MS, SHED_MESSAGE, SHED_RETRY_AFTER_SECONDS, createIngestionGate } from "./ingestion-gate.ts";

describe("the ingestion gate's decision (decision 098)", () => {
  it("admits everything while calm, halves the share per lagging sample down to a trickle, and gives it back by steps", () => {
    let lag = 0;
    let draw = 0.4;
    const gate = createIngestionGate({ readLag: () => lag, random: () => draw });
    gate.sample();
    expect(gate.share()).toBe(1);
    draw = 0.999;
    expect(gate.admits()).toBe(true);

    // At the bound is still calm; above it halves.
    lag = INGESTION_MAX_LAG_MS;
    gate.sample();
    expect(gate.share()).toBe(1);
    lag = INGESTION_MAX_LAG_MS + 1;
    gate.sample();
    expect(gate.share()).toBe(0.5);
    draw = 0.4;
    expect(gate.admits()).toBe(true);
    gate.sample();
    expect(gate.share()).toBe(0.25);
    expect(gate.admits()).toBe(false);
    for (let index = 0; index < 20; index += 1) gate.sample();
    expect(gate.share()).toBe(1 / 64);
    draw = 0.01;
    expect(gate.admits()).toBe(true);

    lag = 0;
    gate.sample();
    expect(gate.share()).toBeCloseTo(1 / 64 + 0.1);
    for (let index = 0; index < 10; index += 1) gate.sample();
    expect(gate.share()).toBe(1);
  });
});

describe("registrations shed while the event loop lags (decision 098)", () => {
  let lag = 0;
  // Every draw misses a share below one: what is shed is decided by the lag alone.
  const gate = createIngestionGate({ readLag: () => lag, random: () => 0.99 });
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({}, { analytics: { ingestionGate: gate, flushIntervalMs: 0 } });
  });
  afterAll(() => ctx.close());

  it("answers 503 with Retry-After before counting, keeps browsing served, and admits again once calm", async () => {
    const seller = await createUser(ctx.db);
    const ad = await createAd(ctx.db, { user_id: seller.id });
    const register = () =>
      ctx.app.inject({
        method: "POST",
        url: "/api/analytics/ad/views",
        payload: { ids: [ad.id], visitor_id: "gate-test-visitor" },
      });
    const browse = () => ctx.app.inject({ method: "POST", url: "/api/ads/get", payload: { user_id: seller.id } });

    const calm = await register();
    expect(calm.statusCode).toBe(200);
    expect(calm.json().data.registered_ad_ids).toEqual([ad.id]);

    lag = INGESTION_MAX_LAG_MS * 5;
    gate.sample();
    const shed = await register();
    expect(shed.statusCode).toBe(503);
    expect(shed.headers["retry-after"]).toBe(String(SHED_RETRY_AFTER_SECONDS));
    expect(shed.json().message).toBe(SHED_MESSAGE);
    // The contacts call is shed too, before its sign-in check; browsing is not.
    const contacts = await ctx.app.inject({ method: "POST", url: "/api/analytics/ad/contacts", payload: { ids: [1] } });
    expect(contacts.statusCode).toBe(503);
    const browsed = await browse();
    expect(browsed.statusCode).toBe(200);
    expect(browsed.json().data.data.map((item: { id: number }) => item.id)).toEqual([ad.id]);

    lag = 0;
    for (let index = 0; index < 10; index += 1) gate.sample();
    expect(gate.share()).toBe(1);
    const again = await register();
    expect(again.statusCode).toBe(200);
    expect(again.json().data.registered_ad_ids).toEqual([ad.id]);
  });
});
