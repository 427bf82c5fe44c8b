import type { Silhouette } from './catalog-types';

// Product pictures are small SVGs drawn at seed time (a silhouette filled in the variant's colours);
// the assets route rasterises them to the requested size on first use and caches the result.

export const imageSize = 800;

const shapes: Record<Silhouette, string> = {
  top: 'M260 170 L340 140 Q400 190 460 140 L540 170 L660 300 L590 360 L540 310 L540 660 L260 660 L260 310 L210 360 L140 300 Z',
  dress: 'M320 130 L360 120 Q400 160 440 120 L480 130 L470 260 L600 660 L200 660 L330 260 Z',
  trousers: 'M270 130 L530 130 L570 670 L450 670 L400 300 L350 670 L230 670 Z',
  coat: 'M250 150 L340 120 L400 220 L460 120 L550 150 L660 320 L600 370 L560 320 L560 690 L240 690 L240 320 L200 370 L140 320 Z',
  shoe: 'M150 520 L170 400 Q260 390 330 330 L420 350 Q520 450 650 470 Q680 500 670 560 L150 560 Z',
  boot: 'M270 180 L440 180 L450 430 Q560 450 640 480 Q670 520 660 580 L250 580 Z',
  bag: 'M210 330 L590 330 L630 650 L170 650 Z M300 330 Q300 190 400 190 Q500 190 500 330 L470 330 Q470 220 400 220 Q330 220 330 330 Z',
  band: 'M120 330 L680 330 L680 470 L120 470 Z',
  cap: 'M220 480 Q220 250 400 250 Q580 250 580 480 L660 500 Q660 540 580 540 L220 540 Z',
  pot: 'M200 330 L600 330 L580 590 Q560 630 520 630 L280 630 Q240 630 220 590 Z M140 350 L200 350 L200 390 L140 390 Z M600 350 L660 350 L660 390 L600 390 Z',
  plate: 'M400 170 A230 230 0 1 1 399.9 170 Z',
  mug: 'M260 260 L500 260 L490 620 L270 620 Z M500 330 Q600 330 600 430 Q600 530 495 530 L497 490 Q560 490 560 430 Q560 370 500 370 Z',
  square: 'M190 190 L610 190 L610 610 L190 610 Z',
  vase: 'M340 150 L460 150 L450 250 Q600 340 560 520 Q530 650 400 650 Q270 650 240 520 Q200 340 350 250 Z',
};

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The fill: plain, or stripes of the second (and third) colour for two-tone values. */
function fill(hex: readonly (string | null)[]): { defs: string; paint: string } {
  const [first, second, third] = hex;
  if (!second) return { defs: '', paint: first ?? '#999999' };
  const band = third ? 20 : 30;
  const stripes = [first, second, third].filter(Boolean).map((colour, index) => `<rect y="${index * band}" width="60" height="${band}" fill="${colour}"/>`);
  const height = band * stripes.length;
  return { defs: `<defs><pattern id="f" width="60" height="${height}" patternUnits="userSpaceOnUse">${stripes.join('')}</pattern></defs>`, paint: 'url(#f)' };
}

/**
 * A studio shot: a soft vertical gradient (the shop's light surface to a warmer floor), a floor line and a
 * shadow under the object. No text is ever drawn into a picture: names and captions are the page's, in
 * the visitor's culture.
 */
function svg(body: string, defs = '', backdrop: readonly [string, string] = ['#f7f6f3', '#ebe6dd']): Buffer {
  const light = `<linearGradient id="backdrop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${backdrop[0]}"/><stop offset="0.78" stop-color="${backdrop[1]}"/><stop offset="1" stop-color="${backdrop[1]}"/></linearGradient>`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${imageSize}" height="${imageSize}" viewBox="0 0 ${imageSize} ${imageSize}">` +
      `<defs>${light}</defs>${defs}<rect width="${imageSize}" height="${imageSize}" fill="url(#backdrop)"/>${body}</svg>`,
  );
}

const floorShadow = '<ellipse cx="400" cy="700" rx="250" ry="26" fill="#00000018"/>';
/** A light from the upper left: a sheen over the object's shape. */
const sheen = (shape: string) => `<path d="${shape}" fill="url(#sheen)"/>`;
const sheenDef = '<defs><linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="0.55" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.12"/></linearGradient></defs>';

