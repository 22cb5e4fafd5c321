import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { max } from "drizzle-orm";
import type { AdImageVariant } from "@waterside/shared/images";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { adImageFile, encodeAdImage, storeAdImage } from "../../lib/images.ts";
import { createLocalStorage, createS3Storage, type Storage } from "../../lib/storage.ts";
import { createAd, createUser } from "../../test/factories.ts";
import { startS3Server } from "../../test/s3-server.ts";
import { useTestApp } from "../../test/test-app.ts";
import { adImages } from "../schema/ads.ts";
import { BackfillStoppedError, backfillAdImageSizes } from "./ad-image-sizes.ts";

const ctx = useTestApp();

const backends: Array<[string, () => Promise<{ storage: Storage; stop: () => Promise<unknown> }>]> = [
  [
    "local disk",
    async () => {
      const root = await mkdtemp(path.join(tmpdir(), "waterside-backfill-"));
      return { storage: createLocalStorage(root), stop: () => rm(root, { recursive: true, force: true }) };
    },
  ],
  [
    "S3 (s3rver)",
    async () => {
      const server = await startS3Server();
      const config = loadConfig({ NODE_ENV: "test", TOKEN_SECRET: "t".repeat(40), ...server.env });
      return { storage: createS3Storage(config.s3!), stop: () => server.stop() };
    },
  ],
];

const photo = (background: string) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe.each(backends)("completing stored ad pictures on %s", (_, start) => {
  let storage: Storage;
  let stop: () => Promise<unknown>;
  beforeAll(async () => {
    ({ storage, stop } = await start());
  });
  afterAll(() => stop?.());

  /** A picture stored in every size, then without the sizes given: as it was before they existed. */
  const storedPicture = async (background: string, without: AdImageVariant[] = []) => {
    const key = await storeAdImage(storage, "ads", await encodeAdImage(await photo(background)));
    for (const variant of without) await storage.remove(adImageFile(key, variant));
    return key;
  };
  /** Image rows of a new ad naming `keys`: their ids, and the largest id from before them, where a run starts. */
  const adWithPictures = async (keys: string[]) => {
    const [{ last } = { last: 0 }] = await ctx.db.select({ last: max(adImages.id) }).from(adImages);
    const ad = await createAd(ctx.db, { user_id: (await createUser(ctx.db)).id });
    const rows = await ctx.db
      .insert(adImages)
      .values(keys.map((path, order) => ({ ad_id: ad.id, path, order })))
      .returning({ id: adImages.id });
    return { after: last ?? 0, ids: rows.map((row) => row.id) };
  };

  it("cuts a missing small card from the large size, leaves whole pictures alone and reports lost ones", async () => {
    const old = await storedPicture("#22aa44", ["card_small"]);
    const complete = await storedPicture("#2244aa");
    const marker = Buffer.from("the stored small card, untouched");
    await storage.put(adImageFile(complete, "card_small"), marker);
    const lost = await storedPicture("#aa2222", ["large", "card_small"]);
    // Bulk data shares a picture between rows: it is looked at once.
    const { after } = await adWithPictures([old, complete, lost, old]);

    const result = await backfillAdImageSizes(ctx.db, storage, { after });
    expect(result).toMatchObject({ checked: 3, completed: 1, withoutLarge: [lost] });

    const small = (await storage.get(adImageFile(old, "card_small")))!;
    const metadata = await sharp(small).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 360, 270]);
    expect(metadata.exif).toBeUndefined();
    const { dominant } = await sharp(small).stats();
    expect(dominant.g).toBeGreaterThan(150);
    expect(dominant.r).toBeLessThan(80);
    expect(await storage.get(adImageFile(complete, "card_small"))).toEqual(marker);
    expect(await storage.get(adImageFile(lost, "card_small"))).toBeNull();

    // Idempotent: a second run over the same rows writes nothing.
    const again = await backfillAdImageSizes(ctx.db, storage, { after });
    expect(again).toMatchObject({ checked: 3, completed: 0, lastId: result.lastId });
    expect(await storage.get(adImageFile(old, "card_small"))).toEqual(small);
  });

  it("gives an old picture every size it lacks, the thumbnail too", async () => {
    const key = await storedPicture("#22aa44", ["thumbnail", "card_small"]);
    const { after } = await adWithPictures([key]);
    expect(await backfillAdImageSizes(ctx.db, storage, { after })).toMatchObject({ checked: 1, completed: 1 });
    const thumbnail = await sharp((await storage.get(adImageFile(key, "thumbnail")))!).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([150, 150]);
  });

  it("cuts the gallery sizes of a picture posted before they existed, 4:3 and sharp enough for the ad page", async () => {
    const key = await storedPicture("#2244aa", ["gallery", "gallery_large"]);
    const { after } = await adWithPictures([key]);
    expect(await backfillAdImageSizes(ctx.db, storage, { after })).toMatchObject({ checked: 1, completed: 1 });
    for (const [variant, size] of [
      ["gallery", [768, 576]],
      ["gallery_large", [1080, 810]],
    ] as const) {
      const body = (await storage.get(adImageFile(key, variant)))!;
      const metadata = await sharp(body).metadata();
      expect([metadata.format, metadata.width, metadata.height], variant).toEqual(["webp", ...size]);
      const { dominant } = await sharp(body).stats();
      expect(dominant.b, variant).toBeGreaterThan(150);
    }
  });

  it("stops at a storage failure with where to resume, and the resumed run finishes the job", async () => {
    const keys: string[] = [];
    for (const background of ["#22aa44", "#2244aa", "#aa2222"])
      keys.push(await storedPicture(background, ["card_small"]));
    const { after, ids } = await adWithPictures(keys);
    const failing: Storage = {
      ...storage,
      async put(key, body) {
        if (key === adImageFile(keys[1]!, "card_small")) throw new Error("bucket unreachable");
        return storage.put(key, body);
      },
    };

    const lines: string[] = [];
    const stopped = await backfillAdImageSizes(ctx.db, failing, {
      after,
      batchSize: 1,
      log: (line) => lines.push(line),
    })
      .then(() => null)
      .catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(BackfillStoppedError);
    expect((stopped as BackfillStoppedError).message).toContain("bucket unreachable");
    // The first row is done, and the log said so.
    const firstId = ids[0]!;
    expect((stopped as BackfillStoppedError).lastId).toBe(firstId);
    expect(lines).toContain(`  up to image ${firstId}: 1 checked, 1 completed`);
    expect(await storage.get(adImageFile(keys[0]!, "card_small"))).not.toBeNull();
    expect(await storage.get(adImageFile(keys[1]!, "card_small"))).toBeNull();

    const resumed = await backfillAdImageSizes(ctx.db, storage, { after: firstId });
    expect(resumed).toMatchObject({ checked: 2, completed: 2, withoutLarge: [] });
    for (const key of keys) expect(await storage.get(adImageFile(key, "card_small"))).not.toBeNull();
  });
});
