import type { Page } from "@playwright/test";

/** Photos as a phone would pick them: PNGs of a colour, drawn by the browser itself. */
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