/** The product in one colour (the caption is kept for the picture's name only, never drawn). */
export function productSvg(parts: { silhouette: Silhouette; hex: readonly (string | null)[]; caption: string }): Buffer {
  const { defs, paint } = fill(parts.hex);
  const shape = shapes[parts.silhouette];
  return svg(`${floorShadow}<path d="${shape}" fill="${paint}" stroke="#00000026" stroke-width="4"/>${sheen(shape)}`, defs + sheenDef);
}

/** A close-up of the material in that colour: a woven texture, shared by every product of that material and colour. */
export function detailSvg(parts: { hex: readonly (string | null)[]; caption: string }): Buffer {
  const { defs, paint } = fill(parts.hex);
  const warp = Array.from({ length: 40 }, (_, i) => `<line x1="${i * 20 + 10}" y1="0" x2="${i * 20 + 10}" y2="800" stroke="#ffffff1f" stroke-width="6"/>`);
  const weft = Array.from({ length: 40 }, (_, i) => `<line x1="0" y1="${i * 20 + 10}" x2="800" y2="${i * 20 + 10}" stroke="#0000001a" stroke-width="5"/>`);
  const vignette = '<defs><radialGradient id="v" cx="0.4" cy="0.35" r="0.8"><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></radialGradient></defs>';
  return svg(`<rect width="800" height="800" fill="${paint}"/>${warp.join('')}${weft.join('')}<rect width="800" height="800" fill="url(#v)"/>`, defs + vignette);
}

/** The product in a room's light, in a neutral grey: a "lifestyle" picture shared by every product of its type. */
export function sceneSvg(parts: { silhouette: Silhouette; caption: string }): Buffer {
  const wall = '<rect x="520" y="90" width="190" height="250" rx="6" fill="#d9d1c3"/><rect x="540" y="110" width="150" height="210" fill="#c8d5cf"/>';
  const shelf = '<rect x="0" y="640" width="800" height="160" fill="#cbbfa9"/><rect x="0" y="630" width="800" height="14" fill="#b5a88f"/>';
  return svg(`${wall}${shelf}${floorShadow}<path d="${shapes[parts.silhouette]}" fill="#bdb6aa" stroke="#6d675e55" stroke-width="4"/>`, '', ['#efe9df', '#e2d9ca']);
}

/** One frame of a 360° turn: the silhouette narrows with the angle and a marker travels round it. */
export function spinFrameSvg(parts: { silhouette: Silhouette; hex: readonly (string | null)[]; frame: number; frames: number }): Buffer {
  const angle = (2 * Math.PI * parts.frame) / parts.frames;
  const scale = Math.max(0.2, Math.abs(Math.cos(angle))).toFixed(3);
  const marker = (400 + 220 * Math.sin(angle)).toFixed(1);
  const { defs, paint } = fill(parts.hex);
  return svg(
    `<g transform="translate(400 0) scale(${scale} 1) translate(-400 0)"><path d="${shapes[parts.silhouette]}" fill="${paint}" stroke="#00000033" stroke-width="6"/></g>` +
      `<circle cx="${marker}" cy="720" r="14" fill="#3a3a3a"/>`,
    defs,
  );
}

/** A logo mark: an emblem (one of four shapes, chosen from the name) with the initials, and the name set as a wordmark. */
export function logoSvg(parts: { name: string; hex: string }): Buffer {
  const initials = parts.name.split(/[\s&]+/).filter(Boolean).slice(0, 2).map((word) => word[0].toUpperCase()).join('');
  const emblems = [
    `<circle cx="70" cy="100" r="50" fill="${parts.hex}"/>`,
    `<rect x="25" y="55" width="90" height="90" rx="18" fill="${parts.hex}"/>`,
    `<path d="M70 45 L122 100 L70 155 L18 100 Z" fill="${parts.hex}"/>`,
    `<path d="M70 48 L115 74 L115 126 L70 152 L25 126 L25 74 Z" fill="${parts.hex}"/>`,
  ];
  const emblem = emblems[[...parts.name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % emblems.length];
  // A long name is set smaller, to fit right of the emblem rather than be cut at the picture's edge.
  const size = Math.min(32, Math.floor(245 / (parts.name.length * 0.8)));
  return Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200">' +
      `<rect width="400" height="200" fill="#ffffff"/>${emblem}` +
      `<text x="70" y="112" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-weight="bold" font-size="34" fill="#ffffff">${escapeXml(initials)}</text>` +
      `<text x="140" y="110" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-weight="bold" font-size="${size}" letter-spacing="2" fill="#1d2125">${escapeXml(parts.name.toUpperCase())}</text>` +
      `<rect x="140" y="124" width="60" height="4" fill="${parts.hex}"/></svg>`,
  );
}
