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

function svg(body: string, defs = '', background = '#f3f0ea'): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${imageSize}" height="${imageSize}" viewBox="0 0 ${imageSize} ${imageSize}">` +
      `${defs}<rect width="${imageSize}" height="${imageSize}" fill="${background}"/>${body}</svg>`,
  );
}

const caption = (text: string) =>
  `<text x="400" y="750" text-anchor="middle" font-family="sans-serif" font-size="34" fill="#3a3a3a">${escapeXml(text)}</text>`;

/** The product in one colour, with its name under it. */
export function productSvg(parts: { silhouette: Silhouette; hex: readonly (string | null)[]; caption: string }): Buffer {
  const { defs, paint } = fill(parts.hex);
  return svg(`<path d="${shapes[parts.silhouette]}" fill="${paint}" stroke="#00000033" stroke-width="6"/>${caption(parts.caption)}`, defs);
}

/** A close-up of the material in that colour: a woven texture, shared by every product of that material and colour. */
export function detailSvg(parts: { hex: readonly (string | null)[]; caption: string }): Buffer {
  const { defs, paint } = fill(parts.hex);
  const threads = Array.from({ length: 20 }, (_, i) => `<line x1="0" y1="${i * 40 + 20}" x2="800" y2="${i * 40}" stroke="#ffffff22" stroke-width="8"/>`);
  const band = '<rect x="0" y="700" width="800" height="80" fill="#f3f0eadd"/>';
  return svg(`<rect width="800" height="800" fill="${paint}"/>${threads.join('')}${band}${caption(parts.caption)}`, defs);
}

/** The product on a darker backdrop, in grey: a "lifestyle" picture shared by every product of its type. */
export function sceneSvg(parts: { silhouette: Silhouette; caption: string }): Buffer {
  const shadow = '<ellipse cx="400" cy="690" rx="260" ry="28" fill="#00000022"/>';
  return svg(`${shadow}<path d="${shapes[parts.silhouette]}" fill="#c9c3b8" stroke="#6d675e" stroke-width="6"/>${caption(parts.caption)}`, '', '#e4ded3');
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

/** A brand logo: its name in a coloured band (400 x 200). */
export function logoSvg(parts: { name: string; hex: string }): Buffer {
  return Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200">' +
      `<rect width="400" height="200" fill="#ffffff"/><rect x="20" y="60" width="360" height="80" rx="12" fill="${parts.hex}"/>` +
      `<text x="200" y="112" text-anchor="middle" font-family="serif" font-size="34" fill="#ffffff">${escapeXml(parts.name)}</text></svg>`,
  );
}
