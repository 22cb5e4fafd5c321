import { readdir, readFile } from "node:fs/promises";
import { createServer, request as httpRequest } from "node:http";
import { connect, createServer as createNetServer, type AddressInfo, type Socket as NetSocket } from "node:net";
import path from "node:path";
import { MOMO_TEST_NUMBERS } from "@waterside/shared/momo-reasons";
import type { ClientToServerEvents, ServerToClientEvents, TSendMessageAck } from "@waterside/shared/realtime";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { adImageFiles } from "./lib/images.ts";
import { startMomoSandbox } from "./lib/momo-sandbox.ts";
import { sweepOrphanFiles } from "./lib/orphan-files.ts";
import { createStorage } from "./lib/storage.ts";
import { createTokenService } from "./modules/auth/tokens.ts";
import { CHAT_RATE_LIMITS } from "./modules/chat/chat.service.ts";
import { adImageFileOwner } from "./modules/selling/ad-image-files.ts";
import { createUser } from "./test/factories.ts";
import { describeNeeding } from "./test/needs.ts";
import { redisServerMissing } from "./test/redis-server.ts";
import { startS3Server } from "./test/s3-server.ts";
import { freePort, webAppMissing } from "./test/server-process.ts";
import { serverTestBed } from "./test/server-test-bed.ts";
import { adForm, carAdFields, findCars } from "./test/car-ad.ts";

/**
 * Issue 32 "Across machines": two app processes on one PostgreSQL, one Redis, one S3 bucket and one MoMo, with chat,
 * posting and a payment under way through the first when it is killed with SIGKILL; the clients carry on through the
 * second, as behind a load balancer. Counted: messages lost and doubled, subscriptions activated, orphan files.
 */
const needs = [webAppMissing(), redisServerMissing()];
const bed = serverTestBed("kill", { redis: true });

/** Senders each send a minute's flood allowance (decision 039), so none is refused: 15 × 20 = 300 messages. */
const PAIRS = 15;
const PER_SENDER = CHAT_RATE_LIMITS[0].max;
const MESSAGES = PAIRS * PER_SENDER;
/** Once this many are acknowledged (a third of the stream), the payment is asked and the kill follows. */
const KILL_AFTER_ACKS = Math.floor(MESSAGES / 3);
/** Ads the seller posts through the second process after the kill (the posting limit is 20 an hour). */
const POSTS_AFTER_KILL = 2;
/** At most this many through the first process before it dies, leaving room under the posting limit. */
const POSTS_BEFORE_KILL_MAX = 12;

type Server = Awaited<ReturnType<typeof bed.start>>;
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let s3: Awaited<ReturnType<typeof startS3Server>>;
let tap: Awaited<ReturnType<typeof startUploadTap>>;
let momo: Awaited<ReturnType<typeof startMomoSandbox>>;
let doomed: Server | undefined;
let survivor: Server | undefined;

/**
 * A chat user's device as the web app's outbox is one (docs/decisions/038-chat-delivery.md): each message has its own
 * client id and is resent until acknowledged, one try at a time; received messages are kept by id. It connects to
 * `urls[0]` and, when that connection drops, to the next address, as a load balancer sends it to a process still up.
 */
