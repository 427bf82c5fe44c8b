import { type Localised, localised as l } from './catalog-random';

/** How a leaf's products vary and which care text they get. */
export type ProductGroup = 'clothing' | 'shoes' | 'accessories' | 'home';

export interface SeedCategory {
  key: string;
  name: Localised;
  children?: SeedCategory[];
  /** Leaves only: the product types sold there (keys of catalog-types.ts). */
  types?: string[];
}

const clothing = l('Vêtements', 'Kleding', 'Ropa', 'Bekleidung', 'Abbigliamento', 'Roupa');
const shoes = l('Chaussures', 'Schoenen', 'Zapatos', 'Schuhe', 'Scarpe', 'Calçado');
const accessories = l('Accessoires', 'Accessoires', 'Accesorios', 'Accessoires', 'Accessori', 'Acessórios');
const trousers = l('Pantalons', 'Broeken', 'Pantalones', 'Hosen', 'Pantaloni', 'Calças');
const jackets = l('Vestes et manteaux', 'Jassen', 'Chaquetas y abrigos', 'Jacken und Mäntel', 'Giacche e cappotti', 'Casacos');
const sneakers = l('Baskets', 'Sneakers', 'Zapatillas', 'Sneaker', 'Sneaker', 'Sapatilhas');
const boots = l('Bottines', 'Laarzen', 'Botas', 'Stiefel', 'Stivali', 'Botas');
const bags = l('Sacs', 'Tassen', 'Bolsos', 'Taschen', 'Borse', 'Malas');
const belts = l('Ceintures', 'Riemen', 'Cinturones', 'Gürtel', 'Cinture', 'Cintos');

