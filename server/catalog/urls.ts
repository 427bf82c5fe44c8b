// Catalog addresses, relative to {app} (the spec's ProductUrl and ProductLink are appended to {app}).
// Products, categories and tags carry their id before the per-culture slug: the culture switch replaces
// only the /{culture}/ segment, and the id still finds the page (which then redirects to its own slug).
import { assetKeyQuery } from '../assets/keys';

export const catalogPath = (culture: string) => `/${culture}/catalog`;

export const productPath = (culture: string, productId: number, slug: string) =>
  `/${culture}/catalog/product/${productId}/${encodeURIComponent(slug)}`;

export const categoryPath = (culture: string, categoryId: number, slug: string) =>
  `/${culture}/catalog/category/${categoryId}/${encodeURIComponent(slug)}`;

export const brandPath = (culture: string, slug: string) => `/${culture}/catalog/brand/${encodeURIComponent(slug)}`;

export const tagPath = (culture: string, tagId: number, slug: string) =>
  `/${culture}/catalog/tag/${tagId}/${encodeURIComponent(slug)}`;

export interface Asset {
  id: number;
  name: string;
}

/**
 * {app}/assets/{AssetId}/{width}x{height}/{AssetName}?key={key} (the key: server/assets/keys.ts); no asset
 * gives {app}/assets/{width}x{height}/nophoto.jpg.
 */
export function assetPath(asset: Asset | null, width = 80, height = 80): string {
  const size = `${width}x${height}`;
  return asset ? `/assets/${asset.id}/${size}/${encodeURIComponent(asset.name)}${assetKeyQuery(asset.id)}` : `/assets/${size}/nophoto.jpg`;
}

/** How a picture is shown: the widths it is drawn at (srcset), the one for src, and height ÷ width. */
export interface Picture {
  widths: readonly number[];
  /** The src width (what a browser without srcset shows); the first width when left out. */
  width?: number;
  /** Height ÷ width; square when left out. */
  aspect?: number;
}

/**
 * Every picture the pages show. The image route draws these sizes only (server/assets/sizes.ts), so a
 * new picture size is added here, never written into a template.
 */
export const pictures = {
  card: { widths: [160, 320, 480], width: 320 },
  quickView: { widths: [240, 480, 720], width: 480 },
  galleryMain: { widths: [300, 600, 900], width: 600 },
  galleryThumb: { widths: [80, 160, 480] },
  galleryLarge: { widths: [1200] },
  spin: { widths: [600] },
  brandLogo: { widths: [160], aspect: 0.5 },
  /** The search suggestions' images (spec: {app}/assets/{AssetId}/80x80/{AssetName}). */
  suggestion: { widths: [80] },
  /** A cart line's picture (the cart page). */
  cartLine: { widths: [80, 160], width: 80 },
  /** Content pages (server/content/pictures.ts): image and banner blocks, video posters, 16:9. */
  contentWide: { widths: [480, 960, 1440], width: 960, aspect: 0.5625 },
  /** Projects (server/projects/pictures.ts): cards, the detail's main image, the masonry gallery's wide and tall photos. */
  projectCard: { widths: [320, 640], width: 320, aspect: 0.75 },
  projectMain: { widths: [640, 1280], width: 1280, aspect: 0.5625 },
  projectWide: { widths: [400, 800], width: 400, aspect: 0.75 },
  projectTall: { widths: [400, 800], width: 400, aspect: 1.25 },
  projectSquare: { widths: [400, 800], width: 400 },
} satisfies Record<string, Picture>;

export interface ImageSet {
  src: string;
  srcset: string;
}

const heightOf = (picture: Picture, width: number) => Math.round(width * (picture.aspect ?? 1));

/** A picture's src and srcset; paths start with base ({app}; '' leaves them relative to it). */
export function imageSet(asset: Asset | null, picture: Picture, base = ''): ImageSet {
  const path = (width: number) => base + assetPath(asset, width, heightOf(picture, width));
  return {
    src: path(picture.width ?? picture.widths[0]),
    srcset: picture.widths.map((width) => `${path(width)} ${width}w`).join(', '),
  };
}

/** The sizes ("160x80") of every picture above. */
export function pictureSizes(): string[] {
  return [...new Set(Object.values(pictures).flatMap((picture: Picture) => picture.widths.map((width) => `${width}x${heightOf(picture, width)}`)))];
}
