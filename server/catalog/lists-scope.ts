import type { Db } from '../db';
import { NotFound } from '../http/errors';
import type { ListScope } from './lists-engine';
import { type CatalogReference, type CategoryNode, loadReference } from './lists-reference';
import { searchKey, searchProductIds } from './suggestions';
import { brandPath, catalogPath, categoryPath, tagPath } from './urls';

/** A list's place: what it lists, where it lives, and what its facets and its ListFilter widget need. */
export interface ResolvedScope {
  scope: ListScope;
  scopeKey: string;
  /** Relative to {app}. */
  listPath: string;
  facetCategoryIds: number[];
  showBrands: boolean;
  widgetParams: Record<string, string>;
  reference: CatalogReference;
  category?: CategoryNode;
  brand?: { id: number; name: string; slug: string };
  tag?: { id: number; name: string; slug: string };
}

export interface ScopeRequest {
  culture: string;
  categoryId?: number;
  brandId?: number;
  brandSlug?: string;
  tagId?: number;
  /** Search text ('' or absent: no search). */
  q?: string;
}

/** Finds what a list is about (a category, a brand, a tag, a search or the whole catalog); unknown ones are a 404. */
export async function resolveScope(db: Db, request: ScopeRequest): Promise<ResolvedScope> {
  const { culture } = request;
  const reference = await loadReference(db, culture);
  const base = { reference, facetCategoryIds: reference.roots, showBrands: true };
  if (request.categoryId !== undefined) {
    const category = reference.categories.get(request.categoryId);
    if (!category) throw new NotFound();
    return {
      ...base,
      category,
      scope: { kind: 'category', categoryId: category.id },
      scopeKey: `category:${category.id}`,
      listPath: categoryPath(culture, category.id, category.slug),
      facetCategoryIds: category.children,
      widgetParams: { categoryId: String(category.id) },
    };
  }
  if (request.brandId !== undefined || request.brandSlug !== undefined) {
    const brand = [...reference.brands.values()].find((item) => item.id === request.brandId || item.slug === request.brandSlug);
    if (!brand) throw new NotFound();
    const scope: ListScope = { kind: 'brand', brandId: brand.id };
    return { ...base, brand, scope, scopeKey: `brand:${brand.id}`, listPath: brandPath(culture, brand.slug), showBrands: false, widgetParams: { brandId: String(brand.id) } };
  }
  if (request.tagId !== undefined) {
    const tag = reference.tags.get(request.tagId);
    if (!tag) throw new NotFound();
    return { ...base, tag, scope: { kind: 'tag', tagId: tag.id }, scopeKey: `tag:${tag.id}`, listPath: tagPath(culture, tag.id, tag.slug), widgetParams: { tagId: String(tag.id) } };
  }
  if (request.q) {
    const productIds = await searchProductIds(db, { culture, q: request.q });
    return { ...base, scope: { kind: 'search', productIds }, scopeKey: searchKey(request.q), listPath: catalogPath(culture), widgetParams: { q: request.q } };
  }
  return { ...base, scope: { kind: 'all' }, scopeKey: 'all', listPath: catalogPath(culture), widgetParams: {} };
}