function chatDevice(urls: string[], token: string, userId: number) {
  let socket: ClientSocket;
  let urlIndex = 0;
  let closed = false;
  let chatId: number | undefined;
  /** Message text by id: a repeat on the wire (a resend told again) is kept once. */
  const received = new Map<number, string>();
  let deliveries = 0;
  const pending = new Map<string, { to: number; text: string }>();
  const acknowledged = new Set<string>();
  /** The socket each message's current try went out on: a try on a socket that dropped is not waited for. */
  const inFlight = new Map<string, ClientSocket>();
  const refusals = new Map<string, number>();

  function trySend(clientId: string) {
    const entry = pending.get(clientId);
    const current = socket;
    if (!entry || !current.connected || inFlight.get(clientId) === current) return;
    inFlight.set(clientId, current);
    const event = { to: entry.to, message: entry.text, payload: chatId ? { chatId } : {}, clientId };
    current
      .timeout(10_000)
      .emitWithAck("send-message", event)
      .then((ack: TSendMessageAck) => {
        if (!ack.ok) {
          refusals.set(`${ack.status} ${ack.message}`, (refusals.get(`${ack.status} ${ack.message}`) ?? 0) + 1);
          return;
        }
        chatId ??= ack.data.chatId;
        pending.delete(clientId);
        acknowledged.add(clientId);
      })
      .catch(() => {})
      .finally(() => {
        if (inFlight.get(clientId) === current) inFlight.delete(clientId);
      });
  }

  function connect() {
    const next: ClientSocket = io(urls[urlIndex]!, {
      path: "/messages",
      auth: { token },
      transports: ["websocket"],
      reconnection: false,
    });
    socket = next;
    next.on("new-message", ({ message, payload }) => {
      if (payload.isSender) return;
      deliveries += 1;
      received.set(message.id, message.text);
    });
    next.on("connect", () => pending.forEach((_, clientId) => trySend(clientId)));
    const moveOn = () => {
      if (closed || socket !== next) return;
      next.removeAllListeners();
      next.disconnect();
      // The address that failed is left for the next one; a refused connection is tried again a little later.
      if (urlIndex < urls.length - 1) urlIndex += 1;
      setTimeout(connect, 200);
    };
    next.on("disconnect", moveOn);
    next.on("connect_error", moveOn);
  }
  connect();
  // Unacknowledged messages are tried again while connected: a refusal, or an ack that never came.
  const retry = setInterval(() => pending.forEach((_, clientId) => trySend(clientId)), 1500);

  return {
    userId,
    received,
    pending,
    acknowledged,
    refusals,
    get deliveries() {
      return deliveries;
    },
    /** Messages whose current try is out and unanswered. */
    get inFlight() {
      return inFlight.size;
    },
    get connected() {
      return socket.connected;
    },
    send(to: number, text: string) {
      const clientId = `${userId}-${text}`;
      pending.set(clientId, { to, text });
      trySend(clientId);
    },
    close() {
      closed = true;
      clearInterval(retry);
      socket.disconnect();
    },
  };
}

/**
 * A pass-through in front of the S3 server. Armed by `nextPhotoStored()`, it holds back S3's answer to the next ad
 * photo stored and resolves: the photo is in the bucket, and the process that sent it cannot know, so the rows that
 * would name it are not written. A kill then leaves an orphan file every time, not by luck of timing.
 */
