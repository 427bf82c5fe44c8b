import type { CatalogFilter } from './filters';
import type { ProductIndex } from './lists-index';
import { CompiledFilter, PASSES } from './lists-index-filter';
import type { Sort } from './lists-query';

/** Which products a list starts from, before its filter. */
export type ListScope =
  | { kind: 'all' }
  | { kind: 'category'; categoryId: number }
  | { kind: 'brand'; brandId: number }
  | { kind: 'tag'; tagId: number }
  /** Search results: the matching ids, best first (from the search index). */
  | { kind: 'search'; productIds: number[] };

/** The slots a list starts from; for a search, in relevance order. */
export function scopeSlots(index: ProductIndex, scope: ListScope): ArrayLike<number> {
  switch (scope.kind) {
    case 'category':
      return index.membersOf('category', scope.categoryId);
    case 'brand':
      return index.membersOf('brand', scope.brandId);
    case 'tag':
      return index.membersOf('tag', scope.tagId);
    case 'search':
      return scope.productIds.map((id) => index.slotOf(id)).filter((slot): slot is number => slot !== undefined);
    default:
      return index.allSlots;
  }
}

export interface ProductPage {
  productIds: number[];
  total: number;
}

/** The slots in the asked order, walked from the first (reverse: from the last). */
function orderOf(index: ProductIndex, sort: Sort, nameOrder: Int32Array | null): { order: Int32Array; reverse: boolean } {
  switch (sort) {
    case 'name':
      return { order: nameOrder ?? index.orderBy('position'), reverse: false };
    case 'price-asc':
    case 'price-desc':
      return { order: index.orderBy('price'), reverse: sort === 'price-desc' };
    case 'newest':
      return { order: index.orderBy('createdAt'), reverse: true };
    default:
      return { order: index.orderBy('position'), reverse: false };
  }
}

/**
 * One page of the scope's products that pass the filter, in the asked order, and how many pass in all:
 * one pass marks the matches, then the catalog's precomputed order is walked until the page is full.
 * 'relevance' keeps the search's order (any other scope has none: the catalog order then).
 * nameOrder: the slots in the culture's alphabetical order (for sort=name).
 */
export function findProductPage(
  index: ProductIndex,
  { scope, filter, sort, pageIndex, pageSize, nameOrder = null }: { scope: ListScope; filter: CatalogFilter; sort: Sort; pageIndex: number; pageSize: number; nameOrder?: Int32Array | null },
): ProductPage {
  const compiled = new CompiledFilter(index, filter);
  const slots = scopeSlots(index, scope);
  const first = (pageIndex - 1) * pageSize;
  const page: number[] = [];
  let total = 0;
  if (sort === 'relevance' && scope.kind === 'search') {
    for (let at = 0; at < slots.length; at++) {
      if (compiled.failing(slots[at]) !== PASSES) continue;
      if (total >= first && page.length < pageSize) page.push(index.ids[slots[at]]);
      total++;
    }
    return { productIds: page, total };
  }
  const matches = new Uint8Array(index.size);
  for (let at = 0; at < slots.length; at++) {
    if (compiled.failing(slots[at]) === PASSES) {
      matches[slots[at]] = 1;
      total++;
    }
  }
  const { order, reverse } = orderOf(index, sort, nameOrder);
  let seen = 0;
  for (let step = 0; step < order.length && page.length < pageSize && seen < total; step++) {
    const slot = order[reverse ? order.length - 1 - step : step];
    if (matches[slot] === 0) continue;
    if (seen++ >= first) page.push(index.ids[slot]);
  }
  return { productIds: page, total };
}
