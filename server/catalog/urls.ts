// Catalog addresses, relative to {app} (the spec's ProductUrl and ProductLink are appended to {app}).
// Products, categories and tags carry their id before the per-culture slug: the culture switch replaces
// only the /{culture}/ segment, and the id still finds the page (which then redirects to its own slug).

export const catalogPath = (culture: string) => `/${culture}/catalog`;

export const productPath = (culture: string, productId: number, slug: string) =>
  `/${culture}/catalog/product/${productId}/${encodeURIComponent(slug)}`;

export const categoryPath = (culture: string, categoryId: number, slug: string) =>
  `/${culture}/catalog/category/${categoryId}/${encodeURIComponent(slug)}`;

export const brandPath = (culture: string, slug: string) => `/${culture}/catalog/brand/${encodeURIComponent(slug)}`;

export const tagPath = (culture: string, tagId: number, slug: string) =>
  `/${culture}/catalog/tag/${tagId}/${encodeURIComponent(slug)}`;

/** {app}/assets/{AssetId}/{width}x{height}/{AssetName}; no asset gives {app}/assets/{width}x{height}/nophoto.jpg. */
export function assetPath(asset: { id: number; name: string } | null, width = 80, height = 80): string {
  const size = `${width}x${height}`;
  return asset ? `/assets/${asset.id}/${size}/${encodeURIComponent(asset.name)}` : `/assets/${size}/nophoto.jpg`;
}
