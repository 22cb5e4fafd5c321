import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import { seededRandom } from "./placeholder-images.ts";

/**
 * Demo product photos, made at seed time with no download: a 3D render of the thing an ad sells (Microsoft's Fluent
 * Emoji 3D, MIT licence, from the `@lobehub/fluent-emoji-3d` package) set in a plausible scene (a table against a
 * wall, a studio sweep, a yard of Liberian red earth, a tiled floor, a field) with a shadow, and shot as a seller
 * would: straight on, from the other side at an angle, close up, with companions, and further away.
 */

/** Where the photo is taken: what a seller of that kind of thing would have behind it. */
export type DemoScene = "table" | "studio" | "yard" | "room" | "field";

/** A photo's subject: a Fluent Emoji code point sequence, e.g. "1f697" (automobile), plus what may stand beside it. */
export interface DemoSubject {
  main: string;
  companions?: readonly string[];
}

export const DEMO_PHOTO = { width: 1080, height: 810 } as const;
/** Shots one subject can be photographed in: an ad shows 2–5 of them, starting from a different one per ad. */
export const DEMO_SHOTS = 5;

const assetsDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@lobehub/fluent-emoji-3d/package.json")),
  "assets",
);

/** The render's file: the set names emoji that have a variation selector with it (e.g. "1f3cd-fe0f"). */
export function emojiFile(code: string): string {
  for (const name of [code, `${code}-fe0f`]) {
    const file = path.join(assetsDir, `${name}.webp`);
    if (existsSync(file)) return file;
  }
  throw new Error(`No Fluent Emoji 3D render for ${code}`);
}

type Palette = readonly [string, string];
const WALLS: Palette[] = [
  ["#efe9de", "#d8cfbf"],
  ["#f4f5f7", "#d3d7dd"],
  ["#e3eef8", "#c3d6e8"],
  ["#f8e9dc", "#e9cdb4"],
  ["#e9f1e4", "#cbdcc0"],
];
const TABLES: Palette[] = [
  ["#8a6a4a", "#5b4330"],
  ["#f7f7f5", "#d9d9d4"],
  ["#44403c", "#292524"],
  ["#c9a27a", "#9c7a55"],
  ["#1f3b63", "#152a47"],
];
/** Paper sweeps of a product photographer: never plain grey, so a grey thing still stands out. */
const SWEEPS: Palette[] = [
  ["#fff4e0", "#e8c993"],
  ["#e6f1ff", "#a9c6ea"],
  ["#f3e8fb", "#c9aede"],
  ["#e4f6ec", "#a6d7ba"],
  ["#ffe9e4", "#f0b4a4"],
];
const SKIES: Palette[] = [
  ["#8ec5ee", "#e6f3fc"],
  ["#a9c9e0", "#eef3f6"],
  ["#f3c98b", "#fbe9cf"],
];
/** Ground outdoors: laterite (Monrovia's red earth), asphalt, concrete and grass. */
const GROUNDS: Palette[] = [
  ["#b3643d", "#7e4127"],
  ["#6b6f76", "#45484d"],
  ["#bdb8ad", "#8f8a80"],
  ["#6c9f4b", "#3e6d2a"],
];
const FLOORS: Palette[] = [
  ["#d9d2c5", "#b7ad9c"],
  ["#9a7656", "#6e5139"],
  ["#e7e5e4", "#c4c0bb"],
];

interface Shot {
  /** Subject height as a share of the photo's height; over 1 is a close-up cut by the frame. */
  size: number;
  /** Where the subject stands, as a share of the width (0.5 is centred). */
  x: number;
  rotate: number;
  mirror: boolean;
  companions: boolean;
  scene: DemoScene;
}

/** The five ways a seller photographs one thing; each ad starts from a different one. */
function shotsOf(scene: DemoScene, random: ReturnType<typeof seededRandom>): Shot[] {
  const tilt = () => random.int(-7, 7);
  const aside = () => 0.5 + (random.next() < 0.5 ? -1 : 1) * (0.08 + random.next() * 0.1);
  // The further shot shows where the thing is: small ones on the table, big ones in their room or yard.
  const further: DemoScene = scene === "studio" ? "table" : scene;
  // A close-up of a small thing is taken on a plain sweep; a car, a sofa or a plot is shot where it is.
  const closeUp: DemoScene = scene === "table" ? "studio" : scene;
  return [
    { size: 0.62, x: 0.5, rotate: 0, mirror: false, companions: false, scene },
    { size: 0.56, x: aside(), rotate: tilt(), mirror: true, companions: false, scene },
    {
      size: 1.15,
      x: 0.5 + (random.next() - 0.5) * 0.2,
      rotate: tilt(),
      mirror: random.next() < 0.5,
      companions: false,
      scene: closeUp,
    },
    { size: 0.5, x: 0.42, rotate: tilt(), mirror: false, companions: true, scene },
    { size: 0.4, x: aside(), rotate: 0, mirror: random.next() < 0.5, companions: false, scene: further },
  ];
}

