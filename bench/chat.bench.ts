/**
 * Chat over Socket.IO on one server process (issue 32): how many sockets it holds and in how much memory, how many
 * messages a second it stores and delivers end to end, the delivery latency at that rate (from the sender's emit to
 * the recipient's `new-message`), and whether every acknowledged message is in the store exactly once.
 *
 * The server runs as its own process, as production runs it (startTestServer: no demo data, quiet logs), on the
 * configured database (DATABASE_URL, else the embedded one under DATA_DIR), with a Redis of its own unless
 * BENCH_REDIS=0 (then the flood counters are kept in the process). The sockets are spread over BENCH_CLIENTS load
 * generator processes (bench/lib/chat-clients.ts), one user each. Half of the users send, each to a user of the other
 * half, in a chat its first message opened (at BENCH_OPEN_RATE), then together at BENCH_RATE messages a second for
 * BENCH_SECONDS; the senders stay under the flood limit (20 a minute). Messages left unacknowledged are sent again
 * under the same client id, as a client does, then the store is counted by client id.
 *
 *   BENCH_SOCKETS=10000 BENCH_RATE=2000 BENCH_SECONDS=20 node --import tsx bench/chat.bench.ts
 *
 * BENCH_CPU_PROF=<folder> writes the server's CPU profile there when it stops (bench/lib/cpu-profile.mjs).
 * BENCH_SERVER_NODE_OPTIONS gives the server's node flags (e.g. `--max-semi-space-size=64`, a younger generation).
 */
import { fork, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { USER_TYPE } from "@waterside/shared/reference-ids";
import { loadConfigOrExit } from "../apps/api/src/config.ts";
import { openConfiguredDatabase } from "../apps/api/src/db/database.ts";
import { users } from "../apps/api/src/db/schema/users.ts";
import { seedReferenceData } from "../apps/api/src/db/seed/seed-reference.ts";
import { createStorage } from "../apps/api/src/lib/storage.ts";
import { createTokenService } from "../apps/api/src/modules/auth/tokens.ts";
import { startRedis } from "../apps/api/src/test/redis-server.ts";
import { startTestServer } from "../apps/api/src/test/server-process.ts";
import type { ClientCommand, ClientReport, SendReport } from "./lib/chat-clients.ts";
import { exitUnlessWebBuilt } from "./lib/server.ts";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const OPEN_RATE = Number(process.env.BENCH_OPEN_RATE ?? 1000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2);
const WITH_REDIS = process.env.BENCH_REDIS !== "0";
const CPU_PROFILE = process.env.BENCH_CPU_PROF;
/** "off": the chat process runs no job workers, as when they run in a process of their own (decision 089). */
const JOB_WORKERS = process.env.BENCH_JOB_WORKERS === "off" ? "off" : "on";
const TARGET = { rate: 2000, p99: 100, sockets: 10_000, rssMb: 1024 };

exitUnlessWebBuilt();
const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config, console.log);
await seedReferenceData(database.db, createStorage(config));
const tokenSecret = "b".repeat(40);
const tokens = createTokenService(database.db, tokenSecret);
const redis = WITH_REDIS ? await startRedis() : undefined;

const server = await startTestServer({
  DATABASE_URL: database.url,
  DATA_DIR: config.dataDir,
  TOKEN_SECRET: tokenSecret,
  JOB_WORKERS,
  ...(redis && { REDIS_URL: redis.url }),
  ...(process.env.BENCH_SERVER_NODE_OPTIONS && { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS }),
  ...(CPU_PROFILE && {
    NODE_OPTIONS: `--import ${path.join(import.meta.dirname, "lib/cpu-profile.mjs")}`,
    CPU_PROFILE_DIR: path.resolve(CPU_PROFILE),
  }),
});
server.child.stderr.pipe(process.stderr);
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, "utf8"))![1]) / 1024;
let peakRss = 0;
const sampling = setInterval(() => (peakRss = Math.max(peakRss, rssMb())), 250);

