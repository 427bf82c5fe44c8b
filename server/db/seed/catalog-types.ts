import { type Localised, localised as l } from './catalog-random';
import type { ProductGroup } from './catalog-tree';

/** The drawing of a product type in the generated images (catalog-images.ts). */
export type Silhouette = 'top' | 'dress' | 'trousers' | 'coat' | 'shoe' | 'boot' | 'bag' | 'band' | 'cap' | 'pot' | 'plate' | 'mug' | 'square' | 'vase';

export interface ProductType {
  /** English name: asset names and image captions ("Linen shirt"). */
  en: string;
  name: Localised;
  group: ProductGroup;
  silhouette: Silhouette;
  sizes: 'clothing' | 'shoes' | 'none';
  /** Price range in whole euros, tax included. */
  price: [number, number];
  materials: string[];
}

const t = (
  en: string,
  name: Localised,
  group: ProductGroup,
  silhouette: Silhouette,
  sizes: ProductType['sizes'],
  price: [number, number],
  materials: string[],
): ProductType => ({ en, name, group, silhouette, sizes, price, materials });

const fabrics = ['linen', 'cotton', 'viscose', 'silk'];
const knits = ['wool', 'cashmere', 'cotton'];
const leathers = ['leather', 'suede', 'canvas'];

export const productTypes: Record<string, ProductType> = {
  dress: t('dress', l('Robe', 'Jurk', 'Vestido', 'Kleid', 'Abito', 'Vestido'), 'clothing', 'dress', 'clothing', [49, 139], fabrics),
  blouse: t('blouse', l('Blouse', 'Blouse', 'Blusa', 'Bluse', 'Blusa', 'Blusa'), 'clothing', 'top', 'clothing', [35, 89], fabrics),
  shirt: t('shirt', l('Chemise', 'Overhemd', 'Camisa', 'Hemd', 'Camicia', 'Camisa'), 'clothing', 'top', 'clothing', [39, 99], ['linen', 'cotton', 'denim']),
  trousers: t('trousers', l('Pantalon', 'Broek', 'Pantalón', 'Hose', 'Pantalone', 'Calça'), 'clothing', 'trousers', 'clothing', [49, 119], ['linen', 'cotton', 'wool']),
  jeans: t('jeans', l('Jean', 'Jeans', 'Vaquero', 'Jeans', 'Jeans', 'Jeans'), 'clothing', 'trousers', 'clothing', [59, 129], ['denim']),
  sweater: t('sweater', l('Pull', 'Trui', 'Jersey', 'Pullover', 'Maglione', 'Camisola'), 'clothing', 'top', 'clothing', [45, 189], knits),
  cardigan: t('cardigan', l('Gilet', 'Vest', 'Cárdigan', 'Strickjacke', 'Cardigan', 'Casaco de malha'), 'clothing', 'coat', 'clothing', [55, 179], knits),
  jacket: t('jacket', l('Veste', 'Jasje', 'Chaqueta', 'Jacke', 'Giacca', 'Casaco'), 'clothing', 'coat', 'clothing', [89, 249], ['cotton', 'wool', 'leather', 'denim']),
  coat: t('coat', l('Manteau', 'Mantel', 'Abrigo', 'Mantel', 'Cappotto', 'Sobretudo'), 'clothing', 'coat', 'clothing', [149, 399], ['wool', 'cashmere', 'cotton']),
  tshirt: t('T-shirt', l('T-shirt', 'T-shirt', 'Camiseta', 'T-Shirt', 'T-shirt', 'T-shirt'), 'clothing', 'top', 'clothing', [19, 45], ['cotton', 'linen']),
  polo: t('polo', l('Polo', 'Polo', 'Polo', 'Poloshirt', 'Polo', 'Polo'), 'clothing', 'top', 'clothing', [35, 79], ['cotton']),
  sneakers: t('sneakers', l('Baskets', 'Sneakers', 'Zapatillas', 'Sneaker', 'Sneaker', 'Sapatilhas'), 'shoes', 'shoe', 'shoes', [69, 159], leathers),
  boots: t('boots', l('Bottines', 'Enkellaarzen', 'Botines', 'Stiefeletten', 'Stivaletti', 'Botins'), 'shoes', 'boot', 'shoes', [119, 259], ['leather', 'suede']),
  sandals: t('sandals', l('Sandales', 'Sandalen', 'Sandalias', 'Sandalen', 'Sandali', 'Sandálias'), 'shoes', 'shoe', 'shoes', [49, 119], ['leather', 'suede']),
  loafers: t('loafers', l('Mocassins', 'Loafers', 'Mocasines', 'Slipper', 'Mocassini', 'Mocassins'), 'shoes', 'shoe', 'shoes', [99, 199], ['leather', 'suede']),
  bag: t('bag', l('Sac', 'Tas', 'Bolso', 'Tasche', 'Borsa', 'Mala'), 'accessories', 'bag', 'none', [59, 299], ['leather', 'canvas', 'suede']),
  tote: t('tote bag', l('Cabas', 'Shopper', 'Bolso shopper', 'Shopper', 'Shopper', 'Saco'), 'accessories', 'bag', 'none', [25, 69], ['canvas', 'cotton']),
  scarf: t('scarf', l('Écharpe', 'Sjaal', 'Bufanda', 'Schal', 'Sciarpa', 'Cachecol'), 'accessories', 'band', 'none', [29, 149], ['wool', 'cashmere', 'silk', 'cotton']),
  belt: t('belt', l('Ceinture', 'Riem', 'Cinturón', 'Gürtel', 'Cintura', 'Cinto'), 'accessories', 'band', 'none', [35, 89], ['leather', 'suede']),
  beanie: t('beanie', l('Bonnet', 'Muts', 'Gorro', 'Mütze', 'Berretto', 'Gorro'), 'accessories', 'cap', 'none', [19, 59], ['wool', 'cashmere']),
  cap: t('cap', l('Casquette', 'Pet', 'Gorra', 'Kappe', 'Cappellino', 'Boné'), 'accessories', 'cap', 'none', [19, 45], ['cotton', 'canvas']),
  pot: t('casserole', l('Cocotte', 'Braadpan', 'Cacerola', 'Bräter', 'Casseruola', 'Caçarola'), 'home', 'pot', 'none', [39, 229], ['cast-iron', 'steel']),
  pan: t('frying pan', l('Poêle', 'Koekenpan', 'Sartén', 'Bratpfanne', 'Padella', 'Frigideira'), 'home', 'plate', 'none', [29, 119], ['cast-iron', 'steel']),
  plate: t('plate', l('Assiette', 'Bord', 'Plato', 'Teller', 'Piatto', 'Prato'), 'home', 'plate', 'none', [9, 39], ['stoneware', 'porcelain']),
  mug: t('mug', l('Mug', 'Mok', 'Taza', 'Becher', 'Tazza', 'Caneca'), 'home', 'mug', 'none', [9, 29], ['stoneware', 'porcelain']),
  teatowel: t('tea towel', l('Torchon', 'Theedoek', 'Paño de cocina', 'Geschirrtuch', 'Strofinaccio', 'Pano de cozinha'), 'home', 'square', 'none', [9, 25], ['linen', 'cotton']),
  apron: t('apron', l('Tablier', 'Schort', 'Delantal', 'Schürze', 'Grembiule', 'Avental'), 'home', 'dress', 'none', [25, 59], ['linen', 'cotton', 'canvas']),
  cushion: t('cushion', l('Coussin', 'Kussen', 'Cojín', 'Kissen', 'Cuscino', 'Almofada'), 'home', 'square', 'none', [25, 79], ['linen', 'cotton', 'velvet']),
  throw: t('throw', l('Plaid', 'Plaid', 'Manta', 'Decke', 'Plaid', 'Manta'), 'home', 'square', 'none', [49, 199], ['wool', 'cashmere', 'cotton']),
  vase: t('vase', l('Vase', 'Vaas', 'Jarrón', 'Vase', 'Vaso', 'Jarra'), 'home', 'vase', 'none', [19, 119], ['stoneware', 'glass', 'porcelain']),
  duvetcover: t('duvet cover', l('Housse de couette', 'Dekbedovertrek', 'Funda nórdica', 'Bettbezug', 'Copripiumino', 'Capa de edredão'), 'home', 'square', 'none', [59, 189], ['linen', 'cotton']),
  towel: t('bath towel', l('Serviette de bain', 'Badhanddoek', 'Toalla de baño', 'Badetuch', 'Telo bagno', 'Toalha de banho'), 'home', 'square', 'none', [15, 45], ['cotton', 'linen']),
  bathrobe: t('bathrobe', l('Peignoir', 'Badjas', 'Albornoz', 'Bademantel', 'Accappatoio', 'Roupão'), 'home', 'coat', 'clothing', [49, 119], ['cotton', 'linen']),
};

