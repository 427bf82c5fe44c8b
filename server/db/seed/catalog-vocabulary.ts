import { type Localised, localised as l } from './catalog-random';

export interface SeedColour {
  code: string;
  en: string;
  name: Localised;
  /** ColorCode1..3: two-tone and three-tone values use the second and third. */
  hex: [string, string | null, string | null];
}

const c = (code: string, en: string, name: Localised, hex1: string, hex2: string | null = null, hex3: string | null = null): SeedColour => ({
  code,
  en,
  name,
  hex: [hex1, hex2, hex3],
});

export const colours: SeedColour[] = [
  c('black', 'black', l('Noir', 'Zwart', 'Negro', 'Schwarz', 'Nero', 'Preto'), '#1b1b1b'),
  c('white', 'white', l('Blanc', 'Wit', 'Blanco', 'Weiß', 'Bianco', 'Branco'), '#f7f7f2'),
  c('navy', 'navy', l('Marine', 'Marineblauw', 'Azul marino', 'Marineblau', 'Blu navy', 'Azul-marinho'), '#1f2a44'),
  c('sky', 'sky blue', l('Bleu ciel', 'Hemelsblauw', 'Azul cielo', 'Himmelblau', 'Azzurro', 'Azul-céu'), '#8ab6d6'),
  c('red', 'red', l('Rouge', 'Rood', 'Rojo', 'Rot', 'Rosso', 'Vermelho'), '#b22222'),
  c('green', 'green', l('Vert', 'Groen', 'Verde', 'Grün', 'Verde', 'Verde'), '#2e6b3f'),
  c('olive', 'olive', l('Olive', 'Olijfgroen', 'Verde oliva', 'Oliv', 'Verde oliva', 'Verde-azeitona'), '#6b6b2e'),
  c('beige', 'beige', l('Beige', 'Beige', 'Beige', 'Beige', 'Beige', 'Bege'), '#d8c7a8'),
  c('grey', 'grey', l('Gris', 'Grijs', 'Gris', 'Grau', 'Grigio', 'Cinzento'), '#8a8d91'),
  c('pink', 'pink', l('Rose', 'Roze', 'Rosa', 'Rosa', 'Rosa', 'Rosa'), '#e8a3b5'),
  c('mustard', 'mustard', l('Moutarde', 'Mosterdgeel', 'Mostaza', 'Senfgelb', 'Senape', 'Mostarda'), '#d4a017'),
  c('camel', 'camel', l('Camel', 'Camel', 'Camel', 'Camel', 'Cammello', 'Camelo'), '#b8865b'),
  c('terracotta', 'terracotta', l('Terracotta', 'Terracotta', 'Terracota', 'Terrakotta', 'Terracotta', 'Terracota'), '#c1623f'),
  c(
    'navy-white',
    'navy and white stripes',
    l('Rayé marine et blanc', 'Marine-wit gestreept', 'Rayas marino y blanco', 'Marine-weiß gestreift', 'Righe blu e bianche', 'Riscas azul e branco'),
    '#1f2a44',
    '#f7f7f2',
  ),
  c('black-white', 'black and white', l('Noir et blanc', 'Zwart-wit', 'Blanco y negro', 'Schwarz-weiß', 'Bianco e nero', 'Preto e branco'), '#1b1b1b', '#f7f7f2'),
  c(
    'tricolour',
    'tricolour',
    l('Tricolore', 'Driekleurig', 'Tricolor', 'Dreifarbig', 'Tricolore', 'Tricolor'),
    '#1d3c78',
    '#f7f7f2',
    '#c8102e',
  ),
];

export const clothingSizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
export const shoeSizes = ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46'];

export interface SeedMaterial {
  code: string;
  en: string;
  /** The noun as it stands in a name: "lin", "Leinen" ("Chemise en lin", "Hemd aus Leinen"). */
  noun: Localised;
}

const m = (code: string, en: string, noun: Localised): SeedMaterial => ({ code, en, noun });

