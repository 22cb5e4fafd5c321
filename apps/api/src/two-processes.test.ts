import { NOTIFICATIONS_CHANGED_EVENT } from "@waterside/shared/notification-centre";
import type { ClientToServerEvents, ServerToClientEvents, TSendMessageAck } from "@waterside/shared/realtime";
import { eq } from "drizzle-orm";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { USER_STATUS } from "@waterside/shared/reference-ids";
import { admins } from "./db/schema/admin-auth.ts";
import { categories } from "./db/schema/catalog.ts";
import { createJobs } from "./lib/jobs.ts";
import { ensureAdmin } from "./modules/admin-auth/create-admin.ts";
import { AUTH_RATE_LIMITS } from "./modules/auth/auth.routes.ts";
import { createTokenService } from "./modules/auth/tokens.ts";
import { bindNotificationCentre, notify } from "./modules/notifications/notification-centre.ts";
import { createAd, createUser } from "./test/factories.ts";
import { describeNeeding } from "./test/needs.ts";
import { redisServerMissing } from "./test/redis-server.ts";
import { webAppMissing } from "./test/server-process.ts";
import { serverTestBed } from "./test/server-test-bed.ts";

type Server = Awaited<ReturnType<typeof bed.start>>;
let servers: Server[] = [];
/** Both processes serve the built web app and share rooms and counters in Redis. */
const needs = [webAppMissing(), redisServerMissing()];
const bed = serverTestBed("two", { redis: true });

const json = async (url: string, init: RequestInit = {}) => {
  const response = await fetch(url, {
    ...init,
    headers: { ...(init.body ? { "content-type": "application/json" } : {}), ...init.headers },
  });
  return {
    status: response.status,
    body: (await response.json()) as { data: { data: Array<{ id: number }> } & Array<{ name: string }> },
  };
};

async function signIn(userId: number, deviceId = `device-${userId}`) {
  const tokens = createTokenService(bed.db, bed.tokenSecret);
  const { token } = await tokens.startSession({ kind: "user", userId }, deviceId);
  return token;
}