// Bench users, created directly: registration is rate limited per address, as it should be.
const runId = `bench-${Date.now().toString(36)}`;
const people: Array<{ id: number; token: string }> = [];
for (let batch = 0; batch < SOCKETS; batch += 1000) {
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: Math.min(1000, SOCKETS - batch) }, (_, index) => ({
        name: `Bench user ${batch + index}`,
        email: `${runId}-${batch + index}@example.com`,
        usertype_id: USER_TYPE.individual,
      })),
    )
    .returning({ id: users.id });
  people.push(
    ...(await Promise.all(
      rows.map(async ({ id }) => ({
        id,
        token: (await tokens.startSession({ kind: "user", userId: id }, runId)).token,
      })),
    )),
  );
}

// Users go to the load generators in turn; user i (of the first half) writes to user i + half.
const clients = Array.from({ length: CLIENTS }, () =>
  fork(path.join(import.meta.dirname, "lib/chat-clients.ts"), [], { execArgv: ["--import", "tsx"] }),
);
const slices = clients.map((_, client) => people.filter((_, index) => index % CLIENTS === client));

/**
 * CPU seconds used so far by the server (all its threads), every PostgreSQL process, the load generators and Redis, as
 * Linux counts them (/proc, in clock ticks of 1/100 s): the cost of a phase, steadier from run to run than latency.
 */
function cpuSeconds() {
  const ticks = (pid: number | string | undefined) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return 0; // a process that has exited
    }
  };
  const named = (name: string) =>
    readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .reduce((sum, pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === name ? sum + ticks(pid) : sum;
        } catch {
          return sum;
        }
      }, 0);
  return {
    server: ticks(server.child.pid),
    postgres: named("postgres"),
    generators: clients.reduce((sum, child) => sum + ticks(child.pid), 0),
    redis: named("redis-server"),
  };
}
const half = Math.floor(SOCKETS / 2);
const sendersOf = clients.map((_, client) =>
  people.flatMap((person, index) =>
    index < half && index % CLIENTS === client ? [{ from: person.id, to: people[index + half]!.id }] : [],
  ),
);

const next = <K extends ClientReport["kind"]>(child: ChildProcess, kind: K) =>
  new Promise<Extract<ClientReport, { kind: K }>>((resolve, reject) => {
    const onMessage = (message: ClientReport) => {
      if (message.kind !== kind) return;
      child.off("message", onMessage);
      resolve(message as Extract<ClientReport, { kind: K }>);
    };
    child.on("message", onMessage);
    child.once("exit", (code) => reject(new Error(`a load generator exited with ${code}`)));
  });
async function all<K extends ClientReport["kind"]>(kind: K, command: (client: number) => ClientCommand) {
  const answers = clients.map((child) => next(child, kind));
  clients.forEach((child, client) => child.send(command(client)));
  return Promise.all(answers);
}

const idleRss = rssMb();
const connected = await all("connected", (client) => ({
  kind: "connect",
  origin: server.url,
  people: slices[client]!,
}));
const sockets = connected.reduce((sum, report) => sum + report.sockets, 0);
const connectSeconds = Math.max(...connected.map((report) => report.seconds));
// Let the connections' presence updates settle before reading the memory they hold.
await new Promise((resolve) => setTimeout(resolve, 5000));
const socketsRss = rssMb();
console.log(
  `${sockets} sockets connected (${connected.reduce((sum, report) => sum + report.failed, 0)} failed) in ` +
    `${connectSeconds.toFixed(1)} s; server RSS ${idleRss.toFixed(0)} MB before, ${socketsRss.toFixed(0)} MB with them ` +
    `(${(((socketsRss - idleRss) * 1024) / Math.max(sockets, 1)).toFixed(1)} KB a socket)`,
);