export const materials: SeedMaterial[] = [
  m('linen', 'linen', l('lin', 'linnen', 'lino', 'Leinen', 'lino', 'linho')),
  m('cotton', 'cotton', l('coton', 'katoen', 'algodón', 'Baumwolle', 'cotone', 'algodão')),
  m('wool', 'wool', l('laine', 'wol', 'lana', 'Wolle', 'lana', 'lã')),
  m('cashmere', 'cashmere', l('cachemire', 'kasjmier', 'cachemir', 'Kaschmir', 'cashmere', 'caxemira')),
  m('silk', 'silk', l('soie', 'zijde', 'seda', 'Seide', 'seta', 'seda')),
  m('viscose', 'viscose', l('viscose', 'viscose', 'viscosa', 'Viskose', 'viscosa', 'viscose')),
  m('denim', 'denim', l('denim', 'denim', 'tela vaquera', 'Denim', 'denim', 'ganga')),
  m('leather', 'leather', l('cuir', 'leer', 'piel', 'Leder', 'pelle', 'pele')),
  m('suede', 'suede', l('daim', 'suède', 'ante', 'Wildleder', 'camoscio', 'camurça')),
  m('canvas', 'canvas', l('toile', 'canvas', 'lona', 'Canvas', 'tela', 'lona')),
  m('velvet', 'velvet', l('velours', 'fluweel', 'terciopelo', 'Samt', 'velluto', 'veludo')),
  m('steel', 'steel', l('inox', 'rvs', 'acero inoxidable', 'Edelstahl', 'acciaio inox', 'aço inoxidável')),
  m('cast-iron', 'cast iron', l('fonte', 'gietijzer', 'hierro fundido', 'Gusseisen', 'ghisa', 'ferro fundido')),
  m('stoneware', 'stoneware', l('grès', 'steengoed', 'gres', 'Steinzeug', 'gres', 'grés')),
  m('porcelain', 'porcelain', l('porcelaine', 'porselein', 'porcelana', 'Porzellan', 'porcellana', 'porcelana')),
  m('glass', 'glass', l('verre', 'glas', 'vidrio', 'Glas', 'vetro', 'vidro')),
];

export const attributeNames = {
  colour: l('Couleur', 'Kleur', 'Color', 'Farbe', 'Colore', 'Cor'),
  size: l('Taille', 'Maat', 'Talla', 'Größe', 'Taglia', 'Tamanho'),
  material: l('Matière', 'Materiaal', 'Material', 'Material', 'Materiale', 'Material'),
};

export interface SeedBrand {
  name: string;
  /** Which departments carry it: fashion (clothing, shoes, accessories) or home. */
  range: 'fashion' | 'home';
  hex: string;
}

export const brands: SeedBrand[] = [
  { name: 'Atelier Sable', range: 'fashion', hex: '#c2a36b' },
  { name: 'Noordkust', range: 'fashion', hex: '#2f4858' },
  { name: 'Costa Serena', range: 'fashion', hex: '#33658a' },
  { name: 'Alpenwerk', range: 'fashion', hex: '#55714d' },
  { name: 'Tessuti Rossi', range: 'fashion', hex: '#9e2a2b' },
  { name: 'Ribeira', range: 'fashion', hex: '#86bbd8' },
  { name: 'Ligne Claire', range: 'fashion', hex: '#3a3a3a' },
  { name: 'Verde Vivo', range: 'fashion', hex: '#4f772d' },
  { name: 'Maison Lumière', range: 'home', hex: '#e09f3e' },
  { name: 'Olijf & Zout', range: 'home', hex: '#7d8c5c' },
  { name: 'Casa Aurora', range: 'home', hex: '#d1495b' },
  { name: 'Bergen & Co', range: 'home', hex: '#335c67' },
];

/** Collection names, the same in every culture, that make product names distinct. */
export const collections = [
  'Riviera', 'Aurora', 'Mistral', 'Fjord', 'Provence', 'Sierra', 'Brisa', 'Lago', 'Dune', 'Alba', 'Vento', 'Atlas',
  'Luna', 'Terra', 'Onda', 'Isola', 'Canal', 'Ardenne', 'Douro', 'Toscana', 'Bruges', 'Loire', 'Tejo', 'Sintra',
  'Garda', 'Zeeland', 'Bretagne', 'Algarve', 'Dolomiti', 'Camargue', 'Texel', 'Rioja', 'Umbria', 'Minho', 'Eifel', 'Menorca',
];

export const tags = [
  { code: 'new', name: l('Nouveauté', 'Nieuw', 'Novedad', 'Neu', 'Novità', 'Novidade') },
  { code: 'eco', name: l('Écoresponsable', 'Duurzaam', 'Sostenible', 'Nachhaltig', 'Sostenibile', 'Sustentável') },
  { code: 'sale', name: l('Soldes', 'Solden', 'Rebajas', 'Sale', 'Saldi', 'Saldos') },
  { code: 'bestseller', name: l('Meilleure vente', 'Bestseller', 'Más vendido', 'Bestseller', 'Più venduto', 'Mais vendido') },
];

/** Warehouses (names are place names, the same in every culture); Porto is closed, so it is inactive. */
export const warehouses = [
  { code: 'BRU', name: 'Bruxelles', isActive: true },
  { code: 'LYS', name: 'Lyon', isActive: true },
  { code: 'RTM', name: 'Rotterdam', isActive: true },
  { code: 'OPO', name: 'Porto', isActive: false },
];