describeNeeding(
  needs,
  "two server processes on one PostgreSQL and one Redis, one of them without job workers",
  {},
  () => {
    beforeAll(async () => {
      // The first start migrates and seeds the reference data; the second finds them in place.
      // The second runs no job workers (JOB_WORKERS=off, decision 089): what the first one's workers announce reaches
      // its sockets through Redis.
      servers = [await bed.start()];
      servers.push(await bed.start({ JOB_WORKERS: "off" }));
    }, 120_000);

    afterAll(async () => {
      for (const server of servers) {
        server.child.kill("SIGTERM");
        await server.exited;
      }
    });

    it("shows a write on one process on the other at once: an ad deleted, a category renamed", async () => {
      const [first, second] = servers as [Server, Server];
      const seller = await createUser(bed.db);
      const ad = await createAd(bed.db, { user_id: seller.id, title: "Two-process test generator" });
      const listed = async (server: Server) =>
        (
          await json(`${server.url}/api/ads/get`, { method: "POST", body: JSON.stringify({ search: "two-process" }) })
        ).body.data.data.map((item: { id: number }) => item.id);
      await expect.poll(() => listed(second)).toContain(ad.id);

      const removed = await json(`${first.url}/api/ads/${ad.id}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${await signIn(seller.id)}` },
      });
      expect(removed.status).toBe(200);
      await expect.poll(() => listed(second), { timeout: 2000 }).not.toContain(ad.id);

      const names = async (server: Server) =>
        (await json(`${server.url}/api/categories/active`)).body.data.map(
          (category: { name: string }) => category.name,
        );
      const [category] = await bed.db.select().from(categories).limit(1);
      expect(await names(first)).toContain(category!.name);
      expect(await names(second)).toContain(category!.name);
      // No admin API yet: the rename is a write to the shared database, as an admin process would make it.
      await bed.db.update(categories).set({ name: "Renamed in one place" }).where(eq(categories.id, category!.id));
      await expect.poll(() => names(first), { timeout: 2000 }).toContain("Renamed in one place");
      await expect.poll(() => names(second), { timeout: 2000 }).toContain("Renamed in one place");
    });

    it("refuses on the other process, within the announcement's bound, a token signed out or banned on one", async () => {
      const [first, second] = servers as [Server, Server];
      const asUser = (token: string) => ({ authorization: `Bearer ${token}` });
      const savedIds = async (server: Server, token: string) =>
        (await fetch(`${server.url}/api/ads/saved/ids`, { headers: asUser(token) })).status;
      // The bound is the announcement's delivery (decision 098): milliseconds, polled here for two seconds at most,
      // well inside the five seconds a check is kept without one.
      const within = { timeout: 2000, interval: 50 };

      const reader = await createUser(bed.db);
      const token = await signIn(reader.id, `device-out-${reader.id}`);
      // Both processes have checked the token and keep it.
      expect(await savedIds(first, token)).toBe(200);
      expect(await savedIds(second, token)).toBe(200);
      const out = await fetch(`${first.url}/api/auth/logout`, {
        method: "POST",
        headers: { ...asUser(token), "content-type": "application/json" },
        body: JSON.stringify({ device_id: `device-out-${reader.id}` }),
      });
      expect(out.status).toBe(200);
      expect(await savedIds(first, token)).toBe(401);
      await expect.poll(() => savedIds(second, token), within).toBe(401);

      const banned = await createUser(bed.db);
      const bannedToken = await signIn(banned.id);
      expect(await savedIds(second, bannedToken)).toBe(200);
      await ensureAdmin(bed.db, { email: `two-${banned.id}@example.com`, password: "admin-password", name: "Two" });
      const [admin] = await bed.db
        .select()
        .from(admins)
        .where(eq(admins.email, `two-${banned.id}@example.com`));
      const adminSession = await createTokenService(bed.db, bed.tokenSecret).startSession(
        { kind: "admin", adminId: admin!.id },
        `admin-device-${admin!.id}`,
      );
      const ban = await fetch(`${first.url}/api/admin/users/${banned.id}/status`, {
        method: "PATCH",
        headers: { ...asUser(adminSession.token), "content-type": "application/json" },
        body: JSON.stringify({ status_id: USER_STATUS.banned }),
      });
      expect(ban.status).toBe(200);
      await expect.poll(() => savedIds(second, bannedToken), within).toBe(401);
    });

    it("marks on the other process, once announced, an ad saved through one", async () => {
      const [first, second] = servers as [Server, Server];
      const seller = await createUser(bed.db);
      const ad = await createAd(bed.db, { user_id: seller.id });
      const reader = await createUser(bed.db);
      const headers = { authorization: `Bearer ${await signIn(reader.id)}`, "content-type": "application/json" };
      const marked = async (server: Server) => {
        const response = await fetch(`${server.url}/api/ads/get`, {
          method: "POST",
          headers,
          body: JSON.stringify({ user_id: seller.id }),
        });
        const { data } = (await response.json()) as { data: { data: Array<{ id: number; is_saved: boolean }> } };
        return data.data.find((item) => item.id === ad.id)?.is_saved;
      };
      // The second process keeps the reader's saved ads (none) before the save.
      expect(await marked(second)).toBe(false);
      const saved = await fetch(`${first.url}/api/ads/saved`, {
        method: "POST",
        headers,
        body: JSON.stringify({ ad_id: ad.id }),
      });
      expect(saved.status).toBe(201);
      expect(await marked(first)).toBe(true);
      await expect.poll(() => marked(second), { timeout: 2000, interval: 50 }).toBe(true);
    });

    it("counts rate limits across both processes", async () => {
      const max = AUTH_RATE_LIMITS.emailCheckPerIp.max;
      const statuses: number[] = [];
      for (let index = 0; index < max + 2; index += 1) {
        const server = servers[index % 2]!;
        const { status } = await json(`${server.url}/api/auth/register/validate-credentials`, {
          method: "POST",
          body: JSON.stringify({ email: `counted${index}@example.com` }),
        });
        statuses.push(status);
      }
      expect(statuses.slice(0, max).every((status) => status === 200)).toBe(true);
      expect(statuses.slice(max)).toEqual([429, 429]);
    });

    it("delivers a chat message sent through one process to a recipient connected to the other", async () => {
      const [first, second] = servers as [Server, Server];
      const [buyer, seller] = [await createUser(bed.db), await createUser(bed.db)];
      const connectTo = (server: Server, token: string) => {
        const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(server.url, {
          path: "/messages",
          auth: { token },
          transports: ["websocket"],
          reconnection: false,
        });
        return new Promise<typeof socket>((resolve, reject) => {
          socket.on("connect", () => resolve(socket));
          socket.on("connect_error", reject);
        });
      };
      const buyerSocket = await connectTo(first, await signIn(buyer.id));
      const sellerSocket = await connectTo(second, await signIn(seller.id));
      try {
        const heard = new Promise<string>((resolve) =>
          sellerSocket.on("new-message", (event) => resolve(event.message.text)),
        );
        const ack = await new Promise<TSendMessageAck>((resolve) =>
          buyerSocket.emit(
            "send-message",
            { to: seller.id, message: "Across processes", payload: {}, clientId: "x-1" },
            resolve,
          ),
        );
        expect(ack.ok).toBe(true);
        expect(await heard).toBe("Across processes");
        // And back: the first process hears what the second one stores.
        const reply = new Promise<string>((resolve) =>
          buyerSocket.on("new-message", (event) => !event.payload.isSender && resolve(event.message.text)),
        );
        const chatId = ack.ok ? ack.data.chatId : 0;
        sellerSocket.emit("send-message", { to: buyer.id, message: "And back", payload: { chatId }, clientId: "y-1" });
        expect(await reply).toBe("And back");
      } finally {
        buyerSocket.disconnect();
        sellerSocket.disconnect();
      }
    });

    it("tells a user connected to the process without workers of a notification the other process delivered", async () => {
      const [, serving] = servers as [Server, Server];
      const buyer = await createUser(bed.db);
      const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(serving.url, {
        path: "/messages",
        auth: { token: await signIn(buyer.id) },
        transports: ["websocket"],
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket.on("connect", resolve);
        socket.on("connect_error", reject);
      });
      // This test process enqueues the delivery as the serving process would: it runs no worker either.
      const enqueueOnly = createJobs({ url: bed.databaseUrl, runWorkers: false, max: 1 });
      enqueueOnly.work("notifications.deliver", async () => {});
      await enqueueOnly.start({ error: () => {} });
      bindNotificationCentre(enqueueOnly);
      try {
        const told = new Promise<number>((resolve) =>
          socket.on(NOTIFICATIONS_CHANGED_EVENT, (event) => resolve(event.unread_count)),
        );
        await bed.db.transaction((tx) =>
          notify(tx, {
            userId: buyer.id,
            type: "saved_search",
            title: "2 new ads for 'Toyota'",
            body: "Toyota Corolla 2015 and 1 more",
            url: "/ads",
            dedupeKey: `two-processes:${buyer.id}`,
            channels: { push: false, email: false, sms: false },
          }),
        );
        expect(await told).toBe(1);
      } finally {
        socket.disconnect();
        await enqueueOnly.stop();
      }
    });
  },
);
