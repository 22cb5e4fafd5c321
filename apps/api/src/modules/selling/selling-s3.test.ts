import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_SIZES } from "@waterside/shared/images";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signedInUser } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";
import { startS3Server } from "../../test/s3-server.ts";
import { createTestApp } from "../../test/test-app.ts";
import { adForm, carAdFields, findCars } from "../../test/car-ad.ts";

let server: Awaited<ReturnType<typeof startS3Server>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  server = await startS3Server();
  // Only configuration differs from the other tests: S3_* and MEDIA_BASE_URL.
  ctx = await createTestApp(server.env);
});
afterAll(async () => {
  await ctx?.close();
  await server?.stop();
});

const picture = (background: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe("ad photos with S3 storage", () => {
  it("go to the bucket, and replies point at MEDIA_BASE_URL instead of /media", async () => {
    const cars = await findCars(ctx.db);
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const form = adForm(carAdFields(cars, { title: "Toyota Corolla 2014 kept in a bucket" }), [
      { body: await picture("#ff0000"), name: "red.jpg" },
      { body: await picture("#0000ff"), name: "blue.jpg" },
    ]);
    const body = await multipart(form);
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/ads/create",
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode).toBe(201);
    const { data } = created.json();
    expect(data.images).toHaveLength(2);

    const shown = await ctx.app.inject({ url: `/api/ads/id/${data.id}` });
    expect(shown.statusCode).toBe(200);
    for (const reply of [data, shown.json().data]) {
      for (const image of reply.images) {
        for (const url of [image.image_url, image.card_url, image.thumbnail_url]) {
          expect(url.startsWith(`${server.env.MEDIA_BASE_URL}/ads/`)).toBe(true);
        }
      }
    }

    // Read back as a browser would: straight from the bucket, not through the API.
    const widths = { image_url: 640, card_url: IMAGE_SIZES.card.width, thumbnail_url: IMAGE_SIZES.thumbnail.width };
    for (const [field, expectedWidth] of Object.entries(widths)) {
      const response = await fetch(data.images[0][field]);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const stored = sharp(Buffer.from(await response.arrayBuffer()));
      const { format, width } = await stored.metadata();
      expect(format).toBe("webp");
      expect(width).toBe(expectedWidth);
      const { dominant } = await stored.stats();
      expect(dominant.r).toBeGreaterThan(200);
    }

    const key = data.images[0].card_url.slice(server.env.MEDIA_BASE_URL.length + 1);
    const inBucket = [];
    for await (const file of ctx.storage.list("ads/")) inBucket.push(file.key);
    expect(inBucket).toContain(key);
    // Nothing was written to the local media folder, and the API no longer serves /media.
    expect(existsSync(path.join(inject("mediaDir"), key))).toBe(false);
    expect((await ctx.app.inject({ url: `/media/${key}` })).statusCode).toBe(404);
  });
});
