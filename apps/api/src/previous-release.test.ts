import { MOMO_TEST_NUMBERS } from "@waterside/shared/momo-reasons";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMomoSandbox } from "./lib/momo-sandbox.ts";
import { createTokenService } from "./modules/auth/tokens.ts";
import { createAd, createUser } from "./test/factories.ts";
import { describeNeeding } from "./test/needs.ts";
import { checkOutRelease, findPreviousRelease } from "./test/previous-release.ts";
import { startTestServer, webAppMissing } from "./test/server-process.ts";
import { serverTestBed } from "./test/server-test-bed.ts";
import { adForm, carAdFields, findCars } from "./test/car-ad.ts";

/**
 * docs/operations/deploy.md "Migrations across a rollout": the first process of a new release migrates the database
 * while the previous release's processes still serve. Here the previous release's own code (checked out from the
 * history, test/previous-release.ts) runs on the schema this release's migrations leave, beside a process of this
 * release, and users' reads and writes go through both: what one writes, the other serves.
 */
const release = findPreviousRelease();
const bed = serverTestBed("previous-release");
type Server = Awaited<ReturnType<typeof startTestServer>>;
let previous: ReturnType<typeof checkOutRelease> | undefined;
let momo: Awaited<ReturnType<typeof startMomoSandbox>> | undefined;
let current: Server | undefined;
let old: Server | undefined;

async function signIn(userId: number) {
  const { token } = await createTokenService(bed.db, bed.tokenSecret).startSession(
    { kind: "user", userId },
    `device-${userId}`,
  );
  return { authorization: `Bearer ${token}` };
}

