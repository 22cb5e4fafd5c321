import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer, type AddressInfo, type Socket } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOBS_SCHEMA } from "../../lib/jobs.ts";
import { createAd, createUser } from "../../test/factories.ts";
import { jobStates } from "../../test/job-states.ts";
import { startSmtpReceiver, type SmtpReceiver } from "../../test/smtp-receiver.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { RECEIPT_EXPIRY_SECONDS } from "./payments.reactions.ts";

// The known crash window of issue 32 (decision 096): a process takes a payment's receipt job and dies before the
// mail is out. After a restart the receipt must go out, and once. The app's maintenance runs every second here, so
// the dead process' job is failed and retried as soon as its expiry has passed.
let receiver: SmtpReceiver;
let ctx: TestApp;
/** A mail server that takes connections and never says a word: a send to it hangs until its timeout. */
const hanging: Socket[] = [];
const blackHole = createServer((socket) => void hanging.push(socket));
beforeAll(async () => {
  await new Promise<void>((resolve) => blackHole.listen(0, "127.0.0.1", resolve));
  receiver = await startSmtpReceiver();
  ctx = await createTestApp({ SMTP_URL: receiver.smtpUrl }, { maintenanceIntervalSeconds: 1 });
});
afterAll(async () => {
  await ctx.close();
  await receiver.close();
  for (const socket of hanging) socket.destroy();
  await new Promise((resolve) => blackHole.close(resolve));
});

const root = path.resolve(import.meta.dirname, "../../../../..");

/** A successful payment whose receipt is still to be mailed, as settle() leaves it (before its job runs). */
async function successfulPayment() {
  const user = await createUser(ctx.db);
  const ad = await createAd(ctx.db, { user_id: user.id });
  const [pack] = await ctx.sql<{ id: number; price: number }[]>`
    select id, price::float8 as price from packages where type = 'ad' and active order by id limit 1`;
  const id = randomUUID();
  await ctx.sql`
    insert into payments (id, user_id, package_id, ad_id, type, amount, currency, amount_usd, phone_number, status,
      financial_transaction_id, completed_at)
    values (${id}, ${user.id}, ${pack!.id}, ${ad.id}, 'ad', ${pack!.price}, 'USD', ${pack!.price}, '231881234567',
      'successful', 'fin-1', now())`;
  return { id, email: user.email };
}

/**
 * Another server process takes the receipt's job and dies mid-way: its worker runs the real handler against a mail
 * server that accepts the connection and never answers, and the process is killed with SIGKILL once the handler is
 * inside the send, after whatever claim it makes. Returns the job's id.
 */
async function claimThenKill9(paymentId: string) {
  const connected = new Promise<void>((resolve) => blackHole.once("connection", () => resolve()));
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "../../test/job-process.ts")],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: ctx.url,
        SMTP_URL: `smtp://127.0.0.1:${(blackHole.address() as AddressInfo).port}`,
        JOB_NAME: "payments.send-receipt",
        JOB_DATA: JSON.stringify({ paymentId }),
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
  await Promise.race([
    connected,
    exited.then(() => Promise.reject(new Error(`the claiming process ended early: ${output}`))),
  ]);
  child.kill("SIGKILL");
  expect(await exited).toBe("SIGKILL");
  const [job] = await ctx.sql<{ id: string }[]>`
    select id from ${ctx.sql(JOBS_SCHEMA)}.job where name = 'payments.send-receipt' and data->>'paymentId' = ${paymentId}`;
  return job!.id;
}

const receiptSent = async (paymentId: string) =>
  (
    await ctx.sql<{ sent: boolean }[]>`select receipt_sent_at is not null as sent from payments where id = ${paymentId}`
  )[0]!.sent;

/** The restart came after the queue's expiry: the dead run's start is moved back rather than waited for. */
const expirySince = (jobId: string) =>
  ctx.sql`update ${ctx.sql(JOBS_SCHEMA)}.job set started_on = started_on - ${RECEIPT_EXPIRY_SECONDS} * interval '1 second'
    where id = ${jobId}`;

describe("a receipt claimed by a process that crashed", () => {
  it("is mailed once after a restart, by the process that is up", async () => {
    const payment = await successfulPayment();
    // The app is down while the other process claims the receipt and dies.
    await ctx.jobs.stop();
    const jobId = await claimThenKill9(payment.id);
    expect(await receiptSent(payment.id)).toBe(false);
    expect(await jobStates(ctx.sql, "payments.send-receipt", { paymentId: payment.id })).toEqual(["active"]);
    // The dead claim carries the queue's expiry, not pg-boss' default quarter of an hour.
    const [claim] = await ctx.sql<{ seconds: number }[]>`
      select extract(epoch from expire_in)::int as seconds from ${ctx.sql(JOBS_SCHEMA)}.job where id = ${jobId}`;
    expect(claim!.seconds).toBe(RECEIPT_EXPIRY_SECONDS);
    await expirySince(jobId);

    await ctx.jobs.start(ctx.app.log);
    const mail = (await receiver.nextMailTo(payment.email, 30_000)).raw.replace(/=\r?\n/g, "");
    expect(mail).toContain(`Our reference: ${payment.id}`);
    expect(mail).toMatch(new RegExp(`Message-ID: <receipt-${payment.id}@`, "i"));
    // The job has ended: no later run can mail again, and none did.
    await expect
      .poll(() => jobStates(ctx.sql, "payments.send-receipt", { paymentId: payment.id }), { timeout: 10_000 })
      .toEqual(["completed"]);
    expect(receiver.mailsTo(payment.email)).toHaveLength(0);
    expect(await receiptSent(payment.id)).toBe(true);
  }, 60_000);

  it("is not mailed again when the process died after mailing it, before its job completed", async () => {
    const payment = await successfulPayment();
    await ctx.jobs.stop();
    const jobId = await claimThenKill9(payment.id);
    // As if the dead process had got its mail out and recorded it, only its job's completion lost.
    await ctx.sql`update payments set receipt_sent_at = now() where id = ${payment.id}`;
    await expirySince(jobId);

    await ctx.jobs.start(ctx.app.log);
    await expect
      .poll(() => jobStates(ctx.sql, "payments.send-receipt", { paymentId: payment.id }), { timeout: 30_000 })
      .toEqual(["completed"]);
    expect(receiver.mailsTo(payment.email)).toHaveLength(0);
  }, 60_000);

  it("every singleton queue of the app is held back by a crashed run minutes at most, not 15", async () => {
    const queues = await ctx.sql<{ name: string; policy: string; expire_seconds: number | null }[]>`
      select name, policy, expire_seconds from ${ctx.sql(JOBS_SCHEMA)}.queue
      where policy in ('singleton', 'stately') order by name`;
    expect(queues.map((queue) => queue.name)).toEqual(
      expect.arrayContaining(["analytics.visibility-scores", "payments.reconcile", "selling.expire-ads"]),
    );
    for (const queue of queues) expect(queue.expire_seconds, queue.name).toBeLessThanOrEqual(600);
    const every = Object.fromEntries(queues.map((queue) => [queue.name, queue.expire_seconds]));
    // The ones that run every minute or five (decision 096): their expiry and a 30 s maintenance round, ≤ 3.5 minutes.
    for (const name of ["payments.reconcile", "payments.expire-subscriptions", "selling.expire-ads"])
      expect(every[name], name).toBeLessThanOrEqual(180);
  });
});