/** Three levels: department -> family -> leaf. Products sit in a leaf (and, through product_categories, its ancestors). */
export const categoryTree: SeedCategory[] = [
  {
    key: 'women',
    name: l('Femme', 'Dames', 'Mujer', 'Damen', 'Donna', 'Mulher'),
    children: [
      {
        key: 'women-clothing',
        name: clothing,
        children: [
          { key: 'women-dresses', name: l('Robes', 'Jurken', 'Vestidos', 'Kleider', 'Abiti', 'Vestidos'), types: ['dress'] },
          {
            key: 'women-shirts',
            name: l('Chemises et blouses', 'Hemden en blouses', 'Camisas y blusas', 'Hemden und Blusen', 'Camicie e bluse', 'Camisas e blusas'),
            types: ['blouse', 'shirt'],
          },
          { key: 'women-trousers', name: trousers, types: ['trousers', 'jeans'] },
          {
            key: 'women-knitwear',
            name: l('Pulls et gilets', 'Truien en vesten', 'Punto', 'Strick', 'Maglieria', 'Malhas'),
            types: ['sweater', 'cardigan'],
          },
          { key: 'women-jackets', name: jackets, types: ['jacket', 'coat'] },
        ],
      },
      {
        key: 'women-shoes',
        name: shoes,
        children: [
          { key: 'women-sneakers', name: sneakers, types: ['sneakers'] },
          { key: 'women-boots', name: boots, types: ['boots'] },
          { key: 'women-sandals', name: l('Sandales', 'Sandalen', 'Sandalias', 'Sandalen', 'Sandali', 'Sandálias'), types: ['sandals'] },
        ],
      },
      {
        key: 'women-accessories',
        name: accessories,
        children: [
          { key: 'women-bags', name: bags, types: ['bag', 'tote'] },
          {
            key: 'women-scarves',
            name: l('Écharpes et foulards', 'Sjaals', 'Bufandas y pañuelos', 'Schals und Tücher', 'Sciarpe e foulard', 'Cachecóis e lenços'),
            types: ['scarf'],
          },
          { key: 'women-belts', name: belts, types: ['belt'] },
        ],
      },
    ],
  },
  {
    key: 'men',
    name: l('Homme', 'Heren', 'Hombre', 'Herren', 'Uomo', 'Homem'),
    children: [
      {
        key: 'men-clothing',
        name: clothing,
        children: [
          { key: 'men-shirts', name: l('Chemises', 'Overhemden', 'Camisas', 'Hemden', 'Camicie', 'Camisas'), types: ['shirt'] },
          {
            key: 'men-tshirts',
            name: l('T-shirts et polos', "T-shirts en polo's", 'Camisetas y polos', 'T-Shirts und Polos', 'T-shirt e polo', 'T-shirts e polos'),
            types: ['tshirt', 'polo'],
          },
          { key: 'men-trousers', name: trousers, types: ['trousers', 'jeans'] },
          { key: 'men-knitwear', name: l('Pulls', 'Truien', 'Jerséis', 'Pullover', 'Maglioni', 'Camisolas'), types: ['sweater'] },
          { key: 'men-jackets', name: jackets, types: ['jacket', 'coat'] },
        ],
      },
      {
        key: 'men-shoes',
        name: shoes,
        children: [
          { key: 'men-sneakers', name: sneakers, types: ['sneakers'] },
          { key: 'men-boots', name: boots, types: ['boots'] },
          { key: 'men-loafers', name: l('Mocassins', 'Loafers', 'Mocasines', 'Slipper', 'Mocassini', 'Mocassins'), types: ['loafers'] },
        ],
      },
      {
        key: 'men-accessories',
        name: accessories,
        children: [
          { key: 'men-bags', name: bags, types: ['bag'] },
          { key: 'men-belts', name: belts, types: ['belt'] },
          {
            key: 'men-caps',
            name: l('Casquettes et bonnets', 'Petten en mutsen', 'Gorras y gorros', 'Mützen und Caps', 'Cappelli e berretti', 'Bonés e gorros'),
            types: ['beanie', 'cap'],
          },
        ],
      },
    ],
  },
  {
    key: 'home',
    name: l('Maison', 'Wonen', 'Hogar', 'Wohnen', 'Casa', 'Casa'),
    children: [
      {
        key: 'home-kitchen',
        name: l('Cuisine', 'Keuken', 'Cocina', 'Küche', 'Cucina', 'Cozinha'),
        children: [
          {
            key: 'home-cookware',
            name: l('Casseroles et poêles', 'Pannen', 'Ollas y sartenes', 'Töpfe und Pfannen', 'Pentole e padelle', 'Panelas e frigideiras'),
            types: ['pot', 'pan'],
          },
          { key: 'home-tableware', name: l('Arts de la table', 'Servies', 'Vajilla', 'Geschirr', 'Stoviglie', 'Louça'), types: ['plate', 'mug'] },
          {
            key: 'home-kitchen-linen',
            name: l('Linge de cuisine', 'Keukentextiel', 'Textil de cocina', 'Küchentextilien', 'Tessili da cucina', 'Têxteis de cozinha'),
            types: ['teatowel', 'apron'],
          },
        ],
      },
      {
        key: 'home-living',
        name: l('Salon', 'Woonkamer', 'Salón', 'Wohnzimmer', 'Soggiorno', 'Sala de estar'),
        children: [
          { key: 'home-cushions', name: l('Coussins', 'Kussens', 'Cojines', 'Kissen', 'Cuscini', 'Almofadas'), types: ['cushion'] },
          { key: 'home-throws', name: l('Plaids', 'Plaids', 'Mantas', 'Decken', 'Plaid', 'Mantas'), types: ['throw'] },
          { key: 'home-vases', name: l('Vases', 'Vazen', 'Jarrones', 'Vasen', 'Vasi', 'Jarras'), types: ['vase'] },
        ],
      },
      {
        key: 'home-bed-bath',
        name: l('Linge de maison', 'Bed en bad', 'Cama y baño', 'Bett und Bad', 'Letto e bagno', 'Cama e banho'),
        children: [
          {
            key: 'home-bedding',
            name: l('Linge de lit', 'Beddengoed', 'Ropa de cama', 'Bettwäsche', 'Biancheria da letto', 'Roupa de cama'),
            types: ['duvetcover'],
          },
          { key: 'home-towels', name: l('Serviettes de bain', 'Handdoeken', 'Toallas', 'Handtücher', 'Asciugamani', 'Toalhas'), types: ['towel'] },
          { key: 'home-bathrobes', name: l('Peignoirs', 'Badjassen', 'Albornoces', 'Bademäntel', 'Accappatoi', 'Roupões'), types: ['bathrobe'] },
        ],
      },
    ],
  },
];

/** A category's description, written around its name. */
export const categoryDescription = l(
  '{name} : une sélection de nos ateliers européens, livrée partout en Europe.',
  '{name}: een selectie uit onze Europese ateliers, geleverd in heel Europa.',
  '{name}: una selección de nuestros talleres europeos, con envío a toda Europa.',
  '{name}: eine Auswahl aus unseren europäischen Werkstätten, geliefert in ganz Europa.',
  '{name}: una selezione dai nostri laboratori europei, con consegna in tutta Europa.',
  '{name}: uma seleção das nossas oficinas europeias, entregue em toda a Europa.',
);
