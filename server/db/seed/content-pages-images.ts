// The pictures of the content pages' demo blocks: SVG scenes drawn at seed time (like
// catalog-images.ts), rasterised by the renditions route on first use. No text is drawn into them:
// what they show is said by each block's alternative text, in the culture.

export interface SceneDraft {
  name: string;
  content: Buffer;
  width: number;
  height: number;
}

const palette = {
  sand: '#e9dfcf', clay: '#c9825b', moss: '#6f8a5b', ink: '#27323f', sky: '#a9c6d9', linen: '#f4efe6', rust: '#9b4a2c', sage: '#b7c4a5',
};

function svg(width: number, height: number, body: string, background: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<rect width="${width}" height="${height}" fill="${background}"/>${body}</svg>`,
  );
}

/** A wide scene (16:9): a horizon, hills and a few shapes standing for a shop, a workshop or a warehouse. */
function wideScene(kind: 'shop' | 'workshop' | 'warehouse' | 'film'): Buffer {
  const { sand, clay, moss, ink, sky, linen, rust } = palette;
  const hills = `<path d="M0 620 Q400 480 800 600 T1600 560 L1600 900 L0 900 Z" fill="${moss}"/>`;
  const bodies = {
    shop: `${hills}<rect x="560" y="330" width="480" height="300" fill="${linen}"/><path d="M530 340 L800 200 L1070 340 Z" fill="${clay}"/><rect x="640" y="420" width="120" height="210" fill="${ink}"/><rect x="820" y="420" width="160" height="110" fill="${sky}"/>`,
    workshop: `<rect x="0" y="640" width="1600" height="260" fill="${clay}"/><rect x="200" y="520" width="700" height="40" fill="${rust}"/><rect x="240" y="560" width="30" height="160" fill="${ink}"/><rect x="830" y="560" width="30" height="160" fill="${ink}"/><circle cx="1200" cy="420" r="150" fill="${sand}" stroke="${ink}" stroke-width="12"/><rect x="1180" y="280" width="40" height="140" fill="${ink}"/>`,
    warehouse: `${hills}<rect x="300" y="300" width="1000" height="360" fill="${linen}"/>${[0, 1, 2, 3].map((i) => `<rect x="${360 + i * 240}" y="420" width="180" height="240" fill="${ink}"/>`).join('')}<path d="M280 310 L800 170 L1320 310 Z" fill="${rust}"/>`,
    film: `<rect x="0" y="0" width="1600" height="900" fill="${ink}"/><circle cx="800" cy="450" r="260" fill="${clay}"/><circle cx="700" cy="380" r="60" fill="${sand}"/><path d="M520 640 Q800 520 1080 640 L1080 700 L520 700 Z" fill="${moss}"/>`,
  };
  return svg(1600, 900, `<circle cx="1350" cy="170" r="90" fill="${sand}"/>${bodies[kind]}`, kind === 'film' ? ink : sky);
}

/** A square photo of the gallery: objects of the shop on a table, each in its own colours. */
function squareScene(index: number): Buffer {
  const colours = Object.values(palette);
  const main = colours[index % colours.length];
  const second = colours[(index + 3) % colours.length];
  const shapes = [
    `<path d="M450 300 L750 300 L720 860 L480 860 Z" fill="${main}"/>`,
    `<circle cx="600" cy="600" r="300" fill="${main}"/><circle cx="600" cy="600" r="160" fill="${second}"/>`,
    `<path d="M540 250 L660 250 L650 380 Q860 480 800 720 Q760 880 600 880 Q440 880 400 720 Q340 480 550 380 Z" fill="${main}"/>`,
    `<rect x="320" y="420" width="560" height="420" rx="30" fill="${main}"/><rect x="420" y="320" width="360" height="120" fill="${second}"/>`,
    `<path d="M300 860 L600 260 L900 860 Z" fill="${main}"/><circle cx="600" cy="560" r="90" fill="${second}"/>`,
    `<rect x="380" y="300" width="440" height="560" fill="${main}"/><path d="M380 300 Q600 180 820 300" fill="${second}"/>`,
  ];
  return svg(1200, 1200, `<rect y="860" width="1200" height="340" fill="${second}" opacity="0.5"/>${shapes[index % shapes.length]}`, palette.linen);
}

export const aboutScenes = {
  banner: (): SceneDraft => ({ name: 'about-shop.jpg', content: wideScene('shop'), width: 1600, height: 900 }),
  workshop: (): SceneDraft => ({ name: 'about-workshop.jpg', content: wideScene('workshop'), width: 1600, height: 900 }),
  warehouse: (): SceneDraft => ({ name: 'about-warehouse.jpg', content: wideScene('warehouse'), width: 1600, height: 900 }),
  poster: (): SceneDraft => ({ name: 'about-film-poster.jpg', content: wideScene('film'), width: 1600, height: 900 }),
  gallery: (index: number): SceneDraft => ({ name: `about-gallery-${index + 1}.jpg`, content: squareScene(index), width: 1200, height: 1200 }),
};
