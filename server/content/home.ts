import { type ProductCard, loadProductCards } from '../catalog/cards';
import { listDepartments } from '../catalog/departments';
import { type Asset, imageSet, pictures, productPath } from '../catalog/urls';
import { bestSellingProductIds, type BannerRow, findBanner, listImageMaps, listPartners, listTestimonies, newestProductIds } from '../home/data';
import { listCategories, listPosts } from '../news/data';
import { type CardView, cardView } from '../news/present';
import type { BlockContext } from './blocks/types';
import { type ContentImage, contentImage } from './pictures';
import { linkHref } from '../../common/links';

/** The content sections the home page links to: path below {app}/{culture}/ and the label's key. */
export const homeSections = [
  { path: 'news', labelKey: 'Pages.Home.News', textKey: 'Pages.Home.NewsText' },
  { path: 'faq', labelKey: 'Pages.Home.Faq', textKey: 'Pages.Home.FaqText' },
  { path: 'projects', labelKey: 'Pages.Home.Projects', textKey: 'Pages.Home.ProjectsText' },
] as const;

/** How many items a product or news slider offers (the slider shows 1 to 6 of them at once). */
export const SLIDER_ITEMS = 12;
const NEWS_ITEMS = 6;
/** The sizes of a banner slide's picture (the page's content width at most); the preload says the same. */
export const BANNER_SIZES = '(min-width: 1152px) 1152px, 100vw';

export interface HomeDepartment {
  name: string;
  /** With {app}. */
  href: string;
  image: ContentImage;
}

export interface SlideView {
  id: number;
  title: string;
  text: string;
  /** With {app}; null when the slide has no target (or its product was deleted). */
  href: string | null;
  linkLabel: string;
  image: ContentImage;
  imageAlt: string;
  videoUrl: string | null;
}

export interface BannerView {
  /** Autoplay duration set for this banner; null: it does not autoplay (the hero's comes from the slider's constants). */
  autoplayMs: number | null;
  slides: SlideView[];
}

export interface HotspotView {
  id: number;
  x: number;
  y: number;
  title: string;
  text: string;
  href: string;
}

export interface ImageMapView {
  id: number;
  title: string;
  image: ContentImage;
  imageAlt: string;
  hotspots: HotspotView[];
}

export interface HomeModel {
  bannerSizes: string;
  sections: typeof homeSections;
  departments: HomeDepartment[];
  hero: BannerView;
  collection: BannerView;
  newProducts: ProductCard[];
  bestSellers: ProductCard[];
  partners: { id: number; name: string; href: string | null; logo: { src: string; srcset: string } }[];
  testimonies: { id: number; author: string; authorDetail: string; text: string }[];
  news: CardView[];
  imageMaps: ImageMapView[];
}

/**
 * A stored link, by the one link rule (common/links.ts): below {app} ("/{culture}/catalog", the
 * placeholder taking the visitor's culture) gets {app}; an absolute http(s) one stays; anything else
 * (javascript:, //host, /\host) is dropped.
 */
export { linkHref };

function targetHref(target: { product: { id: number; slug: string } | null; linkUrl: string | null }, culture: string, basePath: string): string | null {
  if (target.product) return basePath + productPath(culture, target.product.id, target.product.slug);
  return linkHref(target.linkUrl, basePath, culture);
}

function bannerView(banner: BannerRow | null, culture: string, basePath: string): BannerView {
  if (!banner) return { autoplayMs: null, slides: [] };
  return {
    autoplayMs: banner.autoplayMs,
    slides: banner.slides.map((slide) => ({
      id: slide.id,
      title: slide.title,
      text: slide.text,
      href: targetHref(slide, culture, basePath),
      linkLabel: slide.linkLabel,
      image: contentImage(slide.picture, 'wide', basePath),
      imageAlt: slide.imageAlt,
      videoUrl: linkHref(slide.videoUrl, basePath, culture),
    })),
  };
}

/** The "new" slider's newest products, and the best sellers (the newest again when nothing was sold yet). */
async function productSliders({ db, culture, basePath, display }: BlockContext): Promise<{ newProducts: ProductCard[]; bestSellers: ProductCard[] }> {
  const [newest, sold] = await Promise.all([newestProductIds(db, { limit: SLIDER_ITEMS }), bestSellingProductIds(db, { limit: SLIDER_ITEMS })]);
  const cards = await loadProductCards(db, { culture, basePath, productIds: [...new Set([...newest, ...sold])], display: await display() });
  const byId = new Map(cards.map((card) => [card.id, card]));
  const pick = (ids: number[]) => ids.flatMap((id) => byId.get(id) ?? []);
  return { newProducts: pick(newest), bestSellers: pick(sold.length > 0 ? sold : newest) };
}

async function latestNews({ db, culture, basePath, now }: BlockContext): Promise<CardView[]> {
  const [categories, { posts }] = await Promise.all([
    listCategories(db, { culture }),
    listPosts(db, { culture, now, categoryIds: null, offset: 0, limit: NEWS_ITEMS }),
  ]);
  const presenter = { culture, basePath, categories: new Map(categories.map((category) => [category.id, category])) };
  return posts.map((post) => cardView(post, presenter));
}

const logoOf = (logo: Asset | null, basePath: string) => imageSet(logo, pictures.brandLogo, basePath);

/** Everything the home page shows besides its blocks, read from the home tables and the real catalog. */
export async function loadHome(context: BlockContext): Promise<HomeModel> {
  const { db, culture, basePath, now } = context;
  const [departments, hero, collection, products, partners, testimonies, news, imageMaps] = await Promise.all([
    listDepartments(db, { culture }),
    findBanner(db, { bannerKey: 'hero', culture, now }),
    findBanner(db, { bannerKey: 'collection', culture, now }),
    productSliders(context),
    listPartners(db),
    listTestimonies(db, { culture }),
    latestNews(context),
    listImageMaps(db, { culture }),
  ]);
  return {
    bannerSizes: BANNER_SIZES,
    sections: homeSections,
    departments: departments.map((department) => ({
      name: department.name,
      href: basePath + department.path,
      image: contentImage(department.image, 'department', basePath),
    })),
    hero: bannerView(hero, culture, basePath),
    collection: bannerView(collection, culture, basePath),
    ...products,
    partners: partners.map((partner) => ({ id: partner.id, name: partner.name, href: linkHref(partner.url, basePath, culture), logo: logoOf(partner.logo, basePath) })),
    testimonies,
    news,
    imageMaps: imageMaps.map((map) => ({
      id: map.id,
      title: map.title,
      image: contentImage(map.picture, 'wide', basePath),
      imageAlt: map.imageAlt,
      hotspots: map.hotspots.flatMap((spot) => {
        const href = targetHref(spot, culture, basePath);
        return href ? [{ id: spot.id, x: spot.xPercent, y: spot.yPercent, title: spot.title, text: spot.text, href }] : [];
      }),
    })),
  };
}

/** The home page's largest picture (the first slide of the home slider), preloaded with fetchpriority="high". */
export function homePreload(home: HomeModel): { src: string; srcset: string; sizes: string } | null {
  const first = home.hero.slides[0];
  return first ? { src: first.image.src, srcset: first.image.srcset, sizes: BANNER_SIZES } : null;
}
