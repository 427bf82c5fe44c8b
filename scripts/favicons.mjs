// Draws the favicon set from static/images/favicon.svg with sharp: favicon-32.png, apple-touch-icon.png
// (180 px), icon-192.png and icon-512.png (the web app manifest, server/seo/routes.ts). The PNGs are
// committed; run this again after changing the SVG: node scripts/favicons.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const images = path.resolve(import.meta.dirname, '../static/images');
const svg = readFileSync(path.join(images, 'favicon.svg'));
const outputs = [
  ['favicon-32.png', 32],
  ['apple-touch-icon.png', 180],
  ['icon-192.png', 192],
  ['icon-512.png', 512],
];

for (const [name, size] of outputs) {
  // Drawn at the target size's density, so small icons are not a blurred downscale.
  await sharp(svg, { density: Math.max(72, Math.ceil((72 * size) / 32)) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(images, name));
  console.log(`${name} ${size}x${size}`);
}
