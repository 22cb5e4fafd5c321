import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BRAND } from "@waterside/shared/brand";
import { buildApp, type App } from "./app.ts";
import { loadConfigOrExit } from "./config.ts";
import { openConfiguredDatabase } from "./db/database.ts";
import { DEMO_ACCOUNTS, DEMO_ADMIN, DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD, seedDemoData } from "./db/seed/seed-demo.ts";
import { createJobs, type Jobs } from "./lib/jobs.ts";
import { startMomoSandbox } from "./lib/momo-sandbox.ts";
import { startPawapaySandbox } from "./lib/pawapay-sandbox.ts";
import { startFakeSmsGateway } from "./lib/sms-gateway-fake.ts";
import { ensureAdmin } from "./modules/admin-auth/create-admin.ts";
import { seedReferenceData } from "./db/seed/seed-reference.ts";
import { createStorage } from "./lib/storage.ts";
import { registerWebApp } from "./plugins/web-app.ts";

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web");
const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const loaded = loadConfigOrExit();
  // Without an MTN account, development and the demo pay through the local MoMo sandbox, which speaks MTN's protocol
  // (README "Mobile Money"). Production without MOMO_* takes no payments: a sandbox there would give boosts away.
  const momoSandbox = !loaded.momo && !loaded.production ? await startMomoSandbox({ currency: "USD" }) : null;
  // Orange Money likewise through a local sandbox speaking pawaPay's deposits API (decision 085), in both currencies.
  const pawapaySandbox =
    !loaded.orange && !loaded.production
      ? await startPawapaySandbox({ callbackUrl: `${loaded.publicUrl}/api/payments/orange-money/callback` })
      : null;
  // The sandboxes pay out too (decision 100): MTN's Disbursement product under its own credentials, pawaPay's payouts.
  const config = {
    ...loaded,
    ...(momoSandbox && {
      momo: { ...momoSandbox.clientConfig, callbackUrl: `${loaded.publicUrl}/api/payments/momo/callback` },
      momoDisbursement: momoSandbox.disbursementConfig,
    }),
    ...(pawapaySandbox && { orange: pawapaySandbox.clientConfig, orangePayouts: true }),
  };
  if (momoSandbox) say(`Mobile Money: the local MoMo sandbox at ${momoSandbox.url} (README "Mobile Money").`);
  if (pawapaySandbox) say(`Orange Money: the local pawaPay sandbox at ${pawapaySandbox.url} (decision 085).`);
  // Without an SMS provider, development and the demo send sign-in codes through a local gateway speaking Twilio's
  // protocol, which keeps every message in DATA_DIR/sms-outbox. Production without SMS_* has no phone sign-in.
  const smsGateway =
    !config.sms.twilio && !config.production
      ? await startFakeSmsGateway({ outboxDir: path.join(config.dataDir, "sms-outbox") })
      : null;
  if (smsGateway) {
    config.sms.twilio = smsGateway.clientConfig;
    say(`SMS: the local fake gateway at ${smsGateway.url} keeps every code it "sends" in ${smsGateway.outboxDir}.`);
  }

  const dev = process.argv.includes("--dev");
  mkdirSync(config.mediaDir, { recursive: true });

  const database = await signalsStayOurs(() => openConfiguredDatabase(config, say));

  const storage = createStorage(config);
  const reference = await seedReferenceData(database.db, storage);
  if (reference.seeded.length) say(`Seeded reference data: ${reference.seeded.join(", ")}.`);
  if (config.seedDemo) {
    const demo = await seedDemoData(database.db, storage, { ads: config.demoAds, log: say });
    if (demo.seeded) say(`Seeded demo data: ${DEMO_ACCOUNTS.length} users, ${config.demoAds} ads.`);
  }

  if (config.bootstrapAdmin && (await ensureAdmin(database.db, { ...config.bootstrapAdmin, name: "Admin" }))) {
    say(`Created admin ${config.bootstrapAdmin.email}.`);
  }

  // Every process runs the workers; pg-boss gives each job to one of them (docs/decisions/036-job-queue.md).
  const jobs = createJobs({ url: database.url, runWorkers: config.jobWorkers });
  const app = await buildApp({
    config,
    db: database.db,
    storage,
    jobs,
    logger: { level: config.logLevel },
  });
  await registerWebApp(app, {
    webRoot,
    dev,
    publicUrl: config.publicUrl,
    outsideLinks: config.outsideLinks,
    safeDeals: config.safeDeals,
    // Shared by the deployment's processes: assets of a release stay served after its processes are gone (decision 099).
    assetArchive: storage,
  });
  await jobs.start(app.log);
  // A crash may have left files without rows: sweep them now rather than at the next hour.
  await jobs.send("storage.sweep-orphans", {}, { singletonKey: "at-start" });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`\n${signal}: stopping ${BRAND}…`);
    try {
      // Not ready first, still serving: load balancers take this process out before its port closes (decision 092).
      app.health.drain();
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      await stopGracefully(app, jobs, config.shutdownTimeoutMs);
      await momoSandbox?.close();
      await pawapaySandbox?.close();
      await smsGateway?.close();
      await database.close();
    } catch (error) {
      process.stderr.write(
        `${BRAND} did not stop cleanly: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    }
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  // The terminal that ran `npm run serve` was closed: stop as cleanly as on Ctrl-C.
  process.on("SIGHUP", () => void stop("SIGHUP"));

  await app.listen({ host: config.host, port: config.port });
  const url = config.publicUrl;
  const banner = [
    `\n${BRAND} is running at ${url}${dev ? " (development, hot reload)" : ""}`,
    `API docs: ${url}/api/docs`,
  ];
  if (config.seedDemo) {
    banner.push(`Demo accounts (password "${DEMO_PASSWORD}"):`);
    banner.push(`  ${DEMO_ADMIN.email.padEnd(30)} admin       (admin API: /api/admin/auth/login)`);
    if (!config.production) {
      banner.push(`  ${"".padEnd(30)} its authenticator secret (TOTP): ${DEMO_ADMIN_TOTP_SECRET}`);
    }
    for (const account of DEMO_ACCOUNTS) {
      banner.push(`  ${account.email.padEnd(30)} ${account.business ? "business  " : "individual"}  ${account.name}`);
    }
  }
  say(banner.join("\n"));
}

/**
 * The embedded PostgreSQL's package stops its cluster and exits on SIGINT, SIGTERM and SIGHUP as they arrive, under
 * the requests still in flight: its handlers are removed, and stop() closes the database itself, last. Its hook on
 * the process' exit stays, so an uncaught error still stops the cluster; only SIGKILL leaves it running, for the
 * next start to stop (db/stop-leftover-postgres.ts).
 */
async function signalsStayOurs<T>(open: () => Promise<T>): Promise<T> {
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  const before = new Set(signals.flatMap((signal) => process.listeners(signal)));
  const opened = await open();
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) if (!before.has(listener)) process.off(signal, listener);
  }
  return opened;
}

/**
 * Fastify's close: new requests get 503 with `Connection: close` (/api/ready included, so a load balancer moves on),
 * sockets are dropped (realtime's preClose), the port stops accepting, in-flight requests finish, then onClose hooks.
 * Node's server.close() closes idle keep-alive connections only once, so a connection whose request was in flight
 * would stay open after its reply until keepAliveTimeout (72 s): they are closed as they become idle. Past
 * `timeoutMs`, connections still busy are cut and running jobs left to be retried; should even that hang, exit 1.
 */
async function stopGracefully(app: App, jobs: Jobs, timeoutMs: number) {
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  const deadline = setTimeout(() => {
    app.log.warn("shutdown timeout: closing the connections of requests still in flight");
    app.server.closeAllConnections();
  }, timeoutMs);
  setTimeout(() => {
    process.stderr.write(`${BRAND} did not stop within ${timeoutMs + 5000} ms\n`);
    process.exit(1);
  }, timeoutMs + 5000).unref();
  try {
    await Promise.all([app.close(), jobs.stop({ timeoutMs })]);
  } finally {
    clearInterval(idle);
    clearTimeout(deadline);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${BRAND} failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
