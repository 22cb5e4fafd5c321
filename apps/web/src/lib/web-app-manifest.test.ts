import { readFileSync } from "node:fs";
import path from "node:path";
import { BRAND } from "@waterside/shared/brand";
import { describe, expect, it } from "vitest";
import { webAppManifest } from "./web-app-manifest";

const publicDir = path.resolve(import.meta.dirname, "../../public");
/** Width x height of a PNG, from its IHDR chunk. */
const pngSize = (file: string) => {
  const png = readFileSync(path.join(publicDir, file));
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
};

describe("the web app manifest", () => {
  const manifest = webAppManifest();

  it("names the app by the brand and opens it standalone on the home page", () => {
    expect(manifest).toMatchObject({
      name: BRAND,
      short_name: BRAND,
      start_url: "/",
      scope: "/",
      display: "standalone",
    });
    // Launchers cut a short name past about 12 characters.
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  });

  it("has the 192 and 512 px icons Chromium asks for, plain and maskable, each file the size it says", () => {
    for (const purpose of ["any", "maskable"]) {
      const sizes = manifest.icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes);
      expect(sizes, purpose).toEqual(["192x192", "512x512"]);
    }
    for (const icon of manifest.icons) expect(pngSize(icon.src), icon.src).toBe(icon.sizes);
    expect(pngSize("/icons/apple-touch-icon.png")).toBe("180x180");
  });

  it("offers Sell and Chat on a long press of the installed icon", () => {
    expect(manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
      ["Sell", "/sell"],
      ["Chat", "/chat"],
    ]);
  });
});