const opened = await all("opened", (client) => ({
  kind: "open",
  senders: sendersOf[client]!,
  rate: OPEN_RATE / CLIENTS,
  runId,
}));
const openRefused = opened.flatMap((report) => Object.entries(report.refused));
console.log(
  `${opened.reduce((sum, report) => sum + report.opened, 0)} chats opened by their first message` +
    (openRefused.length ? `; refused: ${JSON.stringify(openRefused)}` : ""),
);

console.log(`Sending ${RATE} messages a second for ${SECONDS} s… (load average before: ${loadAverage()})`);
const cpuBefore = cpuSeconds();
const sent: SendReport[] = await all("sent", (client) => ({
  kind: "send",
  rate: (RATE * sendersOf[client]!.length) / Math.max(1, half),
  seconds: SECONDS,
  runId,
}));
const loadDuring = loadAverage();
const cpuAfter = cpuSeconds();
// Let the last deliveries arrive.
await new Promise((resolve) => setTimeout(resolve, 1500));
const tallies = await all("tally", () => ({ kind: "tally" }));
const resent = await all("resent", () => ({ kind: "resend" }));

if (sent.every((report) => report.sent === 0)) {
  console.error("No chat was opened, so nothing was sent: the server did not answer the first messages in time.");
}
const acknowledged = new Set(sent.flatMap((report) => report.acknowledged));
const sentCount = sent.reduce((sum, report) => sum + report.sent, 0);
const firstSentAt = Math.min(...sent.map((report) => report.firstSentAt));
const lastAnsweredAt = Math.max(...sent.map((report) => report.lastAnsweredAt));
const lastDeliveredAt = Math.max(...tallies.map((report) => report.lastDeliveredAt));
const latencies = tallies.flatMap((report) => report.latencies).sort((a, b) => a - b);
// The p99 of each fifth of the phase, by when a message was sent: a tail from the first seconds (the chats just
// opened, their jobs running) tells apart from one that lasts.
const fifths = Array.from({ length: 5 }, () => [] as number[]);
for (const { latencies: each, sentAts } of tallies) {
  each.forEach((latency, index) => {
    const fifth = Math.floor(((sentAts[index]! - firstSentAt) / (SECONDS * 1000)) * fifths.length);
    fifths[Math.min(fifths.length - 1, Math.max(0, fifth))]!.push(latency);
  });
}
const fifthsP99 = fifths.map((fifth) => fifth.sort((a, b) => a - b)[Math.floor(fifth.length * 0.99)] ?? NaN);
const delivered = tallies.reduce((sum, report) => sum + report.delivered, 0);
const deliveredTwice = tallies.reduce((sum, report) => sum + report.deliveredTwice, 0);
const refused: Record<string, number> = {};
for (const report of sent) {
  for (const [why, count] of Object.entries(report.refused)) refused[why] = (refused[why] ?? 0) + count;
}

// The store, by client id: every acknowledged message once, nothing twice.
const rows = await database.sql<Array<{ client_id: string; copies: number; first: Date; last: Date }>>`
  select client_id, count(*)::int as copies, min(created_at) as first, max(created_at) as last from chat_messages
  where client_id like ${`${runId}-%`} and client_id not like ${`${runId}-open-%`}
  group by client_id`;
const storedIds = new Set(rows.map((row) => row.client_id));
const doubled = rows.filter((row) => row.copies > 1).length;
const lost = [...acknowledged].filter((clientId) => !storedIds.has(clientId)).length;
const storedUnacknowledged = rows.filter((row) => !acknowledged.has(row.client_id)).length;
const storeSeconds = (lastAnsweredAt - firstSentAt) / 1000;
const deliverSeconds = (lastDeliveredAt - firstSentAt) / 1000;
const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? NaN;

