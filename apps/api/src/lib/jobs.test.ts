import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/database.ts";
import { createTestDatabase } from "../test/test-app.ts";
import { createJobs, JOBS_SCHEMA, type Jobs } from "./jobs.ts";

/** Jobs of this test only: the application's JobMap names real work. */
interface TestJobs {
  "test.record": { note: string };
  "test.flaky": { note: string };
  "test.periodic": { note: string };
}

const quiet = { error: () => {} };
let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
let database: DatabaseHandle;
const started: Jobs<TestJobs>[] = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.url, { max: 2 });
});
// A test's processes stop with it: left running, they would take the next test's jobs.
afterEach(async () => {
  await Promise.all(started.splice(0).map((jobs) => jobs.stop()));
});
afterAll(async () => {
  await database.close();
  await testDatabase.drop();
});

/** One server process' queue: handlers record what they ran, under the process' name. */
async function startProcess(name: string, runs: Array<{ process: string; note: string; attempt: number }>) {
  const jobs = createJobs<TestJobs>({ url: testDatabase.url, pollingIntervalSeconds: 0.5, max: 2 });
  jobs.work("test.record", async ({ note }, job) => {
    runs.push({ process: name, note, attempt: job.retryCount });
  });
  jobs.work(
    "test.flaky",
    async ({ note }, job) => {
      runs.push({ process: name, note, attempt: job.retryCount });
      if (job.retryCount === 0) throw new Error("the first attempt fails");
    },
    { retryLimit: 1, retryDelay: 0 },
  );
  await jobs.start(quiet);
  started.push(jobs);
  return jobs;
}

const jobState = async (id: string) => {
  const [row] = await database.sql<{ state: string }[]>`
    select state from ${database.sql(JOBS_SCHEMA)}.job where id = ${id}`;
  return row?.state;
};
/** Waits until the jobs have ended: a completed job is never fetched again, so no later run can come. */
const completed = (ids: Array<string | null>) =>
  expect.poll(() => Promise.all(ids.map((id) => jobState(id!))), { timeout: 8000 }).toEqual(ids.map(() => "completed"));

