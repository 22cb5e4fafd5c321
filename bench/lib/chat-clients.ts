/**
 * One load-generator process of chat.bench.ts: it holds a slice of the benchmark's sockets, sends at the rate it is
 * given, and reports what its sockets saw. Several run at once so that the clients' own event loop is not what
 * limits the figures. Driven over the IPC channel of `fork`.
 */
import type { ClientToServerEvents, ServerToClientEvents, TSendMessageAck } from "@waterside/shared/realtime";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { io, type Socket } from "socket.io-client";

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What the coordinator asks, in order: connect, open the senders' chats, send, resend what was not acknowledged. */
export type ClientCommand =
  | { kind: "connect"; origin: string; people: Array<{ id: number; token: string }> }
  | { kind: "open"; senders: Array<{ from: number; to: number }>; rate: number; runId: string }
  | { kind: "send"; rate: number; seconds: number; runId: string }
  | { kind: "tally" }
  | { kind: "resend" }
  | { kind: "close" };

export interface SendReport {
  kind: "sent";
  sent: number;
  acknowledged: string[];
  refused: Record<string, number>;
  unanswered: number;
  /** When the first message went and the last acknowledgement came, ms on the shared clock. */
  firstSentAt: number;
  lastAnsweredAt: number;
  /** Senders that ran out of their flood allowance before the phase ended. */
  exhausted: number;
}

export type ClientReport =
  | { kind: "connected"; sockets: number; failed: number; seconds: number }
  | { kind: "opened"; opened: number; refused: Record<string, number> }
  | SendReport
  | {
      kind: "tally";
      /** Send → the recipient's `new-message`, ms, for messages of the send phase. */
      latencies: number[];
      /** When each of them was sent, ms on the shared clock (same order as `latencies`). */
      sentAts: number[];
      delivered: number;
      deliveredTwice: number;
      /** When the last of them arrived, ms on the shared clock. */
      lastDeliveredAt: number;
      /**
       * This process's own event-loop delay while sending, ms: a delivery that arrives while its loop is busy is timed
       * when the loop gets to it, so this much of a latency may be the load generator's, not the server's.
       */
      loopDelay: { p50: number; p99: number; max: number };
    }
  | { kind: "resent"; resent: number; confirmed: number; refused: number }
  | { kind: "closed" };

/** Wall-clock ms with sub-ms precision, comparable between the processes of one machine. */
const clock = () => performance.timeOrigin + performance.now();
const ACK_TIMEOUT_MS = 10_000;
/** A sender's messages in one phase at most: the flood limit is 20 a minute, and one opened its chat. */
const PER_SENDER = 19;

const report = (message: ClientReport) => process.send!(message);
const sockets = new Map<number, ClientSocket>();
const senders: Array<{ from: number; to: number; chatId?: number; sent: number }> = [];
const seen = new Set<number>();
const latencies: number[] = [];
const sentAts: number[] = [];
let delivered = 0;
let deliveredTwice = 0;
let phaseStartedAt = Infinity;
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
let lastDeliveredAt = 0;
/** Messages sent and not yet acknowledged, by client id, with what a resend needs. */
const pending = new Map<string, { from: number; to: number; chatId?: number; text: string }>();

function onNewMessage(event: Parameters<ServerToClientEvents["new-message"]>[0]) {
  if (event.payload.isSender) return;
  if (seen.has(event.message.id)) {
    deliveredTwice += 1;
    return;
  }
  seen.add(event.message.id);
  const sentAt = Number(/^t:([\d.]+)/.exec(event.message.text)?.[1]);
  if (!(sentAt >= phaseStartedAt)) return;
  const now = clock();
  delivered += 1;
  latencies.push(now - sentAt);
  sentAts.push(sentAt);
  lastDeliveredAt = now;
}

async function connect(origin: string, people: Array<{ id: number; token: string }>) {
  const started = clock();
  let failed = 0;
  for (let batch = 0; batch < people.length; batch += 200) {
    await Promise.all(
      people.slice(batch, batch + 200).map(
        ({ id, token }) =>
          new Promise<void>((resolve) => {
            const socket: ClientSocket = io(origin, {
              path: "/messages",
              auth: { token },
              transports: ["websocket"],
              reconnection: false,
            });
            socket.on("new-message", onNewMessage);
            socket.once("connect", () => {
              sockets.set(id, socket);
              resolve();
            });
            socket.once("connect_error", () => {
              failed += 1;
              resolve();
            });
          }),
      ),
    );
  }
  report({ kind: "connected", sockets: sockets.size, failed, seconds: (clock() - started) / 1000 });
}

/** A first message waits longer: it is the warm-up that opens the chats, not a measured send. */
const OPEN_TIMEOUT_MS = 60_000;

