import { Random } from './catalog-random';

// News pictures: abstract compositions drawn as SVG at seed time (no text in the picture: the words go
// in the alt attribute, in the culture); the assets route rasterises them with sharp at the asked size.

export const newsImageWidth = 1200;
export const newsImageHeight = 800;

const palettes = [
  ['#f3e9dc', '#c08552', '#895737', '#5e3023'],
  ['#e8f1f2', '#1b98e0', '#247ba0', '#13293d'],
  ['#f4f1de', '#e07a5f', '#3d405b', '#81b29a'],
  ['#fefae0', '#dda15e', '#bc6c25', '#606c38'],
  ['#f1faee', '#a8dadc', '#457b9d', '#1d3557'],
  ['#fff1e6', '#f0a6ca', '#b8bedd', '#6d597a'],
];

function shape(random: Random, colour: string): string {
  const x = random.int(0, newsImageWidth);
  const y = random.int(0, newsImageHeight);
  const size = random.int(120, 420);
  const opacity = (0.55 + random.next() * 0.4).toFixed(2);
  switch (random.int(0, 2)) {
    case 0:
      return `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${colour}" fill-opacity="${opacity}"/>`;
    case 1:
      return `<rect x="${x - size / 2}" y="${y - size / 3}" width="${size}" height="${Math.round(size / 1.5)}" rx="${random.int(0, 60)}" fill="${colour}" fill-opacity="${opacity}" transform="rotate(${random.int(-30, 30)} ${x} ${y})"/>`;
    default:
      return `<path d="M0 ${y} Q ${x} ${y - size} ${newsImageWidth} ${y + random.int(-120, 120)} L ${newsImageWidth} ${newsImageHeight} L 0 ${newsImageHeight} Z" fill="${colour}" fill-opacity="${opacity}"/>`;
  }
}

/** One picture, the same for the same seed on every machine. */
export function newsPictureSvg(seed: number): Buffer {
  const random = new Random(seed * 7919 + 17);
  const [background, ...colours] = palettes[seed % palettes.length];
  const shapes = Array.from({ length: random.int(4, 7) }, () => shape(random, random.pick(colours)));
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${newsImageWidth}" height="${newsImageHeight}" viewBox="0 0 ${newsImageWidth} ${newsImageHeight}">` +
      `<rect width="${newsImageWidth}" height="${newsImageHeight}" fill="${background}"/>${shapes.join('')}</svg>`,
  );
}