describe("the job queue", () => {
  it("runs each job once, even with several processes polling the same queue", async () => {
    const runs: Array<{ process: string; note: string; attempt: number }> = [];
    const [first] = await Promise.all([startProcess("one", runs), startProcess("two", runs)]);
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) => first!.send("test.record", { note: `job ${i}` })),
    );

    await completed(ids);
    expect(runs.map((run) => run.note).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `job ${i}`).sort());
  });

  it("retries a job whose handler throws, within its retry limit", async () => {
    const runs: Array<{ process: string; note: string; attempt: number }> = [];
    const jobs = await startProcess("solo", runs);
    const id = await jobs.send("test.flaky", { note: "flaky" });

    await completed([id]);
    expect(runs.map((run) => run.attempt)).toEqual([0, 1]);
    // The failed attempt is counted for the metrics, the one that succeeded is not.
    expect(jobs.failures().get("test.flaky")).toBe(1);
    expect(jobs.failures().get("test.record")).toBeUndefined();
  });

  it("says whether it runs, and how many jobs wait per queue, with the oldest due one's age", async () => {
    const idle = createJobs<TestJobs>({ url: testDatabase.url });
    expect(await idle.probe()).toBe("stopped");
    expect(await idle.depths()).toEqual([]);

    // A process without workers (JOB_WORKERS=off), so its jobs wait: one due a minute ago, one due in an hour.
    const waiting = createJobs<TestJobs>({ url: testDatabase.url, runWorkers: false, max: 2 });
    waiting.work("test.record", async () => {});
    await waiting.start(quiet);
    started.push(waiting);
    expect(await waiting.probe()).toBe("ok");
    await waiting.send("test.record", { note: "due" });
    await waiting.send("test.record", { note: "later" }, { startAfter: new Date(Date.now() + 3_600_000) });
    await database.sql`update ${database.sql(JOBS_SCHEMA)}.job set start_after = now() - interval '1 minute'
      where name = 'test.record' and data->>'note' = 'due'`;

    const created = (await waiting.depths()).find((row) => row.queue === "test.record" && row.state === "created");
    expect(created?.jobs).toBe(2);
    expect(created?.oldestDueSeconds).toBeGreaterThanOrEqual(59);
    expect(created?.oldestDueSeconds).toBeLessThan(600);

    await waiting.stop();
    expect(await waiting.probe()).toBe("stopped");
    // Left queued, they would run in the next test's processes.
    await database.sql`delete from ${database.sql(JOBS_SCHEMA)}.job where name = 'test.record'`;
  });

  it("enqueued in a transaction: runs only if the transaction commits", async () => {
    const runs: Array<{ process: string; note: string; attempt: number }> = [];
    const jobs = await startProcess("solo", runs);

    let rolledBackId: string | null = null;
    await expect(
      database.db.transaction(async (tx) => {
        rolledBackId = await jobs.send("test.record", { note: "rolled back" }, { tx });
        // Inside the transaction the job exists; no worker can see it yet.
        const [row] = await tx.execute<{ count: number }>(
          sql`select count(*)::int as count from ${sql.identifier(JOBS_SCHEMA)}.job where id = ${rolledBackId}`,
        );
        expect(row?.count).toBe(1);
        throw new Error("the write fails");
      }),
    ).rejects.toThrow("the write fails");

    const committedId = await database.db.transaction(async (tx) => {
      const id = await jobs.send("test.record", { note: "committed" }, { tx });
      // Held uncommitted while a job sent after it, on its own, is fetched and run: nobody runs this one yet.
      await completed([await jobs.send("test.record", { note: "sent after, committed at once" })]);
      expect(runs.map((run) => run.note)).toEqual(["sent after, committed at once"]);
      return id;
    });

    await completed([committedId]);
    expect(runs.map((run) => run.note)).toEqual(["sent after, committed at once", "committed"]);
    expect(rolledBackId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await jobState(rolledBackId!)).toBeUndefined();
  });

  it("keeps the schedules the code declares, and removes one it no longer does", async () => {
    const schedules = async () =>
      database.sql<{ name: string; cron: string; data: unknown }[]>`
        select name, cron, data from ${database.sql(JOBS_SCHEMA)}.schedule order by name`;
    const scheduled = createJobs<TestJobs>({ url: testDatabase.url });
    scheduled.work("test.record", async () => {});
    scheduled.schedule("test.record", "0 3 * * *", { note: "nightly" });
    await scheduled.start(quiet);
    started.push(scheduled);
    expect(await schedules()).toEqual([{ name: "test.record", cron: "0 3 * * *", data: { note: "nightly" } }]);

    // The next version of the code: the same worker, no schedule.
    const unscheduled = createJobs<TestJobs>({ url: testDatabase.url });
    unscheduled.work("test.record", async () => {});
    await unscheduled.start(quiet);
    started.push(unscheduled);
    expect(await schedules()).toEqual([]);
  });

  it("a process without workers enqueues jobs (in its transactions too) that only a process with workers runs", async () => {
    const sentOnly: string[] = [];
    const serving = createJobs<TestJobs>({
      url: testDatabase.url,
      pollingIntervalSeconds: 0.5,
      max: 2,
      runWorkers: false,
    });
    serving.work("test.record", async ({ note }) => {
      sentOnly.push(note);
    });
    serving.schedule("test.record", "0 4 * * *", { note: "nightly" });
    await serving.start(quiet);
    started.push(serving);
    const ids = [
      await serving.send("test.record", { note: "at once" }),
      await database.db.transaction((tx) => serving.send("test.record", { note: "in a transaction" }, { tx })),
    ];
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await Promise.all(ids.map((id) => jobState(id!)))).toEqual(["created", "created"]);
    const scheduled = await database.sql`select name from ${database.sql(JOBS_SCHEMA)}.schedule`;
    expect(scheduled).toEqual([]);

    const runs: Array<{ process: string; note: string; attempt: number }> = [];
    await startProcess("worker", runs);
    await completed(ids);
    expect(runs.map((run) => `${run.process}: ${run.note}`).sort()).toEqual([
      "worker: at once",
      "worker: in a transaction",
    ]);
    expect(sentOnly).toEqual([]);
  });

  it("a singleton job left active by a dead process holds its queue back only until its own expiry, then runs again once", async () => {
    const runs: Array<{ note: string; attempt: number; at: number }> = [];
    let running = 0;
    let mostAtOnce = 0;
    const survivor = createJobs<TestJobs>({
      url: testDatabase.url,
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
      max: 2,
    });
    survivor.work(
      "test.periodic",
      async ({ note }, job) => {
        mostAtOnce = Math.max(mostAtOnce, ++running);
        runs.push({ note, attempt: job.retryCount, at: Date.now() });
        await new Promise((resolve) => setTimeout(resolve, 100));
        running--;
      },
      { policy: "singleton", expireInSeconds: 3, retryLimit: 1, retryDelay: 0 },
    );
    await survivor.start(quiet);
    started.push(survivor);

    // The state a kill -9 leaves: a run marked active by a process that is gone, with the queue's expiry.
    const [cutOff] = await database.sql<{ id: string }[]>`
      insert into ${database.sql(JOBS_SCHEMA)}.job (name, data, state, started_on, expire_in, policy, retry_limit)
      values ('test.periodic', '{"note": "cut off"}'::jsonb, 'active', now(), interval '3 seconds',
        'singleton', 1)
      returning id`;
    const diedAt = Date.now();
    // The schedule's next run, queued while the dead one still counts as running.
    const next = await survivor.send("test.periodic", { note: "next run" });

    await expect
      .poll(() => Promise.all([jobState(cutOff!.id), jobState(next!)]), { timeout: 10_000, interval: 200 })
      .toEqual(["completed", "completed"]);
    // Held back while the dead run was within its expiry, and not the default quarter of an hour after: the queue's
    // 3 s, a maintenance round (1 s here) and a poll.
    const first = Math.min(...runs.map((run) => run.at)) - diedAt;
    expect(first).toBeGreaterThanOrEqual(2_500);
    expect(first).toBeLessThan(7_000);
    // The cut-off run is retried once, the next one runs once, and never both at a time.
    expect(runs.map((run) => `${run.note} #${run.attempt}`).sort()).toEqual(["cut off #1", "next run #0"]);
    expect(mostAtOnce).toBe(1);
  });

  it("refuses a singleton or stately queue without an expiry that fits it", () => {
    const jobs = createJobs<TestJobs>({ url: testDatabase.url });
    expect(() => jobs.work("test.periodic", async () => {}, { policy: "singleton" })).toThrow("expireInSeconds");
    expect(() => jobs.work("test.periodic", async () => {}, { policy: "stately" })).toThrow("expireInSeconds");
  });

  it("refuses jobs it has no worker for, and declarations after the start", async () => {
    const jobs = createJobs<TestJobs>({ url: testDatabase.url });
    jobs.work("test.record", async () => {});
    await expect(jobs.send("test.record", { note: "early" })).rejects.toThrow("not started");
    await jobs.start(quiet);
    started.push(jobs);
    await expect(jobs.send("test.flaky", { note: "no worker" })).rejects.toThrow('"test.flaky" has no worker');
    expect(() => jobs.work("test.flaky", async () => {})).toThrow("before the job queue starts");
  });
});
