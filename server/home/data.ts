import type { Db } from '../db';
import { toNumber } from '../db/normalise';
import type { Asset } from '../catalog/urls';

// The only module with queries on the home merchandising tables (migration 023), and the two reads of
// the catalog the home page's product sliders make (newest, best-selling). A target product that is
// gone or inactive comes back as null: the slide shows without it, the hotspot is left out.

export interface SlideRow {
  id: number;
  picture: Asset | null;
  videoUrl: string | null;
  /** The active product it points at, with its slug in the culture; null when none or gone. */
  product: { id: number; slug: string } | null;
  linkUrl: string | null;
  title: string;
  text: string;
  linkLabel: string;
  imageAlt: string;
}

export interface BannerRow {
  autoplayMs: number | null;
  slides: SlideRow[];
}

const assetOf = (id: number | null, name: string | null): Asset | null => (id !== null && name !== null ? { id, name } : null);

/** A banner slider and its slides visible at `now`, in order; null when the banner does not exist. */
export async function findBanner(db: Db, { bannerKey, culture, now }: { bannerKey: string; culture: string; now: number }): Promise<BannerRow | null> {
  const banner = await db.selectFrom('home_banners').select(['id', 'autoplay_ms']).where('banner_key', '=', bannerKey).executeTakeFirst();
  if (!banner) return null;
  const rows = await db
    .selectFrom('home_slides as slide')
    .innerJoin('home_slide_translations as text', (join) => join.onRef('text.slide_id', '=', 'slide.id').on('text.culture', '=', culture))
    .leftJoin('assets', 'assets.id', 'slide.asset_id')
    .leftJoin('products', (join) => join.onRef('products.id', '=', 'slide.product_id').on('products.is_active', '=', 1))
    .leftJoin('product_translations as product_text', (join) => join.onRef('product_text.product_id', '=', 'products.id').on('product_text.culture', '=', culture))
    .select(['slide.id', 'slide.video_url', 'slide.link_url', 'assets.id as asset_id', 'assets.name as asset_name', 'products.id as product_id', 'product_text.slug as product_slug'])
    .select(['text.title', 'text.text', 'text.link_label', 'text.image_alt'])
    .where('slide.banner_id', '=', banner.id)
    .where((eb) => eb.or([eb('slide.starts_at', 'is', null), eb('slide.starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('slide.ends_at', 'is', null), eb('slide.ends_at', '>', now)]))
    .orderBy('slide.position')
    .orderBy('slide.id')
    .execute();
  return {
    autoplayMs: banner.autoplay_ms === null ? null : toNumber(banner.autoplay_ms),
    slides: rows.map((row) => ({
      id: row.id,
      picture: assetOf(row.asset_id, row.asset_name),
      videoUrl: row.video_url,
      product: row.product_id !== null && row.product_slug !== null ? { id: row.product_id, slug: row.product_slug } : null,
      linkUrl: row.link_url,
      title: row.title,
      text: row.text,
      linkLabel: row.link_label,
      imageAlt: row.image_alt,
    })),
  };
}

export interface PartnerRow {
  id: number;
  name: string;
  url: string;
  logo: Asset | null;
}

export async function listPartners(db: Db): Promise<PartnerRow[]> {
  const rows = await db
    .selectFrom('home_partners as partner')
    .leftJoin('assets', 'assets.id', 'partner.asset_id')
    .select(['partner.id', 'partner.name', 'partner.url', 'assets.id as asset_id', 'assets.name as asset_name'])
    .orderBy('partner.position')
    .orderBy('partner.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, url: row.url, logo: assetOf(row.asset_id, row.asset_name) }));
}

export interface TestimonyRow {
  id: number;
  author: string;
  authorDetail: string;
  text: string;
}

/** The testimonies written in the culture (one without a text in it is not shown there). */
export async function listTestimonies(db: Db, { culture }: { culture: string }): Promise<TestimonyRow[]> {
  const rows = await db
    .selectFrom('home_testimonies as testimony')
    .innerJoin('home_testimony_translations as text', (join) => join.onRef('text.testimony_id', '=', 'testimony.id').on('text.culture', '=', culture))
    .select(['testimony.id', 'testimony.author', 'text.author_detail', 'text.text'])
    .orderBy('testimony.position')
    .orderBy('testimony.id')
    .execute();
  return rows.map((row) => ({ id: row.id, author: row.author, authorDetail: row.author_detail, text: row.text }));
}

export interface HotspotRow {
  id: number;
  xPercent: number;
  yPercent: number;
  product: { id: number; slug: string } | null;
  linkUrl: string | null;
  title: string;
  text: string;
}

export interface ImageMapRow {
  id: number;
  picture: Asset | null;
  title: string;
  imageAlt: string;
  hotspots: HotspotRow[];
}

/** The image-map banners with their hotspots; a hotspot whose product is gone and that has no link is left out. */
export async function listImageMaps(db: Db, { culture }: { culture: string }): Promise<ImageMapRow[]> {
  const banners = await db
    .selectFrom('image_map_banners as banner')
    .innerJoin('image_map_banner_translations as text', (join) => join.onRef('text.banner_id', '=', 'banner.id').on('text.culture', '=', culture))
    .leftJoin('assets', 'assets.id', 'banner.asset_id')
    .select(['banner.id', 'text.title', 'text.image_alt', 'assets.id as asset_id', 'assets.name as asset_name'])
    .orderBy('banner.position')
    .orderBy('banner.id')
    .execute();
  if (banners.length === 0) return [];
  const spots = await db
    .selectFrom('image_map_hotspots as spot')
    .innerJoin('image_map_hotspot_translations as text', (join) => join.onRef('text.hotspot_id', '=', 'spot.id').on('text.culture', '=', culture))
    .leftJoin('products', (join) => join.onRef('products.id', '=', 'spot.product_id').on('products.is_active', '=', 1))
    .leftJoin('product_translations as product_text', (join) => join.onRef('product_text.product_id', '=', 'products.id').on('product_text.culture', '=', culture))
    .select(['spot.id', 'spot.banner_id', 'spot.x_percent', 'spot.y_percent', 'spot.link_url', 'products.id as product_id', 'product_text.slug as product_slug', 'text.title', 'text.text'])
    .where('spot.banner_id', 'in', banners.map((banner) => banner.id))
    .orderBy('spot.position')
    .orderBy('spot.id')
    .execute();
  return banners.map((banner) => ({
    id: banner.id,
    picture: assetOf(banner.asset_id, banner.asset_name),
    title: banner.title,
    imageAlt: banner.image_alt,
    hotspots: spots
      .filter((spot) => spot.banner_id === banner.id)
      .map((spot) => ({
        id: spot.id,
        xPercent: toNumber(spot.x_percent),
        yPercent: toNumber(spot.y_percent),
        product: spot.product_id !== null && spot.product_slug !== null ? { id: spot.product_id, slug: spot.product_slug } : null,
        linkUrl: spot.link_url,
        title: spot.title,
        text: spot.text,
      }))
      .filter((spot) => spot.product !== null || spot.linkUrl !== null),
  }));
}

/** The newest active products with a photo (by creation, then id), for the "new" slider: a slider of pictures. */
export async function newestProductIds(db: Db, { limit }: { limit: number }): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('is_active', '=', 1)
    .where(({ exists, selectFrom }) => exists(selectFrom('product_images as image').select('image.id').whereRef('image.product_id', '=', 'products.id').where('image.kind', '=', 'photo')))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Orders whose lines count as sold: paid, and not given back. */
const SOLD_STATES = ['Paid', 'Shipped'] as const;

/** The active products sold most (units on paid order lines), most first; empty when nothing was sold. */
export async function bestSellingProductIds(db: Db, { limit }: { limit: number }): Promise<number[]> {
  const rows = await db
    .selectFrom('order_lines as line')
    .innerJoin('orders', 'orders.id', 'line.order_id')
    .innerJoin('product_variants as variant', 'variant.id', 'line.variant_id')
    .innerJoin('products', 'products.id', 'variant.product_id')
    .select((eb) => ['products.id', eb.fn.sum<number | string>('line.quantity').as('sold')])
    .where('orders.state', 'in', SOLD_STATES)
    .where('products.is_active', '=', 1)
    .groupBy('products.id')
    .orderBy('sold', 'desc')
    .orderBy('products.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