/** "{type} en {material}" per culture: the name of a product is its type, its material and a collection. */
export const materialPreposition = l('en', 'van', 'de', 'aus', 'in', 'de');

const intro = [
  l('Collection {line} de {brand}.', 'Collectie {line} van {brand}.', 'Colección {line} de {brand}.', 'Kollektion {line} von {brand}.', 'Collezione {line} di {brand}.', 'Coleção {line} da {brand}.'),
  l(
    'Une création {brand} de la collection {line}.',
    'Een ontwerp van {brand} uit de collectie {line}.',
    'Un diseño de {brand} de la colección {line}.',
    'Ein Entwurf von {brand} aus der Kollektion {line}.',
    'Una creazione {brand} della collezione {line}.',
    'Uma criação {brand} da coleção {line}.',
  ),
  l(
    'Un essentiel de la collection {line}, dessiné par {brand}.',
    'Een basisstuk uit de collectie {line}, ontworpen door {brand}.',
    'Un básico de la colección {line}, diseñado por {brand}.',
    'Ein Basisteil der Kollektion {line}, entworfen von {brand}.',
    'Un essenziale della collezione {line}, disegnato da {brand}.',
    'Um básico da coleção {line}, desenhado pela {brand}.',
  ),
];
const material = l('Matière : {material}.', 'Materiaal: {material}.', 'Material: {material}.', 'Material: {material}.', 'Materiale: {material}.', 'Material: {material}.');
const care: Record<ProductGroup, Localised> = {
  clothing: l(
    'Lavage en machine à 30 °C, à l’envers.',
    'Machinewas op 30 °C, binnenstebuiten.',
    'Lavar a máquina a 30 °C, del revés.',
    'Maschinenwäsche bei 30 °C, auf links.',
    'Lavaggio in lavatrice a 30 °C, al rovescio.',
    'Lavar na máquina a 30 °C, do avesso.',
  ),
  shoes: l(
    'Semelle amortissante, fabriquée au Portugal.',
    'Schokdempende zool, gemaakt in Portugal.',
    'Suela amortiguadora, fabricada en Portugal.',
    'Dämpfende Sohle, hergestellt in Portugal.',
    'Suola ammortizzante, prodotta in Portogallo.',
    'Sola amortecedora, fabricada em Portugal.',
  ),
  accessories: l(
    'Finitions soignées, fabriqué en Europe.',
    'Zorgvuldig afgewerkt, gemaakt in Europa.',
    'Acabados cuidados, fabricado en Europa.',
    'Sorgfältig verarbeitet, hergestellt in Europa.',
    'Finiture curate, prodotto in Europa.',
    'Acabamentos cuidados, fabricado na Europa.',
  ),
  home: l(
    'Fabriqué en Europe par des ateliers familiaux.',
    'Gemaakt in Europa door familiebedrijven.',
    'Fabricado en Europa por talleres familiares.',
    'In Europa von Familienbetrieben hergestellt.',
    'Prodotto in Europa da laboratori a conduzione familiare.',
    'Fabricado na Europa por oficinas familiares.',
  ),
};

/** A product description: an introduction (one of three), its material (as a noun: "lin", "Leinen") and a care line. */
export function describe(parts: { variant: number; group: ProductGroup; line: string; brand: string; material: Localised }): Localised {
  const fill = (culture: keyof Localised) =>
    [intro[parts.variant % intro.length][culture], material[culture], care[parts.group][culture]]
      .join(' ')
      .replace('{line}', parts.line)
      .replace('{brand}', parts.brand)
      .replace('{material}', parts.material[culture]);
  return l(fill('fr'), fill('nl'), fill('es'), fill('de'), fill('it'), fill('pt'));
}