clearInterval(sampling);
const table = [
  {
    figure: "messages stored / s (acknowledged)",
    measured: Math.round(acknowledged.size / storeSeconds),
    target: `≥ ${TARGET.rate}`,
    met: acknowledged.size / storeSeconds >= TARGET.rate,
  },
  {
    figure: "messages delivered / s",
    measured: Math.round(delivered / deliverSeconds),
    target: `≥ ${TARGET.rate}`,
    met: delivered / deliverSeconds >= TARGET.rate,
  },
  { figure: "delivery p50 ms", measured: at(0.5).toFixed(1) },
  { figure: "delivery p95 ms", measured: at(0.95).toFixed(1) },
  { figure: "delivery p99 ms", measured: at(0.99).toFixed(1), target: `≤ ${TARGET.p99}`, met: at(0.99) <= TARGET.p99 },
  { figure: "connected sockets", measured: sockets, target: `≥ ${TARGET.sockets}`, met: sockets >= TARGET.sockets },
  {
    figure: "server RSS with the idle sockets, MB",
    measured: Math.round(socketsRss),
    target: `≤ ${TARGET.rssMb}`,
    met: socketsRss <= TARGET.rssMb && sockets >= TARGET.sockets,
  },
  {
    figure: "server RSS at its peak, MB",
    measured: Math.round(peakRss),
    target: `≤ ${TARGET.rssMb}`,
    met: peakRss <= TARGET.rssMb,
  },
  { figure: "acknowledged, not stored (lost)", measured: lost, target: "0", met: lost === 0 },
  { figure: "stored twice (doubled)", measured: doubled, target: "0", met: doubled === 0 },
];
console.log(
  `\nSent ${sentCount} in ${((lastAnsweredAt - firstSentAt) / 1000).toFixed(1)} s (offered ${RATE}/s for ${SECONDS} s); ` +
    `acknowledged ${acknowledged.size}, refused ${JSON.stringify(refused)}, unanswered within 10 s ` +
    `${sent.reduce((sum, report) => sum + report.unanswered, 0)}, senders out of allowance ` +
    `${sent.reduce((sum, report) => sum + report.exhausted, 0)}; delivered ${delivered} (${deliveredTwice} told twice); ` +
    `stored ${rows.length} (${storedUnacknowledged} without an acknowledgement); resent ` +
    `${resent.reduce((sum, report) => sum + report.resent, 0)}, confirmed ` +
    `${resent.reduce((sum, report) => sum + report.confirmed, 0)}. Load average during the run: ${loadDuring}.`,
);
console.log(
  `The load generators' own event-loop delay while sending (p50 / p99 / max, ms): ` +
    tallies
      .map(({ loopDelay }) => `${loopDelay.p50.toFixed(0)} / ${loopDelay.p99.toFixed(0)} / ${loopDelay.max.toFixed(0)}`)
      .join("; ") +
    `: a delivery is timed when the receiving generator's loop gets to it.`,
);
const cpu = Object.fromEntries(
  Object.entries(cpuAfter).map(([name, seconds]) => [name, seconds - cpuBefore[name as keyof typeof cpuBefore]]),
) as typeof cpuAfter;
console.log(
  `CPU while sending (s, over ${storeSeconds.toFixed(1)} s): server ${cpu.server.toFixed(1)}, PostgreSQL ` +
    `${cpu.postgres.toFixed(1)}, load generators ${cpu.generators.toFixed(1)}, Redis ${cpu.redis.toFixed(1)}; ` +
    `the server's per 1,000 messages stored: ${((cpu.server * 1000) / Math.max(acknowledged.size, 1)).toFixed(2)} s`,
);
console.log(
  `Delivery p99 by fifth of the phase (ms, by when sent): ${fifthsP99.map((p99) => p99.toFixed(0)).join(" / ")}`,
);
console.table(
  table.map(({ figure, measured, target, met }) => ({
    figure,
    measured,
    target: target === undefined ? "" : `${met ? "PASS" : "MISS"} ${target}`,
  })),
);

await all("closed", () => ({ kind: "close" }));
server.child.kill("SIGTERM");
await server.exited;
await redis?.stop();
await database.close();

function loadAverage() {
  return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
}