/**
 * Photo `shot` (0 … DEMO_SHOTS - 1) of `subject` in `scene`, as PNG. `look` picks the palettes and angles, so two
 * ads of the same thing can look different; the same arguments always give the same photo. The scene and its
 * subjects are one SVG drawn in one pass: the frame cuts a close-up as a phone's would.
 */
export async function drawDemoPhoto(options: {
  subject: DemoSubject;
  scene: DemoScene;
  shot: number;
  look: number;
}): Promise<Buffer> {
  const { subject, scene, look } = options;
  const random = seededRandom(hashSeed(`${subject.main}:${scene}:${look}`));
  const shot = shotsOf(scene, random)[options.shot % DEMO_SHOTS]!;
  const { width } = DEMO_PHOTO;
  const outdoors = shot.scene === "yard" || shot.scene === "field";
  const floorY = Math.round(DEMO_PHOTO.height * (shot.scene === "studio" ? 0.82 : outdoors ? 0.5 : 0.64));
  const subjectHeight = DEMO_PHOTO.height * shot.size;

  const placed: Placed[] = [];
  const main = await render(subject.main);
  const mainWidth = subjectHeight * main.aspect;
  placed.push({ render: main, x: width * shot.x - mainWidth / 2, height: subjectHeight, shot });
  if (shot.companions && subject.companions?.length) {
    const gap = width * 0.02;
    let x = width * shot.x + mainWidth / 2 + gap;
    for (const [index, code] of subject.companions.slice(0, 2).entries()) {
      const companion = await render(code);
      const height = subjectHeight * (0.55 - index * 0.1);
      const companionWidth = height * companion.aspect;
      if (x + companionWidth > width) x = Math.max(0, width * shot.x - mainWidth / 2 - gap - companionWidth);
      placed.push({ render: companion, x, height, shot: { ...shot, mirror: false, rotate: random.int(-10, 10) } });
      x += companionWidth + gap;
    }
  }
  const trees: Placed[] = [];
  if (outdoors) {
    for (let index = random.int(2, 4); index > 0; index--) {
      const tree = await render(random.next() < 0.6 ? "1f334" : "1f333");
      const height = random.int(90, 170);
      trees.push({
        render: tree,
        x: random.int(0, width - height),
        height,
        shot: { ...shot, rotate: 0, mirror: false },
      });
    }
  }
  const baseY = outdoors ? floorY + DEMO_PHOTO.height * 0.2 : floorY;
  const svg = sceneSvg(shot.scene, random, floorY, {
    behind: trees.map((tree) => placedSvg(tree, floorY + 4)).join(""),
    shadows: placed.map((item) => shadowSvg(item, baseY)).join(""),
    subjects: placed.map((item) => placedSvg(item, baseY)).join(""),
  });
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

interface Render {
  /** A PNG data URI of the render without its transparent margins, so a subject's feet meet the floor line. */
  href: string;
  aspect: number;
}

interface Placed {
  render: Render;
  x: number;
  height: number;
  shot: Pick<Shot, "rotate" | "mirror">;
}

/** Each render is read and trimmed once per process. */
const renders = new Map<string, Promise<Render>>();
function render(code: string): Promise<Render> {
  let result = renders.get(code);
  if (!result) {
    result = sharp(emojiFile(code))
      .trim()
      .png()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({
        href: `data:image/png;base64,${data.toString("base64")}`,
        aspect: info.width / info.height,
      }));
    renders.set(code, result);
  }
  return result;
}

/** `baseY` is where it stands: the floor line indoors, nearer the camera than the horizon outdoors. */
function placedSvg({ render, x, height, shot }: Placed, baseY: number): string {
  const width = height * render.aspect;
  const top = baseY - height * 0.98;
  const cx = x + width / 2;
  const cy = top + height / 2;
  const mirror = shot.mirror ? ` translate(${2 * cx} 0) scale(-1 1)` : "";
  return `<image href="${render.href}" x="${x}" y="${top}" width="${width}" height="${height}" transform="rotate(${shot.rotate} ${cx} ${cy})${mirror}"/>`;
}

