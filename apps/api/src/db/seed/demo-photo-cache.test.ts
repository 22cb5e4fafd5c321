import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { AD_IMAGE_VARIANTS } from "@waterside/shared/images";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { encodeAdPhoto } from "../../lib/images.ts";
import { drawDemoPhoto } from "./demo-photos.ts";
import { demoPhotoInputs, openDemoPhotoCache } from "./demo-photo-cache.ts";

describe("the demo photo cache", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "waterside-demo-photos-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("gives back exactly the sizes and hash of a drawn photo, to a later start", async () => {
    const encoded = await encodeAdPhoto(
      await drawDemoPhoto({ subject: { main: "1f697" }, scene: "yard", shot: 1, look: 7 }),
      "images",
      2,
    );
    const first = (await openDemoPhotoCache(dir, 2))!;
    expect(await first.get("1f697:yard:7:1")).toBeNull();
    await first.put("1f697:yard:7:1", encoded);

    const later = (await openDemoPhotoCache(dir, 2))!;
    const cached = await later.get("1f697:yard:7:1");
    expect(cached?.phash).toBe(encoded.phash);
    for (const variant of AD_IMAGE_VARIANTS)
      expect(cached!.variants[variant].equals(encoded.variants[variant])).toBe(true);
    // Another photo, or the same one encoded with another effort, is not served from it.
    expect(await later.get("1f697:yard:7:2")).toBeNull();
    expect(await (await openDemoPhotoCache(dir, 4))!.get("1f697:yard:7:1")).toBeNull();
    expect(demoPhotoInputs(4)).not.toBe(demoPhotoInputs(2));
  });

  it("counts an entry with a missing file as a miss, and keeps a photo without a hash", async () => {
    const cache = (await openDemoPhotoCache(dir, 2))!;
    const variants = Object.fromEntries(AD_IMAGE_VARIANTS.map((variant) => [variant, Buffer.from(variant)]));
    await cache.put("plain", { variants: variants as never, phash: null });
    expect((await cache.get("plain"))?.phash).toBeNull();

    const [entry] = await readdir(path.join(dir, demoPhotoInputs(2)));
    await rm(path.join(dir, demoPhotoInputs(2), entry!, "card.webp"));
    expect(await cache.get("plain")).toBeNull();
  });

  it("removes caches of other code left unused for a week, and keeps recent ones", async () => {
    const old = path.join(dir, "old-inputs");
    const recent = path.join(dir, "recent-inputs");
    for (const folder of [old, recent]) {
      await mkdir(folder);
      await writeFile(path.join(folder, "x"), "x");
    }
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await utimes(old, eightDaysAgo, eightDaysAgo);

    await openDemoPhotoCache(dir, 2);
    expect((await readdir(dir)).sort()).toEqual([demoPhotoInputs(2), "recent-inputs"].sort());
    expect((await stat(recent)).isDirectory()).toBe(true);
  });

  it("is not used when its folder cannot be made", async () => {
    const file = path.join(dir, "a-file");
    await writeFile(file, "");
    expect(await openDemoPhotoCache(path.join(file, "cache"), 2)).toBeNull();
  });
});
