// The home page's demo pictures, drawn at seed time like catalog-images.ts and rasterised by the
// renditions route on first use: banner scenes (16:9), the image-map banner's living room (its objects
// where the seeded hotspots point), and partner logo marks. No caption is drawn into a picture.
import { logoSvg } from './catalog-images';

export interface HomePicture {
  name: string;
  content: Buffer;
  width: number;
  height: number;
}

const WIDTH = 1600;
const HEIGHT = 900;

function scene(name: string, body: string, sky: readonly [string, string]): HomePicture {
  const content = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
      `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>` +
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>${body}</svg>`,
  );
  return { name, content, width: WIDTH, height: HEIGHT };
}

const garment = (x: number, colour: string) =>
  `<line x1="${x}" y1="150" x2="${x}" y2="200" stroke="#6d675e" stroke-width="6"/>` +
  `<path d="M${x - 90} 240 L${x - 30} 205 Q${x} 235 ${x + 30} 205 L${x + 90} 240 L${x + 130} 360 L${x + 85} 380 L${x + 70} 330 L${x + 70} 620 L${x - 70} 620 L${x - 70} 330 L${x - 85} 380 L${x - 130} 360 Z" fill="${colour}"/>`;

/** The season's clothes on a rail, by a window. */
export const seasonScene = () =>
  scene(
    'home-season.jpg',
    '<rect x="1080" y="90" width="380" height="520" fill="#dfe9ec"/><rect x="1080" y="90" width="380" height="520" fill="none" stroke="#cfc6b6" stroke-width="18"/>' +
      '<rect x="0" y="700" width="1600" height="200" fill="#d8cbb5"/><rect x="180" y="150" width="900" height="10" fill="#6d675e"/>' +
      [garment(300, '#9e2a2b'), garment(520, '#c2a36b'), garment(740, '#2f4858'), garment(960, '#55714d')].join('') +
      '<ellipse cx="630" cy="700" rx="520" ry="24" fill="#00000014"/>',
    ['#f4efe6', '#ece3d3'],
  );

/** A laid table in warm light: plates, a casserole and mugs. */
export const tableScene = () =>
  scene(
    'home-table.jpg',
    '<rect x="0" y="520" width="1600" height="380" fill="#b98b5f"/><rect x="0" y="505" width="1600" height="22" fill="#9c7049"/>' +
      '<ellipse cx="420" cy="610" rx="170" ry="48" fill="#f4f1ea"/><ellipse cx="420" cy="610" rx="110" ry="30" fill="#e6dfd2"/>' +
      '<ellipse cx="1180" cy="620" rx="170" ry="48" fill="#f4f1ea"/><ellipse cx="1180" cy="620" rx="110" ry="30" fill="#e6dfd2"/>' +
      '<path d="M650 420 L950 420 L935 600 Q925 625 895 625 L705 625 Q675 625 665 600 Z" fill="#d1495b"/><rect x="620" y="440" width="40" height="24" rx="8" fill="#d1495b"/><rect x="940" y="440" width="40" height="24" rx="8" fill="#d1495b"/><rect x="700" y="395" width="200" height="30" rx="12" fill="#b83c4d"/>' +
      '<rect x="1000" y="470" width="80" height="110" rx="10" fill="#335c67"/><path d="M1080 495 Q1120 495 1120 530 Q1120 565 1080 565" fill="none" stroke="#335c67" stroke-width="14"/>',
    ['#f6efe4', '#f0e2cc'],
  );

/** A workshop: the projects' makers at their bench. */
export const workshopScene = () =>
  scene(
    'home-workshop.jpg',
    '<rect x="0" y="640" width="1600" height="260" fill="#a9825b"/><rect x="160" y="500" width="820" height="40" fill="#7a5434"/><rect x="200" y="540" width="30" height="170" fill="#5a3d26"/><rect x="910" y="540" width="30" height="170" fill="#5a3d26"/>' +
      '<path d="M330 500 L350 420 L430 420 L450 500 Z" fill="#7d8c5c"/><rect x="520" y="430" width="160" height="70" rx="6" fill="#e09f3e"/>' +
      '<circle cx="1230" cy="380" r="170" fill="#f4efe6" stroke="#5a3d26" stroke-width="14"/><rect x="1210" y="240" width="40" height="150" fill="#5a3d26"/>',
    ['#e8eef0', '#dce5e8'],
  );

/** Soft knits folded on a chair: the autumn collection. */
export const knitScene = () =>
  scene(
    'home-collection-knit.jpg',
    '<rect x="0" y="700" width="1600" height="200" fill="#cdbfa8"/><rect x="560" y="260" width="480" height="60" rx="16" fill="#8a6a4f"/><rect x="600" y="320" width="40" height="400" fill="#8a6a4f"/><rect x="960" y="320" width="40" height="400" fill="#8a6a4f"/><rect x="560" y="460" width="480" height="50" rx="12" fill="#8a6a4f"/>' +
      '<rect x="620" y="380" width="360" height="80" rx="30" fill="#c2a36b"/><rect x="640" y="330" width="320" height="60" rx="26" fill="#9e2a2b"/><rect x="660" y="290" width="280" height="50" rx="22" fill="#f4efe6"/>',
    ['#efe6d8', '#e6d8c2'],
  );

/** Linen on a line by the sea: the summer collection. */
export const linenScene = () =>
  scene(
    'home-collection-linen.jpg',
    '<rect x="0" y="560" width="1600" height="340" fill="#86bbd8"/><rect x="0" y="700" width="1600" height="200" fill="#e9dfcf"/><line x1="80" y1="200" x2="1520" y2="240" stroke="#6d675e" stroke-width="5"/>' +
      '<path d="M300 208 L560 215 L540 520 L320 500 Z" fill="#f4efe6"/><path d="M700 219 L960 226 L950 470 L710 480 Z" fill="#b7c4a5"/><path d="M1100 230 L1360 236 L1340 540 L1110 520 Z" fill="#e9c9a6"/>',
    ['#cfe3ee', '#eaf2f6'],
  );

/**
 * The image-map banner's living room. Its objects sit where the seed's hotspots point (percent of
 * width, height): the vase (24, 51), the cushion (52, 50), the throw (73, 62), the mug (42, 78).
 */
export const livingRoomScene = () =>
  scene(
    'home-living-room.jpg',
    '<rect x="0" y="720" width="1600" height="180" fill="#cbbfa9"/>' +
      // sofa with cushion and throw
      '<rect x="620" y="400" width="720" height="200" rx="40" fill="#7d8c5c"/><rect x="580" y="520" width="800" height="160" rx="30" fill="#6c7a4f"/><rect x="600" y="660" width="30" height="60" fill="#4a3b2c"/><rect x="1330" y="660" width="30" height="60" fill="#4a3b2c"/>' +
      '<rect x="760" y="390" width="150" height="130" rx="28" fill="#e09f3e" transform="rotate(-8 835 455)"/>' +
      '<path d="M1080 460 L1260 470 L1270 660 L1100 650 Z" fill="#d1495b"/><path d="M1080 460 L1260 470 L1262 500 L1082 492 Z" fill="#b83c4d"/>' +
      // side table with vase
      '<rect x="290" y="560" width="200" height="20" fill="#8a6a4f"/><rect x="370" y="580" width="40" height="140" fill="#8a6a4f"/>' +
      '<path d="M365 340 L405 340 L402 380 Q450 420 438 500 Q428 560 385 560 Q342 560 332 500 Q320 420 368 380 Z" fill="#335c67"/>' +
      '<path d="M380 342 Q362 300 340 272 M385 342 Q392 296 414 264 M383 342 Q380 300 386 252" stroke="#55714d" stroke-width="6" fill="none"/><circle cx="340" cy="270" r="12" fill="#e09f3e"/><circle cx="414" cy="262" r="12" fill="#d1495b"/><circle cx="386" cy="250" r="12" fill="#f4efe6"/>' +
      // coffee table with mug
      '<rect x="520" y="740" width="560" height="22" fill="#9c7049"/><rect x="540" y="762" width="24" height="90" fill="#7a5434"/><rect x="1036" y="762" width="24" height="90" fill="#7a5434"/>' +
      '<rect x="640" y="660" width="60" height="80" rx="8" fill="#f4efe6"/><path d="M700 678 Q730 678 730 700 Q730 722 700 722" fill="none" stroke="#f4efe6" stroke-width="10"/>' +
      // window and lamp
      '<rect x="120" y="80" width="300" height="220" fill="#dfe9ec" stroke="#cfc6b6" stroke-width="14"/><line x1="1450" y1="180" x2="1450" y2="720" stroke="#3a3a3a" stroke-width="8"/><path d="M1390 180 L1510 180 L1480 100 L1420 100 Z" fill="#f4efe6"/>',
    ['#f1ebe1', '#e9e0d1'],
  );

/** A partner's logo mark (400 x 200), drawn as the brands' are. */
export const partnerLogo = (name: string, hex: string, file: string): HomePicture => ({ name: file, content: logoSvg({ name, hex }), width: 400, height: 200 });
