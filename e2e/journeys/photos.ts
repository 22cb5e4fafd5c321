import type { Page } from "@playwright/test";

/**
 * Pictures of one plain colour each, drawn by the browser itself: for a category's or subcategory's picture. An ad's
 * photos come from `uniquePhotos`.
 */
export async function photos(page: Page, colors: string[]) {
  const encoded = await page.evaluate(
    (list) =>
      list.map((color) => {
        const canvas = document.createElement("canvas");
        canvas.width = 800;
        canvas.height = 600;
        const context = canvas.getContext("2d")!;
        context.fillStyle = color;
        context.fillRect(0, 0, 800, 600);
        return canvas.toDataURL("image/png").split(",")[1]!;
      }),
    colors,
  );
  return encoded.map((base64, index) => ({
    name: `photo-${index}.png`,
    mimeType: "image/png",
    buffer: Buffer.from(base64, "base64"),
  }));
}

/**
 * Photos as a phone would pick them, that no other ad has: PNGs of random coloured blocks, drawn by the browser. The
 * posting checks (issue 28, decision 078) refuse a seller's photo that one of their live ads already shows, and flag
 * one another seller's ad shows; journeys at two screen sizes as one seller, or run again on one server, would trip
 * them with fixed pictures. Every posting journey takes its photos from here.
 */
export async function uniquePhotos(page: Page, count: number) {
  const encoded = await page.evaluate((count) => {
    return Array.from({ length: count }, () => {
      const canvas = document.createElement("canvas");
      canvas.width = 640;
      canvas.height = 480;
      const context = canvas.getContext("2d")!;
      for (let x = 0; x < 640; x += 80) {
        for (let y = 0; y < 480; y += 80) {
          const shade = Math.floor(Math.random() * 256);
          context.fillStyle = `rgb(${shade},${255 - shade},${Math.floor(Math.random() * 256)})`;
          context.fillRect(x, y, 80, 80);
        }
      }
      return canvas.toDataURL("image/png").split(",")[1]!;
    });
  }, count);
  return encoded.map((base64, index) => ({
    name: `photo-${index}.png`,
    mimeType: "image/png",
    buffer: Buffer.from(base64, "base64"),
  }));
}
