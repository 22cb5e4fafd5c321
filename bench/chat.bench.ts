/**
 * Chat over Socket.IO on one server process: how many sockets it holds (and the memory each costs), how many
 * messages a second it stores and delivers end to end, and the delivery latency at that rate (from the sender's
 * emit to the recipient's `new-message`). The server runs as its own process (`npm run serve`) on the configured
 * database (DATABASE_URL, else the embedded one under DATA_DIR); the clients run here.
 */
import { readFileSync } from "node:fs";
import { USER_TYPE } from "@waterside/shared/reference-ids";
import type { ClientToServerEvents, ServerToClientEvents, TSendMessageAck } from "@waterside/shared/realtime";
import { io, type Socket } from "socket.io-client";
import { loadConfigOrExit } from "../apps/api/src/config.ts";
import { openConfiguredDatabase } from "../apps/api/src/db/database.ts";
import { users } from "../apps/api/src/db/schema/users.ts";
import { seedReferenceData } from "../apps/api/src/db/seed/seed-reference.ts";
import { createStorage } from "../apps/api/src/lib/storage.ts";
import { createTokenService } from "../apps/api/src/modules/auth/tokens.ts";
import { exitUnlessWebBuilt, serve } from "./lib/server.ts";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Offered message rates, one phase each; every socket sends, so each sender stays under the flood limit. */
const RATES = [50, 100, 150, 200, 300];
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

exitUnlessWebBuilt();

const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config, console.log);
await seedReferenceData(database.db, createStorage(config));
const tokenSecret = "b".repeat(40);
const tokens = createTokenService(database.db, tokenSecret);

const server = await serve({
  DATABASE_URL: database.url,
  DATA_DIR: config.dataDir,
  TOKEN_SECRET: tokenSecret,
  SEED_DEMO: "false",
});
const { origin } = server;
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))![1]) / 1024;

// Bench users, created directly: registration is rate limited per address, as it should be.
const stamp = Date.now();
const people = await database.db
  .insert(users)
  .values(
    Array.from({ length: SOCKETS }, (_, index) => ({
      name: `Bench user ${index}`,
      email: `bench-${stamp}-${index}@example.com`,
      usertype_id: USER_TYPE.individual,
    })),
  )
  .returning({ id: users.id });
const sessions = await Promise.all(
  people.map(async ({ id }) => ({
    id,
    token: (await tokens.startSession({ kind: "user", userId: id }, `bench-${stamp}`)).token,
  })),
);

const idleRss = rssMb();
const connectStarted = performance.now();
const sockets: ClientSocket[] = [];
for (let batch = 0; batch < SOCKETS; batch += 100) {
  sockets.push(
    ...(await Promise.all(
      sessions.slice(batch, batch + 100).map(
        ({ token }) =>
          new Promise<ClientSocket>((resolve, reject) => {
            const socket: ClientSocket = io(origin, {
              path: "/messages",
              auth: { token },
              transports: ["websocket"],
              reconnection: false,
            });
            socket.once("connect", () => resolve(socket));
            socket.once("connect_error", reject);
          }),
      ),
    )),
  );
}
const connectSeconds = (performance.now() - connectStarted) / 1000;
await new Promise((resolve) => setTimeout(resolve, 2000));
const connectedRss = rssMb();
console.log(
  `Chat benchmark: ${SOCKETS} sockets connected in ${connectSeconds.toFixed(1)} s; server RSS ${idleRss.toFixed(0)} MB ` +
    `idle, ${connectedRss.toFixed(0)} MB connected (${(((connectedRss - idleRss) * 1024) / SOCKETS).toFixed(1)} KB a socket)`,
);

// Socket i writes to socket i ± half: every message crosses from one user's socket to another's.
const half = SOCKETS / 2;
const partner = (index: number) => (index < half ? index + half : index - half);
const sentAt = new Map<string, number>();
const latencies: number[] = [];
let delivered = 0;
sockets.forEach((socket) =>
  socket.on("new-message", ({ message, payload }) => {
    if (payload.isSender || !message.clientId) return;
    const started = sentAt.get(message.clientId);
    if (started === undefined) return;
    sentAt.delete(message.clientId);
    latencies.push(performance.now() - started);
    delivered += 1;
  }),
);

const percentile = (sorted: number[], share: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]! : NaN;
const rows: string[] = [];
let sequence = 0;
/** Each sender's chat once its first message opened it: later messages go into it, as a client's do. */
const chatOf = new Map<number, number>();
for (const rate of RATES) {
  latencies.length = 0;
  delivered = 0;
  let acknowledged = 0;
  let refused = 0;
  const total = rate * SECONDS;
  const started = performance.now();
  for (let index = 0; index < total; index += 1) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const from = sequence++ % SOCKETS;
    const clientId = `bench-${stamp}-${sequence}`;
    sentAt.set(clientId, performance.now());
    void sockets[from]!.timeout(10_000)
      .emitWithAck("send-message", {
        to: sessions[partner(from)]!.id,
        message: `Bench ${sequence}`,
        payload: chatOf.has(from) ? { chatId: chatOf.get(from) } : {},
        clientId,
      })
      .then((ack: TSendMessageAck) => {
        if (!ack.ok) return (refused += 1);
        chatOf.set(from, ack.data.chatId);
        acknowledged += 1;
      })
      .catch(() => (refused += 1));
  }
  // Let the last messages arrive.
  const deadline = performance.now() + 10_000;
  while (delivered + refused < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  rows.push(
    `| ${rate} | ${(delivered / seconds).toFixed(0)} | ${acknowledged} | ${refused} | ` +
      `${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.99).toFixed(1)} |`,
  );
}

console.log(`\n| offered msg/s | delivered msg/s | acknowledged | refused | p50 ms | p99 ms |`);
console.log(`| ------------- | --------------- | ------------ | ------- | ------ | ------ |`);
for (const row of rows) console.log(row);

sockets.forEach((socket) => socket.disconnect());
await server.stop();
await database.close();
