/**
 * Web Push after a burst of chat messages (issue 24): BENCH_PUSHES messages (default 1,000) to as many recipients who
 * are away, each with one subscribed browser, sent as fast as 50 clients can; how long each waited between being
 * stored and reaching the push service, and how long after the burst the last one arrived (target: 10 s). The server
 * runs as its own process (`npm run serve`) on the configured database (DATABASE_URL, else the embedded one under
 * DATA_DIR); the push service is the tests' fake, trusted as the operator's relay.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { USER_TYPE } from "@waterside/shared/reference-ids";
import { loadConfigOrExit } from "../apps/api/src/config.ts";
import { openConfiguredDatabase } from "../apps/api/src/db/database.ts";
import { pushSubscriptions } from "../apps/api/src/db/schema/notifications.ts";
import { users } from "../apps/api/src/db/schema/users.ts";
import { seedReferenceData } from "../apps/api/src/db/seed/seed-reference.ts";
import { createStorage } from "../apps/api/src/lib/storage.ts";
import { createTokenService } from "../apps/api/src/modules/auth/tokens.ts";
import { startFakePushService } from "../apps/api/src/test/fake-push-service.ts";
import { exitUnlessWebBuilt, serve } from "./lib/server.ts";

const PUSHES = Number(process.env.BENCH_PUSHES ?? 1000);
const CLIENTS = 50;
const TARGET_SECONDS = 10;

exitUnlessWebBuilt();

const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config, console.log);
await seedReferenceData(database.db, createStorage(config));
const tokenSecret = "p".repeat(40);
const tokens = createTokenService(database.db, tokenSecret);
const pushService = await startFakePushService();
const caFile = path.join(mkdtempSync(path.join(tmpdir(), "waterside-push-bench-")), "ca.pem");
writeFileSync(caFile, pushService.certificatePem);

const server = await serve({
  DATABASE_URL: database.url,
  DATA_DIR: config.dataDir,
  TOKEN_SECRET: tokenSecret,
  SEED_DEMO: "false",
  WEB_PUSH_RELAY: pushService.origin,
  WEB_PUSH_CA_FILE: caFile,
  // Mails about unread chats would wait ten minutes anyway; the figures are about pushes.
  CHAT_EMAIL_DELAY_SECONDS: "3600",
});
const { origin } = server;

// Bench users, created directly: registration is rate limited per address, as it should be.
const stamp = Date.now();
const people = await database.db
  .insert(users)
  .values(
    Array.from({ length: PUSHES * 2 }, (_, index) => ({
      name: `Push bench ${index}`,
      email: `push-bench-${stamp}-${index}@example.com`,
      usertype_id: USER_TYPE.individual,
    })),
  )
  .returning({ id: users.id });
const senders = people.slice(0, PUSHES);
const recipients = people.slice(PUSHES);
const tokenOf = await Promise.all(
  senders.map(async ({ id }) => (await tokens.startSession({ kind: "user", userId: id }, `push-${stamp}`)).token),
);
/** The push service's path of each recipient's browser, in recipient order. */
const browsers = recipients.map(() => pushService.subscribe());
await database.db.insert(pushSubscriptions).values(
  browsers.map((browser, index) => ({
    user_id: recipients[index]!.id,
    endpoint: browser.endpoint,
    p256dh: browser.keys.p256dh,
    auth: browser.keys.auth,
  })),
);

const storedAt = new Map<string, number>();
let failures = 0;
let next = 0;
const burstStarted = performance.now();
await Promise.all(
  Array.from({ length: CLIENTS }, async () => {
    while (next < PUSHES) {
      const index = next++;
      const response = await fetch(`${origin}/api/chats`, {
        method: "POST",
        headers: { authorization: `Bearer ${tokenOf[index]}`, "content-type": "application/json" },
        body: JSON.stringify({ recieverId: recipients[index]!.id, firstMessage: `Is it still available? (${index})` }),
      });
      if (response.status !== 201) failures += 1;
      else storedAt.set(new URL(browsers[index]!.endpoint).pathname, performance.now());
      await response.arrayBuffer();
    }
  }),
);
const burstEnded = performance.now();

const deadline = burstEnded + 60_000;
const pushedPaths = () => new Set(pushService.received.map((push) => push.path)).size;
while (pushedPaths() < storedAt.size && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));

const firstArrival = new Map<string, number>();
for (const push of pushService.received) if (!firstArrival.has(push.path)) firstArrival.set(push.path, push.at);
const waits = [...storedAt].flatMap(([pathname, at]) => {
  const arrived = firstArrival.get(pathname);
  return arrived === undefined ? [] : [arrived - at];
});
waits.sort((a, b) => a - b);
const percentile = (share: number) => waits[Math.min(waits.length - 1, Math.floor(waits.length * share))]! / 1000;
const lastAfterBurst = (Math.max(...firstArrival.values()) - burstEnded) / 1000;
const doubled = pushService.received.length - firstArrival.size;
const allPushed = firstArrival.size === storedAt.size;
const verdict = allPushed && doubled === 0 && lastAfterBurst <= TARGET_SECONDS ? "PASS" : "MISS";

console.log(
  `\nPush benchmark: ${storedAt.size} messages stored in ${((burstEnded - burstStarted) / 1000).toFixed(1)} s ` +
    `by ${CLIENTS} clients (${failures} refused)\n`,
);
console.log("| pushed | doubled | wait p50 s | wait p95 s | wait max s | last push after the burst s | target |");
console.log("| ------ | ------- | ---------- | ---------- | ---------- | --------------------------- | ------ |");
console.log(
  `| ${firstArrival.size} of ${storedAt.size} | ${doubled} | ${percentile(0.5).toFixed(2)} | ` +
    `${percentile(0.95).toFixed(2)} | ${(waits.at(-1)! / 1000).toFixed(2)} | ${lastAfterBurst.toFixed(2)} | ` +
    `≤ ${TARGET_SECONDS} s: ${verdict} |`,
);

await server.stop();
await pushService.close();
await database.close();