function shadowSvg({ render, x, height }: Placed, baseY: number): string {
  const rx = height * render.aspect * 0.48;
  return `<ellipse cx="${x + rx / 0.96}" cy="${baseY}" rx="${rx}" ry="${Math.max(6, rx * 0.12)}" fill="url(#shadow)"/>`;
}

function sceneSvg(
  scene: DemoScene,
  random: ReturnType<typeof seededRandom>,
  floorY: number,
  layers: { behind: string; shadows: string; subjects: string },
) {
  const { width, height } = DEMO_PHOTO;
  const vertical = (id: string, [from, to]: Palette) =>
    `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
  const defs: string[] = [
    `<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.42"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
  ];
  let body = "";
  if (scene === "studio") {
    const [from, to] = random.pick(SWEEPS);
    defs.push(
      `<radialGradient id="sweep" cx="0.5" cy="0.45" r="0.8"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></radialGradient>`,
    );
    // The sweep curves into the floor, a shade darker, where the subject stands.
    defs.push(
      `<linearGradient id="sweepFloor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${to}" stop-opacity="0"/><stop offset="1" stop-color="${to}" stop-opacity="0.9"/></linearGradient>`,
    );
    body = `<rect width="100%" height="100%" fill="url(#sweep)"/><rect y="${floorY - 120}" width="100%" height="${height - floorY + 120}" fill="url(#sweepFloor)"/>`;
  } else {
    const upper = scene === "yard" || scene === "field" ? random.pick(SKIES) : random.pick(WALLS);
    const lower =
      scene === "table"
        ? random.pick(TABLES)
        : scene === "room"
          ? random.pick(FLOORS)
          : scene === "field"
            ? GROUNDS[3]!
            : random.pick(GROUNDS.slice(0, 3));
    defs.push(vertical("upper", upper), vertical("lower", lower));
    body = `<rect width="100%" height="${floorY}" fill="url(#upper)"/><rect y="${floorY - 1}" width="100%" height="${height - floorY + 1}" fill="url(#lower)"/>`;
    if (scene === "room") {
      // Floor tiles in perspective, and a skirting board: a room, not a backdrop.
      const lines = Array.from({ length: 9 }, (_, index) => {
        const x = (index / 8) * width;
        return `<line x1="${x}" y1="${floorY}" x2="${width / 2 + (x - width / 2) * 2.4}" y2="${height}" stroke="#000" stroke-opacity="0.08" stroke-width="2"/>`;
      }).join("");
      body += `${lines}<rect y="${floorY - 14}" width="100%" height="14" fill="#000" fill-opacity="0.08"/>`;
    } else if (scene === "table") {
      body += `<rect y="${floorY - 1}" width="100%" height="6" fill="#fff" fill-opacity="0.18"/>`;
    }
  }
  // Light from one side, as through a window.
  const lightX = random.next() < 0.5 ? 0 : 1;
  defs.push(
    `<linearGradient id="light" x1="${lightX}" y1="0" x2="${1 - lightX}" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.16"/><stop offset="1" stop-color="#000" stop-opacity="0.1"/></linearGradient>`,
  );
  // A phone camera's lens darkens the corners a little.
  defs.push(
    `<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></radialGradient>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>${defs.join("")}</defs>${body}${layers.behind}${layers.shadows}<rect width="100%" height="100%" fill="url(#light)"/>${layers.subjects}<rect width="100%" height="100%" fill="url(#vignette)"/></svg>`;
}

function hashSeed(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 16777619);
  return hash >>> 0;
}

/**
 * A category's or subcategory's picture (reference data, in production too): its subject on a backdrop of the
 * category's colours, with a shadow, and no words (the name is written beside it).
 */
export async function drawCatalogPicture(options: {
  code: string;
  colors: readonly [string, string];
  width: number;
  height: number;
}): Promise<Buffer> {
  const { code, colors, width, height } = options;
  const subject = await render(code);
  const subjectHeight = height * 0.68;
  const placed: Placed = {
    render: subject,
    x: width / 2 - (subjectHeight * subject.aspect) / 2,
    height: subjectHeight,
    shot: { rotate: 0, mirror: false },
  };
  const baseY = height * 0.86;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>
    <radialGradient id="backdrop" cx="0.5" cy="0.4" r="0.85"><stop offset="0" stop-color="${colors[1]}"/><stop offset="1" stop-color="${colors[0]}"/></radialGradient>
    <radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
    </defs><rect width="100%" height="100%" fill="url(#backdrop)"/>${shadowSvg(placed, baseY)}${placedSvg(placed, baseY)}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
