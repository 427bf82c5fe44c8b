import type { Db } from '../db';
import { toNumber } from '../db/normalise';
import { type PriceDisplay, displayMoney } from '../currencies/display';
import { type Asset, type ImageSet, imageSet, pictures, productPath } from './urls';

/** What views/partials/catalog/product-card.ejs shows of a product (lists, associations, quick view). */
export interface ProductCard {
  id: number;
  reference: string;
  name: string;
  /** Relative to {app}: /{culture}/catalog/product/{id}/{slug}. */
  path: string;
  brand: string | null;
  /** The lowest active variant price, tax incl., in the visitor's currency (display), formatted for the culture. */
  price: string;
  /** Variants differ in price: the card says "from". */
  priceFrom: boolean;
  image: Asset | null;
  /** The card's picture (views/partials/catalog/card-image.ejs), with {app}. */
  imageSet: ImageSet;
}

/** The first photo of each product (by position): of the products named, or of every product. */
export async function firstPhotos(db: Db, productIds?: number[]): Promise<Map<number, Asset>> {
  const photos = new Map<number, Asset>();
  if (productIds?.length === 0) return photos;
  let query = db
    .selectFrom('product_images as image')
    .innerJoin('assets', 'assets.id', 'image.asset_id')
    .select(['image.product_id', 'assets.id', 'assets.name'])
    .where('image.kind', '=', 'photo');
  if (productIds) query = query.where('image.product_id', 'in', productIds);
  const rows = await query.orderBy('image.product_id').orderBy('image.position').execute();
  for (const row of rows) if (!photos.has(row.product_id)) photos.set(row.product_id, { id: row.id, name: row.name });
  return photos;
}

async function priceRanges(db: Db, productIds: number[]): Promise<Map<number, { low: number; high: number }>> {
  const rows = await db
    .selectFrom('product_variants')
    .select((eb) => ['product_id', eb.fn.min('price_incl_cents').as('low'), eb.fn.max('price_incl_cents').as('high')])
    .where('product_id', 'in', productIds)
    .where('is_active', '=', 1)
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((row) => [row.product_id, { low: toNumber(row.low), high: toNumber(row.high) }]));
}

/**
 * Cards for active products in the order asked (three queries whatever the count: products with their
 * names and brands, price ranges, first photos). Inactive or unknown ids are left out.
 */
export async function loadProductCards(
  db: Db,
  { culture, basePath, productIds, display }: { culture: string; basePath: string; productIds: number[]; display?: PriceDisplay | null },
): Promise<ProductCard[]> {
  if (productIds.length === 0) return [];
  const [rows, ranges, photos] = await Promise.all([
    db
      .selectFrom('products')
      .innerJoin('product_translations as text', (join) => join.onRef('text.product_id', '=', 'products.id').on('text.culture', '=', culture))
      .leftJoin('brands', 'brands.id', 'products.brand_id')
      .select(['products.id', 'products.reference', 'products.price_from_cents', 'products.currency', 'text.name', 'text.slug', 'brands.name as brand'])
      .where('products.id', 'in', productIds)
      .where('products.is_active', '=', 1)
      .execute(),
    priceRanges(db, productIds),
    firstPhotos(db, productIds),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return productIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const range = ranges.get(id);
    return [{
      id,
      reference: row.reference,
      name: row.name,
      path: productPath(culture, id, row.slug),
      brand: row.brand,
      price: displayMoney(display, { cents: toNumber(row.price_from_cents), currency: row.currency }, culture),
      priceFrom: range ? range.high > range.low : false,
      image: photos.get(id) ?? null,
      imageSet: imageSet(photos.get(id) ?? null, pictures.card, basePath),
    }];
  });
}
