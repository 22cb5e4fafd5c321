import { utimesSync } from "node:fs";
import path from "node:path";
import { AD_IMAGE_VARIANTS } from "@waterside/shared/images";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { expect, it } from "vitest";
import { createLocalStorage } from "./lib/storage.ts";
import { createTokenService } from "./modules/auth/tokens.ts";
import { createUser } from "./test/factories.ts";
import { describeNeeding } from "./test/needs.ts";
import { webAppMissing } from "./test/server-process.ts";
import { serverTestBed } from "./test/server-test-bed.ts";
import { carAdFields, findCars } from "./test/car-ad.ts";

const WRITERS = 6;
let sequence = 0;
const bed = serverTestBed("crash");
const start = bed.start;
/** The store the servers write photos to. */
const storage = () => createLocalStorage(path.join(bed.dataDir, "media"));

/** What the store holds against what the rows name. */
async function inventory() {
  const files: string[] = [];
  for await (const { key } of storage().list("ads/")) files.push(key);
  const rows = await bed.db.execute<{ path: string }>(sql`select path from ad_images`);
  const named = new Set(rows.flatMap((row) => AD_IMAGE_VARIANTS.map((variant) => `${row.path}-${variant}.webp`)));
  const stored = new Set(files);
  const [adsWithoutImages] = await bed.db.execute<{ count: number }>(sql`
    select count(*)::int as count from ads where not exists (select 1 from ad_images where ad_id = ads.id)`);
  return {
    ads: (await bed.db.execute<{ count: number }>(sql`select count(*)::int as count from ads`))[0]!.count,
    adsWithoutImages: adsWithoutImages!.count,
    rowsWithoutFile: [...named].filter((file) => !stored.has(file)).length,
    filesWithoutRow: files.filter((file) => !named.has(file)).length,
  };
}

describeNeeding([webAppMissing()], "a server killed with -9 while ads with photos are written", {}, () => {
  it("leaves no ad without images and no row without its file, and the sweep at restart removes the orphans", async () => {
    const cars = await findCars(bed.db);
    const tokens = createTokenService(bed.db, bed.tokenSecret);
    // One seller per writer: posting is limited to 20 ads an hour per user.
    const sellerTokens = await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        const seller = await createUser(bed.db);
        return (await tokens.startSession({ kind: "user", userId: seller.id }, "crash-test")).token;
      }),
    );
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#3366cc" } })
      .jpeg()
      .toBuffer();
    const form = (values: Record<string, string>, files: string[]) => {
      const body = new FormData();
      for (const [key, value] of Object.entries(values)) body.append(key, value);
      for (const name of files) body.append(name, new Blob([photo]), "photo.jpg");
      return body;
    };
    const fields = carAdFields(cars, {
      title: "Crash test generator",
      price: "100",
      description: "Written while the server is killed.",
    });

    const server = await start();
    let running = true;
    const counts = { created: 0, edited: 0, failed: 0, lastError: "" };
    const writer = async (token: string) => {
      while (running) {
        try {
          const created = await fetch(`${server.url}/api/ads/create`, {
            method: "POST",
            headers: { authorization: `Bearer ${token}` },
            body: form({ ...fields, title: `Crash test generator ${++sequence}` }, ["images[]", "images[]"]),
          });
          if (created.status !== 201) throw new Error(`create ${created.status}: ${await created.text()}`);
          const ad = ((await created.json()) as { data: { id: number; images: Array<{ id: number }> } }).data;
          counts.created += 1;
          // Keep the first picture, drop the second (its files go after the commit), add a new one.
          const edited = await fetch(`${server.url}/api/ads/${ad.id}`, {
            method: "POST",
            headers: { authorization: `Bearer ${token}` },
            body: form(
              {
                ...fields,
                title: `Crash test generator ${++sequence}`,
                _method: "patch",
                "images[update][0][id]": String(ad.images[0]!.id),
                "images[update][0][order]": "0",
                "images[upload][0][order]": "1",
              },
              ["images[upload][0][file]"],
            ),
          });
          if (edited.status !== 200) throw new Error(`edit ${edited.status}: ${await edited.text()}`);
          counts.edited += 1;
        } catch (error) {
          counts.failed += 1;
          if (!counts.lastError) counts.lastError = String(error);
          if (running) await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    const writers = sellerTokens.map(writer);
    await expect
      .poll(() => (counts.edited >= WRITERS * 2 ? "written" : counts.lastError), { timeout: 30_000 })
      .toBe("written");
    server.child.kill("SIGKILL");
    await server.exited;
    running = false;
    await Promise.all(writers);

    const afterKill = await inventory();
    expect(afterKill.ads).toBeGreaterThan(0);
    expect(afterKill.adsWithoutImages).toBe(0);
    expect(afterKill.rowsWithoutFile).toBe(0);

    // An orphan of an earlier crash, for certain: a kill lands between a file's write and its commit only sometimes.
    await storage().put("ads/left-by-an-earlier-crash-large.webp", photo);
    const planted = path.join(bed.dataDir, "media", "ads", "left-by-an-earlier-crash-large.webp");
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(planted, twoHoursAgo, twoHoursAgo);

    // The restart sweeps at once; no grace period here, since nothing is being written any more.
    const restarted = await start({ ORPHAN_FILE_GRACE_MINUTES: "0" });
    try {
      await expect.poll(async () => (await inventory()).filesWithoutRow, { timeout: 30_000, interval: 500 }).toBe(0);
      const afterSweep = await inventory();
      expect(afterSweep.rowsWithoutFile).toBe(0);
      expect(afterSweep.adsWithoutImages).toBe(0);
      console.info(
        `crash safety: ${WRITERS} writers, ${counts.created} ads created and ${counts.edited} edited before kill -9; ` +
          `orphan files after the kill: ${afterKill.filesWithoutRow} (and one planted), after the sweep at restart: ` +
          `${afterSweep.filesWithoutRow}; rows without a file: ${afterSweep.rowsWithoutFile}; ` +
          `ads without images: ${afterSweep.adsWithoutImages}`,
      );
    } finally {
      restarted.child.kill("SIGTERM");
      await restarted.exited;
    }
  }, 120_000);
});
