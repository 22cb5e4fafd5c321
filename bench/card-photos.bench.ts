/**
 * Card photo bytes (issue 12, decision 006): the image bytes a phone 360 CSS px wide downloads for the home page and
 * listings, once every card on the page has been scrolled into view. It reads the server-rendered HTML, picks for
 * each `<img>` the file Chromium would choose from its `srcset` and `sizes` at each device pixel ratio, and sums the
 * bytes of the distinct files. "Before" is every card's `src`, the card size (480x360) each one downloaded before
 * cards had a `srcset`; other pictures (category tiles) count the same in both columns.
 *
 *   npm run build && node --import tsx bench/card-photos.bench.ts
 *
 * It starts the server on DATA_DIR when set, else on a fresh temporary one seeded with 120 demo ads.
 */
import type { TCategory } from "../packages/shared/src/catalog.ts";
import { startBenchServer } from "./lib/server.ts";

/** A phone in both the common densities of cheap Androids, then a laptop, as viewport width and pixel ratio. */
const SCREENS = [
  { name: "phone 360", width: 360, ratio: 1 },
  { name: "phone 360", width: 360, ratio: 2 },
  { name: "desktop 1280", width: 1280, ratio: 1 },
];

const server = await startBenchServer({ demoAds: 120 });
try {
  console.log(`Card photo bytes: server-rendered pages, data in ${server.data}`);
  const sizes = new Map<string, number>();
  const bytesOf = async (url: string) => {
    if (!sizes.has(url)) {
      const response = await fetch(new URL(url, server.origin));
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      sizes.set(url, (await response.arrayBuffer()).byteLength);
    }
    return sizes.get(url)!;
  };
  const total = async (urls: Iterable<string>) => {
    let sum = 0;
    for (const url of new Set(urls)) sum += await bytesOf(url);
    return sum;
  };

  const rows = [];
  for (const page of await pagesToMeasure(server.origin)) {
    const html = await (await fetch(`${server.origin}${page.path}`)).text();
    const images = [...html.matchAll(/<img\b[^>]*>/g)].map((match) => attributesOf(match[0]));
    const cards = images.filter((image) => image.srcset);
    const others = await total(images.filter((image) => !image.srcset).map((image) => image.src!));
    const before = await total(cards.map((image) => image.src!));
    for (const screen of SCREENS) {
      const after = await total(cards.map((image) => chosenUrl(image, screen.width, screen.ratio)));
      rows.push({
        page: `${page.name} ${page.path}`,
        screen: `${screen.name} @${screen.ratio}x`,
        cards: cards.length,
        "cards before KB": kilobytes(before),
        "cards after KB": kilobytes(after),
        saved: `${Math.round((1 - after / before) * 100)} %`,
        "all images before KB": kilobytes(before + others),
        "all images after KB": kilobytes(after + others),
      });
    }
  }
  console.table(rows);
  console.log("1 KB = 1024 bytes of WebP bodies (the images are not compressed again on the wire).");
} finally {
  await server.stop();
}

/** Home, a listing of the first subcategory with ads (as web.bench.ts), and the first page of all ads. */
async function pagesToMeasure(origin: string): Promise<{ name: string; path: string }[]> {
  const pages = [{ name: "home", path: "/" }];
  const categories = ((await (await fetch(`${origin}/api/categories/active`)).json()) as { data: TCategory[] }).data;
  const subcategory = categories.flatMap((category) => category.subcategories).find((sub) => sub.ads_count > 0);
  if (subcategory) pages.push({ name: "listing", path: `/categories/${subcategory.category_id}/${subcategory.id}` });
  pages.push({ name: "all ads", path: "/search" });
  return pages;
}

function attributesOf(tag: string): Record<string, string | undefined> {
  const attributes: Record<string, string> = {};
  for (const [, name, value] of tag.matchAll(/\s([a-zA-Z-]+)="([^"]*)"/g)) {
    attributes[name!.toLowerCase()] = value!.replaceAll("&amp;", "&");
  }
  return attributes;
}

/**
 * The URL Chromium fetches for an `<img>`: its `src` without a `srcset`; otherwise the width of the slot from `sizes`
 * (the first entry whose media condition matches), each candidate's density (its width over the slot's), and
 * Chromium's choice among them (HTMLSrcsetParser's SelectionLogic): the first candidate dense enough for the screen,
 * or the one below it when the screen's ratio is under the two densities' geometric mean.
 */
function chosenUrl(image: Record<string, string | undefined>, viewport: number, ratio: number): string {
  if (!image.srcset) return image.src!;
  const slot = slotWidth(image.sizes ?? "100vw", viewport);
  const candidates = image.srcset
    .split(",")
    .map((candidate) => {
      const [url, descriptor] = candidate.trim().split(/\s+/);
      if (!url || !descriptor?.endsWith("w")) throw new Error(`Unexpected srcset candidate: ${candidate}`);
      return { url, density: Number.parseFloat(descriptor) / slot };
    })
    .sort((a, b) => a.density - b.density);
  let index = 0;
  for (; index < candidates.length - 1; index += 1) {
    const current = candidates[index]!.density;
    const next = candidates[index + 1]!.density;
    if (next < ratio) continue;
    if ((ratio <= 1 && ratio > current) || ratio >= Math.sqrt(current * next)) index += 1;
    break;
  }
  return candidates[index]!.url;
}

/** The slot width in CSS px of a `sizes` list at a viewport width: (min-|max-width) conditions, px, vw and calc(). */
function slotWidth(sizes: string, viewport: number): number {
  for (const entry of splitTopLevel(sizes)) {
    const conditional = /^\((min|max)-width:\s*([\d.]+)px\)\s+(.+)$/.exec(entry);
    if (conditional) {
      const [, kind, bound, length] = conditional;
      const matches = kind === "min" ? viewport >= Number(bound) : viewport <= Number(bound);
      if (matches) return evaluateLength(length!, viewport);
    } else if (entry.startsWith("(")) {
      throw new Error(`Unsupported media condition in sizes: ${entry}`);
    } else {
      return evaluateLength(entry, viewport);
    }
  }
  return viewport;
}

function splitTopLevel(list: string): string[] {
  const entries: string[] = [];
  let depth = 0;
  let current = "";
  for (const character of list) {
    if (character === "(") depth += 1;
    if (character === ")") depth -= 1;
    if (character === "," && depth === 0) {
      entries.push(current.trim());
      current = "";
    } else {
      current += character;
    }
  }
  entries.push(current.trim());
  return entries.filter(Boolean);
}

/** A length of `sizes`: `176px`, `50vw` or `calc()` of them with + - * / and parentheses. */
function evaluateLength(length: string, viewport: number): number {
  const tokens = length.replace(/^calc/, "").match(/[\d.]+(?:px|vw)?|[-+*/()]/g) ?? [];
  let position = 0;
  const peek = () => tokens[position];
  const primary = (): number => {
    const token = tokens[position++];
    if (token === "(") {
      const value = sum();
      position += 1; // ")"
      return value;
    }
    if (token?.endsWith("vw")) return (Number.parseFloat(token) * viewport) / 100;
    if (token && /^[\d.]/.test(token)) return Number.parseFloat(token);
    throw new Error(`Cannot read the length ${length}`);
  };
  const product = (): number => {
    let value = primary();
    while (peek() === "*" || peek() === "/") value = tokens[position++] === "*" ? value * primary() : value / primary();
    return value;
  };
  const sum = (): number => {
    let value = product();
    while (peek() === "+" || peek() === "-") value = tokens[position++] === "+" ? value + product() : value - product();
    return value;
  };
  return sum();
}

function kilobytes(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}