/** A call to a server's API; `T` is what its answer's `data` holds. */
async function call<T>(server: Server, method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { ...headers, ...(body !== undefined && { "content-type": "application/json" }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { data: T } };
}

if ("skip" in release) {
  describe.skip(`the previous release's code on this release's schema (${release.skip})`, () => {});
} else {
  describeNeeding(
    [webAppMissing()],
    `the previous release's code (${release.commit.slice(0, 7)}) on the schema after ${release.newestMigration}`,
    {},
    () => {
      beforeAll(async () => {
        momo = await startMomoSandbox({ currency: "USD", resolveAfterMs: 200 });
        const { baseUrl, subscriptionKey, apiUser, apiKey } = momo.clientConfig;
        const env = {
          MOMO_BASE_URL: baseUrl,
          MOMO_SUBSCRIPTION_KEY: subscriptionKey,
          MOMO_API_USER: apiUser,
          MOMO_API_KEY: apiKey,
          MOMO_CURRENCY: "USD",
          LOG_LEVEL: "error",
        };
        // This release's process comes first and migrates, as in a rollout; the previous release's finds its own
        // migrations applied and the newer one besides, and starts.
        current = await bed.start(env);
        previous = checkOutRelease(release.commit);
        old = await startTestServer(
          { DATABASE_URL: bed.databaseUrl, DATA_DIR: bed.dataDir, TOKEN_SECRET: bed.tokenSecret, ...env },
          undefined,
          previous.code,
        );
      }, 180_000);

      afterAll(async () => {
        for (const server of [old, current]) {
          if (server && server.child.exitCode === null && server.child.signalCode === null) {
            server.child.kill("SIGTERM");
            await server.exited;
          }
        }
        await momo?.close();
        previous?.remove();
      });

      it("is code without the newest migration, ready on the database that has it", async () => {
        expect(previous!.migrations()).not.toContain(release.newestMigration);
        const ready = await fetch(`${old!.url}/api/ready`);
        expect(ready.status).toBe(200);
      });

      it("serves what this release wrote, and takes writes this release serves: a save, a chat both ways, a post", async () => {
        const seller = await createUser(bed.db);
        const buyer = await createUser(bed.db);
        const ad = await createAd(bed.db, { user_id: seller.id, title: "Rollout generator 5.5 kVA" });
        const asSeller = await signIn(seller.id);
        const asBuyer = await signIn(buyer.id);

        const listed = await call<{ data: Array<{ id: number }> }>(
          old!,
          "POST",
          "/ads/get",
          {},
          { search: "rollout generator" },
        );
        expect(listed.status).toBe(200);
        expect(listed.body.data.data.map((item: { id: number }) => item.id)).toContain(ad.id);
        const page = await call<{ title: string }>(old!, "GET", `/ads/id/${ad.id}`, {});
        expect(page.body.data.title).toBe("Rollout generator 5.5 kVA");

        expect((await call(old!, "POST", "/ads/saved", asBuyer, { ad_id: ad.id })).status).toBe(201);
        expect((await call<number[]>(current!, "GET", "/ads/saved/ids", asBuyer)).body.data).toContain(ad.id);

        const opened = await call<{ id: number }>(old!, "POST", "/chats", asBuyer, {
          recieverId: seller.id,
          firstMessage: "Is the generator still available?",
          productId: ad.id,
        });
        expect(opened.status).toBe(201);
        const chatId = opened.body.data.id;
        const texts = async (server: Server, headers: Record<string, string>) =>
          (
            await call<{ messages: Array<{ text: string }> }>(server, "GET", `/chats/${chatId}`, headers)
          ).body.data.messages.map((message) => message.text);
        expect(await texts(current!, asSeller)).toContain("Is the generator still available?");
        const reply = await call(current!, "POST", `/chats/${chatId}/messages`, asSeller, { text: "Yes, come see it" });
        expect(reply.status).toBe(201);
        expect(await texts(old!, asBuyer)).toContain("Yes, come see it");

        const photo = (background: string) =>
          sharp({ create: { width: 640, height: 480, channels: 3, background } })
            .jpeg()
            .toBuffer();
        const form = adForm(
          carAdFields(await findCars(bed.db), { title: "Toyota Corolla 2014 posted during a rollout" }),
          [
            { body: await photo("#2a6"), name: "front.jpg" },
            { body: await photo("#c52"), name: "back.jpg" },
          ],
        );
        const posted = await fetch(`${old!.url}/api/ads/create`, { method: "POST", headers: asSeller, body: form });
        expect(posted.status, await posted.clone().text()).toBe(201);
        const postedId = ((await posted.json()) as { data: { id: number } }).data.id;
        const shown = await call<{ title: string; price: number; images: unknown[] }>(
          current!,
          "GET",
          `/ads/id/${postedId}`,
          {},
        );
        expect(shown.body.data).toMatchObject({ title: "Toyota Corolla 2014 posted during a rollout", price: 6500 });
        expect(shown.body.data.images).toHaveLength(2);
      });

      it("takes a boost payment that a process of this release activates once", { timeout: 60_000 }, async () => {
        const seller = await createUser(bed.db);
        const ad = await createAd(bed.db, { user_id: seller.id });
        const asSeller = await signIn(seller.id);
        const [pack] = (await call<Array<{ id: number }>>(old!, "GET", "/packages/ad", {})).body.data;
        const asked = await call<{ transaction_id: string }>(old!, "POST", "/payments/momo", asSeller, {
          phone_number: MOMO_TEST_NUMBERS.succeeds,
          package_id: pack!.id,
          ad_id: ad.id,
        });
        expect(asked.status).toBe(201);
        const transactionId = asked.body.data.transaction_id;
        await expect
          .poll(
            async () =>
              (await call<{ status: string }>(current!, "GET", `/payments/momo/status/${transactionId}/ad`, asSeller))
                .body.data,
            { timeout: 30_000, interval: 1000 },
          )
          .toMatchObject({ status: "completed" });
        const [payment] = await bed.db.execute<{ status: string; active: number; subscriptions: number }>(sql`
          select p.status,
            (select count(*)::int from subscriptions s where s.payment_id = p.id and s.status = 'active') as active,
            (select count(*)::int from subscriptions s where s.payment_id = p.id) as subscriptions
          from payments p where p.id = ${transactionId}`);
        expect(payment).toEqual({ status: "successful", active: 1, subscriptions: 1 });
      });
    },
  );
}
