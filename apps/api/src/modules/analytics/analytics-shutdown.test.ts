import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp, type App } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { openDatabase, type DatabaseHandle } from "../../db/database.ts";
import { createJobs, type Jobs } from "../../lib/jobs.ts";
import { createStorage } from "../../lib/storage.ts";
import { createAd, createUser } from "../../test/factories.ts";
import { createTestDatabase } from "../../test/test-app.ts";

// Issue 32's crash window (decision 096): views and clicks wait in the process before one statement writes them. A
// graceful stop (SIGTERM: server.ts closes the app before the database) must write them all. The app here holds them
// a minute, so only its close can have written what the test then finds.
let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
let database: DatabaseHandle;
let jobs: Jobs;
let app: App;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.url, { max: 4 });
  const mediaDir = inject("mediaDir");
  const config = {
    ...loadConfig({ NODE_ENV: "test", TOKEN_SECRET: "t".repeat(40), DATA_DIR: path.dirname(mediaDir) }),
    mediaDir,
  };
  jobs = createJobs({ url: testDatabase.url, runWorkers: false, max: 2 });
  app = await buildApp({
    config,
    db: database.db,
    storage: createStorage(config),
    jobs,
    analytics: { flushIntervalMs: 60_000 },
  });
  await jobs.start(app.log);
});
afterAll(async () => {
  await jobs.stop();
  await database.close();
  await testDatabase.drop();
});

describe("analytics events buffered in the process", () => {
  it("are all stored when the app closes, as on SIGTERM", async () => {
    const seller = await createUser(database.db);
    const listed = await Promise.all(Array.from({ length: 3 }, () => createAd(database.db, { user_id: seller.id })));
    const ids = listed.map((ad) => ad.id);
    const counts = async () =>
      database.sql<{ views: number; clicks: number }[]>`
        select coalesce(sum(views), 0)::int as views, coalesce(sum(clicks), 0)::int as clicks
        from ad_daily_stats where ad_id in ${database.sql(ids)}`;

    // Ten visitors (their browsers' ids) view the three ads and click the first, just before the stop.
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, visitor) => [
        app.inject({
          method: "POST",
          url: "/api/analytics/ad/views",
          payload: { ids, visitor_id: `visitor-${visitor}` },
          remoteAddress: `10.0.0.${visitor + 1}`,
        }),
        app.inject({
          method: "POST",
          url: "/api/analytics/ad/clicks",
          payload: { ids: [ids[0]], visitor_id: `visitor-${visitor}` },
          remoteAddress: `10.0.0.${visitor + 1}`,
        }),
      ]).flat(),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(replies.map(() => 200));
    expect(replies[0]!.json().data.registered_ad_ids.sort()).toEqual([...ids].sort());
    // Accepted, still in the process.
    expect(await counts()).toEqual([{ views: 0, clicks: 0 }]);

    await app.close();
    expect(await counts()).toEqual([{ views: 30, clicks: 10 }]);
  });
});
