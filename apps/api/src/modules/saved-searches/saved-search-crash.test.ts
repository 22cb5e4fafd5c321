import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { expect, it } from "vitest";
import { savedSearches, savedSearchMatches } from "../../db/schema/saved-searches.ts";
import { createUser } from "../../test/factories.ts";
import { describeNeeding } from "../../test/needs.ts";
import { webAppMissing } from "../../test/server-process.ts";
import { serverTestBed } from "../../test/server-test-bed.ts";
import { createTokenService } from "../auth/tokens.ts";
import { adForm, carAdFields, findCars } from "../../test/car-ad.ts";

/** Short enough for a test, long enough to kill the process between the match and its delivery. */
const COLLAPSE_SECONDS = 6;
const bed = serverTestBed("alerts-crash");
const start = () => bed.start({ SAVED_SEARCH_COLLAPSE_SECONDS: String(COLLAPSE_SECONDS) });

const notificationsOf = async (userId: number) =>
  bed.db.execute<{ title: string; dedupe_key: string }>(
    sql`select title, dedupe_key from notifications where user_id = ${userId} and type = 'saved_search'`,
  );

describeNeeding([webAppMissing()], "saved-search alerts when the matching process is killed", {}, () => {
  it(
    "a match recorded before kill -9 is told exactly once by the two processes that come after",
    { timeout: 150_000 },
    async () => {
      const cars = await findCars(bed.db);
      const tokens = createTokenService(bed.db, bed.tokenSecret);
      const [buyer, seller] = [await createUser(bed.db), await createUser(bed.db)];
      const token = async (userId: number) =>
        (await tokens.startSession({ kind: "user", userId }, "alerts-crash")).token;

      const first = await start();
      const saved = await fetch(`${first.url}/api/saved-searches`, {
        method: "POST",
        headers: { authorization: `Bearer ${await token(buyer.id)}`, "content-type": "application/json" },
        body: JSON.stringify({
          filters: { search: "Premio", subcategory_id: cars.id },
          frequency: "instant",
          channels: { push: true, email: false, sms: false },
        }),
      });
      expect(saved.status, await saved.clone().text()).toBe(201);
      const searchId = ((await saved.json()) as { data: { id: number } }).data.id;

      const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#22aa66" } })
        .jpeg()
        .toBuffer();
      const form = adForm(
        carAdFields(cars, {
          title: "Toyota Premio 2011 clean",
          price: "5200",
          description: "Clean car, papers complete.",
          "attributes[Year]": "2011",
        }),
        [
          { body: photo, name: "premio.jpg" },
          { body: photo, name: "premio-inside.jpg" },
        ],
      );
      const posted = await fetch(`${first.url}/api/ads/create`, {
        method: "POST",
        headers: { authorization: `Bearer ${await token(seller.id)}` },
        body: form,
      });
      expect(posted.status, await posted.clone().text()).toBe(201);
      const postedAt = Date.now();

      // The first process matches the ad (its job polls every second), then dies before the window passes.
      let matches: Array<typeof savedSearchMatches.$inferSelect> = [];
      while (matches.length === 0 && Date.now() - postedAt < (COLLAPSE_SECONDS - 2) * 1000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        matches = await bed.db
          .select()
          .from(savedSearchMatches)
          .where(eq(savedSearchMatches.saved_search_id, searchId));
      }
      first.child.kill("SIGKILL");
      await first.exited;
      expect(matches, "the first process matched the ad before it was killed").toHaveLength(1);
      expect(matches[0]!.notified_at).toBeNull();
      expect(await notificationsOf(buyer.id)).toEqual([]);

      // Two processes start on the same database: both work the queue, its delivery job and the overdue sweep.
      const [second, third] = await Promise.all([start(), start()]);
      try {
        while ((await notificationsOf(buyer.id)).length === 0 && Date.now() - postedAt < 110_000) {
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        const toldAfter = (Date.now() - postedAt) / 1000;
        // A few more seconds for a second telling, should either process make one.
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        const told = await notificationsOf(buyer.id);
        console.log(
          `alerts crash: match recorded ${((matches[0]!.matched_at.getTime() - postedAt) / 1000).toFixed(1)} s after ` +
            `posting, process killed, two processes started; notifications: ${told.length}, ` +
            `${toldAfter.toFixed(1)} s after posting (the window is ${COLLAPSE_SECONDS} s, a server start about 5 s)`,
        );
        expect(told).toHaveLength(1);
        expect(toldAfter, "told within the 60 s the issue gives an instant alert").toBeLessThan(60);
        expect(told[0]!.title).toBe(`New ad for “Premio · Cars”`);
        const [after] = await bed.db
          .select()
          .from(savedSearchMatches)
          .where(eq(savedSearchMatches.saved_search_id, searchId));
        expect(after!.notified_at).not.toBeNull();
        const [search] = await bed.db.select().from(savedSearches).where(eq(savedSearches.id, searchId));
        expect(search!.frequency).toBe("instant");
      } finally {
        for (const server of [second, third]) server.child.kill("SIGTERM");
        await Promise.all([second.exited, third.exited]);
      }
    },
  );
});
