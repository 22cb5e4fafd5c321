import { afterAll, beforeAll } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/database.ts";
import { startRedis } from "./redis-server.ts";
import { startTestServer, temporaryDataDir } from "./server-process.ts";
import { createTestDatabase } from "./test-app.ts";

/**
 * What a suite of real server processes runs on, set up before its tests and removed after (call it in the suite):
 * a database copied from the run's template, a data folder, with `redis` a Redis, all of the suite's own, and the
 * secret the servers sign tokens with, so that a test signs users in directly. `start()` starts a server on them as
 * production runs it, on a free port or the one given (a restart on the same address).
 */
export function serverTestBed(name: string, { redis = false } = {}) {
  let data: ReturnType<typeof temporaryDataDir> | undefined;
  const tokenSecret = `${name} test secret`.padEnd(40, ".");
  let testDatabase: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let database: DatabaseHandle | undefined;
  let redisServer: Awaited<ReturnType<typeof startRedis>> | undefined;
  // Made here, not when the suite is declared: a suite skipped on this machine leaves nothing behind.
  beforeAll(async () => {
    data = temporaryDataDir(name);
    if (redis) redisServer = await startRedis();
    testDatabase = await createTestDatabase();
    database = await openDatabase(testDatabase.url, { max: 2 });
  });
  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
    await redisServer?.stop();
    data?.remove();
  });
  return {
    tokenSecret,
    /** The servers' data folder (media, outbox). */
    get dataDir() {
      return data!.path;
    },
    /** The suite's database's URL, for a queue of the test's own beside the servers'. */
    get databaseUrl() {
      return testDatabase!.url;
    },
    /** The suite's database, which its servers use. */
    get db() {
      return database!.db;
    },
    start: (env: Record<string, string> = {}, port?: number) =>
      startTestServer(
        {
          DATABASE_URL: testDatabase!.url,
          DATA_DIR: data!.path,
          TOKEN_SECRET: tokenSecret,
          ...(redisServer && { REDIS_URL: redisServer.url }),
          ...env,
        },
        port,
      ),
  };
}