const emit = (from: number, event: Parameters<ClientToServerEvents["send-message"]>[0], timeout = ACK_TIMEOUT_MS) =>
  sockets
    .get(from)!
    .timeout(timeout)
    .emitWithAck("send-message", event)
    .then(
      (ack: TSendMessageAck) => ack,
      () => undefined,
    );

/** Calls `each(i)` for i = 0 … count − 1 at `rate` a second, on a 5 ms tick; resolves when all were called. */
async function paced(count: number, rate: number, each: (index: number) => void) {
  const started = performance.now();
  let done = 0;
  while (done < count) {
    const due = Math.min(count, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
    for (; done < due; done += 1) each(done);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function open(list: Array<{ from: number; to: number }>, rate: number, runId: string) {
  senders.push(...list.map((sender) => ({ ...sender, sent: 0 })));
  const refused: Record<string, number> = {};
  let opened = 0;
  const answers: Array<Promise<void>> = [];
  await paced(senders.length, rate, (index) => {
    const sender = senders[index]!;
    answers.push(
      emit(
        sender.from,
        {
          to: sender.to,
          message: "Hello, is it still for sale?",
          payload: {},
          clientId: `${runId}-open-${sender.from}`,
        },
        OPEN_TIMEOUT_MS,
      ).then((ack) => {
        if (ack?.ok) {
          sender.chatId = ack.data.chatId;
          opened += 1;
        } else {
          const why = ack ? String(ack.status) : "timeout";
          refused[why] = (refused[why] ?? 0) + 1;
        }
      }),
    );
  });
  await Promise.all(answers);
  report({ kind: "opened", opened, refused });
}

async function send(rate: number, seconds: number, runId: string) {
  const ready = senders.filter((sender) => sender.chatId !== undefined);
  const acknowledged: string[] = [];
  const refused: Record<string, number> = {};
  let unanswered = 0;
  let sent = 0;
  let lastAnsweredAt = 0;
  let exhausted = 0;
  const answers: Array<Promise<void>> = [];
  phaseStartedAt = clock();
  loopDelay.enable();
  const firstSentAt = phaseStartedAt;
  if (ready.length > 0)
    await paced(Math.round(rate * seconds), rate, (index) => {
      const sender = ready[index % ready.length]!;
      if (sender.sent >= PER_SENDER) {
        if (sender.sent++ === PER_SENDER) exhausted += 1;
        return;
      }
      sender.sent += 1;
      sent += 1;
      const clientId = `${runId}-${sender.from}-${sender.sent}`;
      const text = `t:${clock().toFixed(3)} bench message ${sent}`;
      pending.set(clientId, { from: sender.from, to: sender.to, chatId: sender.chatId, text });
      answers.push(
        emit(sender.from, { to: sender.to, message: text, payload: { chatId: sender.chatId }, clientId }).then(
          (ack) => {
            lastAnsweredAt = clock();
            if (!ack) return void (unanswered += 1);
            // A 5xx (the writer's queue full, decision 101) is tried again, as the web client does; other refusals end.
            if (ack.ok || ack.status < 500) pending.delete(clientId);
            if (ack.ok) acknowledged.push(clientId);
            else refused[ack.status] = (refused[ack.status] ?? 0) + 1;
          },
        ),
      );
    });
  await Promise.all(answers);
  report({ kind: "sent", sent, acknowledged, refused, unanswered, firstSentAt, lastAnsweredAt, exhausted });
}

/** What a client does with an unacknowledged message: send it again under the same client id. */
async function resend() {
  let confirmed = 0;
  let refused = 0;
  const tries = [...pending].map(([clientId, { from, to, chatId, text }]) =>
    emit(from, { to, message: text, payload: { chatId }, clientId }).then((ack) => {
      if (ack?.ok) confirmed += 1;
      else refused += 1;
    }),
  );
  await Promise.all(tries);
  report({ kind: "resent", resent: tries.length, confirmed, refused });
}

process.on("message", (command: ClientCommand) => {
  const run = async () => {
    if (command.kind === "connect") return connect(command.origin, command.people);
    if (command.kind === "open") return open(command.senders, command.rate, command.runId);
    if (command.kind === "send") return send(command.rate, command.seconds, command.runId);
    if (command.kind === "tally") {
      loopDelay.disable();
      const ms = (nanoseconds: number) => nanoseconds / 1e6;
      return report({
        kind: "tally",
        latencies,
        sentAts,
        delivered,
        deliveredTwice,
        lastDeliveredAt,
        loopDelay: { p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max) },
      });
    }
    if (command.kind === "resend") return resend();
    for (const socket of sockets.values()) socket.disconnect();
    report({ kind: "closed" });
    process.disconnect();
  };
  void run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