async function startUploadTap(target: string) {
  let armed: ((key: string) => void) | undefined;
  const server = createServer((request, response) => {
    // Forwarded as signed: the Host header is part of the signature, so it goes on unchanged.
    const { expect: _continue, ...headers } = request.headers;
    const upstream = httpRequest(new URL(request.url!, target), { method: request.method, headers }, (answer) => {
      const stored = request.method === "PUT" && answer.statusCode === 200 && request.url!.includes("/ads/");
      if (armed && stored) {
        const tell = armed;
        armed = undefined;
        answer.resume();
        // Path-style: /<bucket>/<key>.
        tell(decodeURIComponent(new URL(request.url!, target).pathname.split("/").slice(2).join("/")));
        return;
      }
      response.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(response);
    });
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    nextPhotoStored: () => new Promise<string>((resolve) => (armed = resolve)),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A TCP pass-through to a process' port for the senders' sockets. Muted, it still passes what they send but drops
 * what the process answers: messages it stores from then on are never acknowledged, as when a process dies between
 * its commit and its ack, and their senders will resend them elsewhere.
 */
async function startSocketTap(port: number) {
  let muted = false;
  const connections = new Set<NetSocket>();
  const server = createNetServer((client) => {
    const upstream = connect(port, "127.0.0.1");
    connections.add(client).add(upstream);
    client.pipe(upstream);
    upstream.on("data", (chunk) => {
      if (!muted) client.write(chunk);
    });
    // The process gone, its clients' connections drop as they would through a load balancer.
    upstream.on("close", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mute: () => void (muted = true),
    close: () => {
      connections.forEach((connection) => connection.destroy());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const picture = (hue: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: `hsl(${hue}, 70%, 50%)` } })
    .jpeg()
    .toBuffer();

describeNeeding(
  needs,
  "two processes on PostgreSQL, Redis, S3 and MoMo, one killed with SIGKILL mid-stream",
  {},
  () => {
    beforeAll(async () => {
      s3 = await startS3Server();
      tap = await startUploadTap(s3.endpoint);
      // The payer answers after 8 s: the kill follows the request within one ad's upload, so it is still pending then.
      // MTN calls back twice, as it sometimes does: with the wizard's polls, three ways to activate it.
      momo = await startMomoSandbox({ currency: "USD", resolveAfterMs: 8000, callbackBehaviour: "twice" });
      // MTN calls back to the address the load balancer answers on; with the first process gone, that is the second.
      const survivorPort = await freePort();
      const { baseUrl, subscriptionKey, apiUser, apiKey } = momo.clientConfig;
      const env = {
        ...s3.env,
        // Writes go through the tap; browsers read from the bucket itself (MEDIA_BASE_URL).
        S3_ENDPOINT: tap.endpoint,
        LOG_LEVEL: "error",
        MOMO_BASE_URL: baseUrl,
        MOMO_SUBSCRIPTION_KEY: subscriptionKey,
        MOMO_API_USER: apiUser,
        MOMO_API_KEY: apiKey,
        MOMO_CURRENCY: "USD",
        MOMO_CALLBACK_URL: `http://127.0.0.1:${survivorPort}/api/payments/momo/callback`,
      };
      // The first start migrates and seeds the reference data; the second finds them in place.
      doomed = await bed.start(env);
      survivor = await bed.start(env, survivorPort);
    }, 180_000);

    afterAll(async () => {
      for (const server of [doomed, survivor]) {
        if (server?.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill("SIGTERM");
          await server.exited;
        }
      }
      await momo?.close();
      await tap?.close();
      await s3?.stop();
    });

    it("loses and doubles no message, activates the payment once, and leaves no orphan file", async () => {
      const [a, b] = [doomed!, survivor!];
      const socketTap = await startSocketTap(a.port);
      const started = Date.now();
      const tokens = createTokenService(bed.db, bed.tokenSecret);
      const signIn = async (userId: number) =>
        (await tokens.startSession({ kind: "user", userId }, `device-${userId}`)).token;

      // Senders write through the process that will die, and fall back to the survivor; receivers sit on the survivor.
      const pairs = await Promise.all(
        Array.from({ length: PAIRS }, async () => {
          const [from, to] = [await createUser(bed.db), await createUser(bed.db)];
          return {
            sender: chatDevice([socketTap.url, b.url], await signIn(from.id), from.id),
            receiver: chatDevice([b.url], await signIn(to.id), to.id),
          };
        }),
      );
      const devices = pairs.flatMap(({ sender, receiver }) => [sender, receiver]);
      const senders = pairs.map(({ sender }) => sender);
      const acknowledged = () => senders.reduce((sum, sender) => sum + sender.acknowledged.size, 0);

      const seller = await createUser(bed.db);
      const sellerAuth = { authorization: `Bearer ${await signIn(seller.id)}` };
      const cars = await findCars(bed.db);
      let donePostingThroughA!: () => void;
      const postsThroughA = new Promise<void>((resolve) => (donePostingThroughA = resolve));
      const posts = {
        createdThroughA: 0,
        createdThroughB: 0,
        cut: 0,
        refused: [] as number[],
      };
      let postNumber = 0;
      /** One ad with two photos of its own colours; undefined when the connection was cut under it. */
      async function postAd(server: Server) {
        postNumber += 1;
        const form = adForm(carAdFields(cars, { title: `Toyota Corolla ${2000 + postNumber} posted mid-stream` }), [
          { body: await picture(postNumber * 23), name: "front.jpg" },
          { body: await picture(postNumber * 23 + 180), name: "back.jpg" },
        ]);
        try {
          const response = await fetch(`${server.url}/api/ads/create`, {
            method: "POST",
            headers: sellerAuth,
            body: form,
          });
          if (response.status !== 201) {
            posts.refused.push(response.status);
            return undefined;
          }
          const { data } = (await response.json()) as { data: { id: number } };
          return data.id;
        } catch {
          posts.cut += 1;
          return undefined;
        }
      }

      const storage = createStorage({
        mediaDir: "",
        s3: {
          bucket: s3.bucket,
          region: s3.env.S3_REGION,
          endpoint: s3.endpoint,
          credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY },
        },
      });
      const listAds = async () => {
        const keys = new Set<string>();
        for await (const { key } of storage.list("ads/")) keys.add(key);
        return keys;
      };
      const namedFiles = async () => {
        const rows = await bed.db.execute<{ path: string; ad_id: number }>(
          sql`select i.path, i.ad_id from ad_images i join ads on ads.id = i.ad_id where ads.user_id = ${seller.id}`,
        );
        return { rows, files: new Set(rows.flatMap((row) => adImageFiles(row.path))) };
      };
      const senderIds = sql.raw(`(${senders.map((sender) => sender.userId).join(",")})`);
      const storedCount = async () =>
        (
          await bed.db.execute<{ n: number }>(
            sql`select count(*)::int as n from chat_messages where sender_id in ${senderIds}`,
          )
        )[0]!.n;
      try {
        await expect
          .poll(() => devices.every((device) => device.connected), { timeout: 30_000, interval: 100 })
          .toBe(true);
        // The ad the seller boosts, posted before the stream.
        const boosted = await postAd(a);
        expect(boosted).toBeDefined();
        posts.createdThroughA += 1;

        const [pack] = ((await (await fetch(`${a.url}/api/packages/ad`)).json()) as { data: Array<{ id: number }> })
          .data;

        // The chat stream through the first process: a message from every sender at once, in rounds.
        let killed = false;
        let streamSent = false;
        const streaming = (async () => {
          for (let round = 0; round < PER_SENDER; round += 1) {
            for (const { sender, receiver } of pairs) sender.send(receiver.userId, `m${round}`);
            await new Promise((resolve) => setTimeout(resolve, 150));
          }
          streamSent = true;
        })();
        // Posting under way through the first process until it dies, then a few through the second.
        const posting = (async () => {
          let throughA = 1;
          while (!killed && throughA < POSTS_BEFORE_KILL_MAX) {
            throughA += 1;
            if ((await postAd(a)) !== undefined) posts.createdThroughA += 1;
          }
          donePostingThroughA();
          await expect.poll(() => killed, { timeout: 60_000 }).toBe(true);
          for (let index = 0; index < POSTS_AFTER_KILL; index += 1) {
            if ((await postAd(b)) !== undefined) posts.createdThroughB += 1;
          }
        })();

        // A third into the stream, a payment: asked through the first process, still pending at MTN when it dies.
        await expect.poll(acknowledged, { timeout: 60_000, interval: 10 }).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
        const asked = await fetch(`${a.url}/api/payments/momo`, {
          method: "POST",
          headers: { ...sellerAuth, "content-type": "application/json" },
          body: JSON.stringify({ phone_number: MOMO_TEST_NUMBERS.succeeds, package_id: pack!.id, ad_id: boosted }),
        });
        expect(asked.status).toBe(201);
        const { transaction_id: transactionId } = ((await asked.json()) as { data: { transaction_id: string } }).data;
        // The kill comes as a photo of an ad posted through the first process lands in the bucket: the tap holds S3's
        // answer, so that process dies with the photo stored and the ad's rows unwritten (or, were its posts all done
        // by then, between posts).
        const heldPhoto = await Promise.race([tap.nextPhotoStored(), postsThroughA.then(() => undefined)]);
        const killedWhen = heldPhoto ? "with a photo stored, its ad unwritten" : "between posts";
        // And with messages stored whose acknowledgements are lost: the senders' connections stop passing answers, and
        // the kill waits until the process has stored messages it can no longer acknowledge (unless all were answered).
        socketTap.mute();
        const inFlightTotal = () => senders.reduce((sum, sender) => sum + sender.inFlight, 0);
        await expect
          .poll(async () => (await storedCount()) > acknowledged() || (streamSent && acknowledged() === MESSAGES), {
            timeout: 60_000,
            interval: 20,
          })
          .toBe(true);
        a.child.kill("SIGKILL");
        killed = true;
        const ackedAtKill = acknowledged();
        const inFlightAtKill = inFlightTotal();
        expect(await a.exited).toBeNull();
        // Stored then but not acknowledged: these come back as resends through the survivor, not to be stored again.
        const storedAtKill = await storedCount();
        expect(storedAtKill > ackedAtKill || ackedAtKill === MESSAGES).toBe(true);
        expect(momo.statusOf(transactionId)).toBe("PENDING");

        // Every sender's outbox empties through the survivor, and every receiver holds its partner's messages.
        await streaming;
        await expect
          .poll(() => senders.every((sender) => sender.pending.size === 0), { timeout: 90_000, interval: 100 })
          .toBe(true);
        await expect
          .poll(() => pairs.every(({ receiver }) => receiver.received.size >= PER_SENDER), {
            timeout: 60_000,
            interval: 100,
          })
          .toBe(true);
        await posting;

        // The payer answers at MTN; the seller's wizard polls through the survivor, where MTN's two callbacks land too.
        await expect.poll(() => momo.statusOf(transactionId), { timeout: 30_000 }).toBe("SUCCESSFUL");
        let polls = 0;
        await expect
          .poll(
            async () => {
              polls += 1;
              const response = await fetch(`${b.url}/api/payments/momo/status/${transactionId}/ad`, {
                headers: sellerAuth,
              });
              return response.ok
                ? ((await response.json()) as { data: { status: string } }).data.status
                : response.status;
            },
            // MTN is asked at most once per 5 s whatever the polls; 1 s apart keeps well inside 60 polls a minute.
            { timeout: 60_000, interval: 1000 },
          )
          .toBe("completed");
        // Both callbacks answered and the checks they queued ended: nothing can activate it again after the count.
        await expect
          .poll(() => momo.callbacksOf(transactionId)?.every((callback) => callback.status !== undefined), {
            timeout: 30_000,
          })
          .toBe(true);
        await expect
          .poll(
            async () =>
              (
                await bed.db.execute<{ state: string }>(
                  sql`select state from pgboss.job where name = 'payments.check' and data->>'paymentId' = ${transactionId}`,
                )
              ).every((job) => ["completed", "failed", "cancelled"].includes(job.state)),
            { timeout: 30_000, interval: 200 },
          )
          .toBe(true);

        // The store: every message once by (sender, client id), none missing.
        const [stored] = await bed.db.execute<{ rows: number; distinct: number }>(sql`
        select count(*)::int as rows, count(distinct (sender_id, client_id))::int as distinct from chat_messages
        where sender_id in ${senderIds}`);
        let lost = 0;
        let shownTwice = 0;
        let repeats = 0;
        for (const { sender, receiver } of pairs) {
          const texts = [...receiver.received.values()];
          shownTwice += texts.length - new Set(texts).size;
          repeats += receiver.deliveries - receiver.received.size;
          for (let round = 0; round < PER_SENDER; round += 1) if (!texts.includes(`m${round}`)) lost += 1;
          expect(sender.refusals).toEqual(new Map());
        }

        const [payment] = await bed.db.execute<{ status: string; active: number; subscriptions: number }>(sql`
        select p.status,
          (select count(*)::int from subscriptions s where s.payment_id = p.id and s.status = 'active') as active,
          (select count(*)::int from subscriptions s where s.payment_id = p.id) as subscriptions
        from payments p where p.id = ${transactionId}`);
        // The receipt, mailed once whichever process sends it (the servers write mail to DATA_DIR/outbox).
        await expect
          .poll(
            async () =>
              (
                await bed.db.execute<{ sent: boolean }>(
                  sql`select receipt_sent_at is not null as sent from payments where id = ${transactionId}`,
                )
              )[0]!.sent,
            { timeout: 30_000, interval: 200 },
          )
          .toBe(true);
        const outbox = path.join(bed.dataDir, "outbox");
        const mails = await Promise.all(
          (await readdir(outbox)).map((file) => readFile(path.join(outbox, file), "utf8")),
        );
        const receipts = mails.filter((mail) => mail.includes(`Our reference: ${transactionId}`)).length;
        const [boosts] = await bed.db.execute<{ active: number }>(
          sql`select count(*)::int as active from subscriptions where ad_id = ${boosted!} and status = 'active'`,
        );

        // The bucket: every photo file belongs to an image row, or is an orphan (written by a post the kill cut off
        // before its transaction committed) that the sweep removes. Nothing writes any more, so the sweep may take
        // every file there is: the cut-off is a second ahead of the last write for the bucket's clock granularity.
        const before = await listAds();
        const { rows, files: named } = await namedFiles();
        const rowFiles = [...named];
        const swept = await sweepOrphanFiles(storage, [adImageFileOwner(bed.db)], new Date(Date.now() + 1000));
        const after = await listAds();
        const missing = rowFiles.filter((file) => !after.has(file));
        const [storedAds] = await bed.db.execute<{ n: number }>(
          sql`select count(*)::int as n from ads where user_id = ${seller.id}`,
        );

        console.log(
          `kill one process (${Math.round((Date.now() - started) / 1000)} s): messages sent ${MESSAGES}, ` +
            `acknowledged before the kill ${ackedAtKill} (${inFlightAtKill} in flight), stored then ${storedAtKill}, stored ${stored!.rows}, lost ${lost}, ` +
            `doubled in store ${stored!.rows - stored!.distinct}, shown twice ${shownTwice} ` +
            `(repeats on the wire absorbed by id: ${repeats}); payment ${payment!.status}, subscriptions activated ` +
            `${payment!.active} of ${payment!.subscriptions}, ad boosts active ${boosts!.active}, receipts mailed ${receipts}, status polls ${polls}, ` +
            `callbacks ${momo.callbacksOf(transactionId)!.length}; ads created through the killed process ` +
            `${posts.createdThroughA}, through the survivor ${posts.createdThroughB}, cut by the kill ${posts.cut}, ` +
            `refused ${posts.refused.length}, stored ${storedAds!.n}, killed ${killedWhen}; photo files ${before.size}, named by rows ` +
            `${rowFiles.length}, orphans swept ${swept.removed.length}, left ${after.size}, rows missing files ${missing.length}`,
        );

        expect(acknowledged()).toBe(MESSAGES);
        expect(stored!.rows).toBe(MESSAGES);
        expect(stored!.distinct).toBe(MESSAGES);
        expect(lost).toBe(0);
        expect(shownTwice).toBe(0);

        expect(payment).toMatchObject({ status: "successful", active: 1, subscriptions: 1 });
        expect(boosts!.active).toBe(1);
        expect(receipts).toBe(1);

        expect(posts.refused).toEqual([]);
        // Replies lost with the process may still have committed: those ads exist with their photos.
        expect(storedAds!.n).toBeGreaterThanOrEqual(posts.createdThroughA + posts.createdThroughB);
        expect(storedAds!.n).toBeLessThanOrEqual(posts.createdThroughA + posts.createdThroughB + posts.cut);
        expect(new Set(rows.map((row) => row.ad_id)).size).toBe(storedAds!.n);
        expect(missing).toEqual([]);
        if (heldPhoto) expect(swept.removed).toContain(heldPhoto);
        expect([...after].sort()).toEqual([...rowFiles].sort());
        expect(swept.removed.sort()).toEqual([...before].filter((file) => !rowFiles.includes(file)).sort());
      } finally {
        devices.forEach((device) => device.close());
        await socketTap.close();
      }
    }, 300_000);
  },
);
