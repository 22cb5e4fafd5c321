import sharp from "sharp";

/** Deterministic pseudo-random numbers, so the same seed draws the same demo data. */
export function seededRandom(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A picture drawn locally (no internet): a gradient in the category's colours with shapes and a label.
 * Rendered by sharp from SVG; without fonts on the machine the label is simply absent.
 */
export async function drawPicture(options: {
  width: number;
  height: number;
  colors: [string, string];
  label: string;
  seed: number;
}): Promise<Buffer> {
  const { width, height, colors, label, seed } = options;
  const random = seededRandom(seed);
  const shapes = Array.from({ length: 7 }, () => {
    const x = random.int(0, width);
    const y = random.int(0, height);
    const size = random.int(Math.round(width / 12), Math.round(width / 3));
    const opacity = (0.08 + random.next() * 0.2).toFixed(2);
    return random.next() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="#fff" fill-opacity="${opacity}"/>`
      : `<rect x="${x - size / 2}" y="${y - size / 3}" width="${size}" height="${(size * 2) / 3}" rx="${size / 10}" fill="#fff" fill-opacity="${opacity}" transform="rotate(${random.int(-30, 30)} ${x} ${y})"/>`;
  }).join("");
  const fontSize = Math.round(Math.min(width / Math.max(label.length * 0.62, 4), height / 5));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes}
    <text x="50%" y="54%" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold"
      font-size="${fontSize}" fill="#fff" fill-opacity="0.92">${escapeXml(label)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
