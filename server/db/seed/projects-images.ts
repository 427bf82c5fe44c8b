import { Random } from './catalog-random';

// Project photos for the demo seed: small SVG scenes (sky, ground, buildings, trees, water) drawn at
// seed time, without any text (the words are the alt texts, per culture). The assets route rasterises
// them with sharp to the size a page asks for, like the catalog's pictures.

export type SceneKind = 'facade' | 'street' | 'garden' | 'water' | 'detail' | 'aerial';
export const sceneKinds: readonly SceneKind[] = ['facade', 'street', 'garden', 'water', 'detail', 'aerial'];

/** The three shapes a gallery mixes, so the masonry has columns of different heights. */
const formats = [
  { width: 1200, height: 900 },
  { width: 900, height: 1200 },
  { width: 1000, height: 1000 },
] as const;

export interface Scene {
  content: Buffer;
  width: number;
  height: number;
}

const palettes = [
  { sky: ['#9cc9e8', '#e8f1f7'], ground: '#8fae6b', walls: ['#d9c7a7', '#c4674b', '#efe7da', '#6f7f8f'], accent: '#2f4858' },
  { sky: ['#f2b880', '#fbe3c4'], ground: '#a69063', walls: ['#e9d8b4', '#b95f3f', '#f4efe6', '#556270'], accent: '#403d39' },
  { sky: ['#7fa7c9', '#d5e4ef'], ground: '#5f8a55', walls: ['#cfd6dc', '#8d6e63', '#f5f5f0', '#3d5a80'], accent: '#1d3557' },
];

function buildings(random: Random, width: number, base: number, walls: readonly string[]): string {
  let x = -20;
  const parts: string[] = [];
  while (x < width) {
    const w = random.int(90, 220);
    const h = random.int(160, Math.max(200, Math.round(base * 0.7)));
    const colour = walls[random.int(0, walls.length - 1)];
    parts.push(`<rect x="${x}" y="${base - h}" width="${w}" height="${h}" fill="${colour}"/>`);
    for (let wy = base - h + 24; wy < base - 40; wy += 46) {
      for (let wx = x + 16; wx < x + w - 30; wx += 38) parts.push(`<rect x="${wx}" y="${wy}" width="20" height="28" fill="#2f3e4688"/>`);
    }
    x += w + random.int(0, 24);
  }
  return parts.join('');
}

function trees(random: Random, width: number, base: number, count: number): string {
  return Array.from({ length: count }, () => {
    const x = random.int(20, width - 20);
    const r = random.int(30, 70);
    return `<rect x="${x - 6}" y="${base - r}" width="12" height="${r}" fill="#5b4636"/><circle cx="${x}" cy="${base - r - r * 0.6}" r="${r}" fill="#3f7d4e" fill-opacity=".9"/>`;
  }).join('');
}

function body(kind: SceneKind, random: Random, width: number, height: number, palette: (typeof palettes)[number]): string {
  const horizon = Math.round(height * (kind === 'aerial' ? 0.25 : 0.68));
  const ground = `<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="${palette.ground}"/>`;
  switch (kind) {
    case 'facade':
      return ground + buildings(random, width, horizon + 40, palette.walls);
    case 'street':
      return ground + buildings(random, width, horizon, palette.walls) + `<polygon points="${width * 0.35},${height} ${width * 0.48},${horizon} ${width * 0.52},${horizon} ${width * 0.65},${height}" fill="#9a9a9a"/>` + trees(random, width, horizon + 30, 3);
    case 'garden':
      return ground + trees(random, width, horizon + 60, 7) + `<ellipse cx="${width / 2}" cy="${height - 80}" rx="${width / 3}" ry="40" fill="#b8c98f"/>`;
    case 'water':
      return buildings(random, width, horizon, palette.walls) + `<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="#4a7fa8"/>` +
        Array.from({ length: 8 }, (_, i) => `<line x1="${random.int(0, width)}" y1="${horizon + 30 + i * 40}" x2="${random.int(0, width)}" y2="${horizon + 34 + i * 40}" stroke="#ffffff66" stroke-width="6"/>`).join('');
    case 'detail':
      return Array.from({ length: 6 }, (_, i) => `<rect x="0" y="${(i * height) / 6}" width="${width}" height="${height / 6 - 8}" fill="${palette.walls[i % palette.walls.length]}"/>`).join('') +
        `<circle cx="${width * 0.7}" cy="${height * 0.4}" r="${Math.min(width, height) / 5}" fill="${palette.accent}" fill-opacity=".8"/>`;
    case 'aerial':
      return `<rect width="${width}" height="${height}" fill="${palette.ground}"/>` +
        Array.from({ length: 14 }, () => `<rect x="${random.int(0, width - 120)}" y="${random.int(0, height - 120)}" width="${random.int(60, 180)}" height="${random.int(60, 180)}" fill="${palette.walls[random.int(0, 3)]}" stroke="#00000033" stroke-width="4"/>`).join('') +
        trees(random, width, height, 5);
  }
}

/** One scene: its kind, a seed (the same picture every run) and its place in the gallery (which picks its shape). */
export function projectScene(kind: SceneKind, seed: number, index: number): Scene {
  const random = new Random(seed);
  const { width, height } = formats[index % formats.length];
  const palette = palettes[seed % palettes.length];
  const sky = `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#s)"/><circle cx="${random.int(80, width - 80)}" cy="${random.int(60, 180)}" r="46" fill="#fff4c2"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${sky}${body(kind, random, width, height, palette)}</svg>`;
  return { content: Buffer.from(svg), width, height };
}
