import type { CatalogFilter, FilterGroup } from './filters';
import type { ProductIndex, SlotLists } from './lists-index';

const NONE = -1;
const SEVERAL = -2;

type GroupKind = 'lists' | 'brand' | 'price';

/**
 * A filter compiled against the index: each group (a filter key or one attribute) is a membership
 * table over item ids, so testing a product is a few array reads, no hashing and no allocation.
 */
export class CompiledFilter {
  readonly keys: FilterGroup[] = [];
  private readonly kinds: GroupKind[] = [];
  private readonly lists: (SlotLists | null)[] = [];
  private readonly wanted: Uint8Array[] = [];
  private min = -Infinity;
  private max = Infinity;

  constructor(
    private readonly index: ProductIndex,
    filter: CatalogFilter,
  ) {
    if (filter.Categories.length) this.add('Categories', 'lists', index.categories, filter.Categories);
    if (filter.Brands.length) this.add('Brands', 'brand', null, filter.Brands);
    if (filter.Tags.length) this.add('Tags', 'lists', index.tags, filter.Tags);
    for (const [attributeId, valueIds] of Object.entries(filter.ProductAttributes)) {
      this.add(`ProductAttributes.${Number(attributeId)}`, 'lists', index.values, valueIds);
    }
    if (filter.Price) {
      const [min, max] = filter.Price.split('-');
      if (min !== '') this.min = Number(min);
      if (max !== '') this.max = Number(max);
      this.add('Price', 'price', null, []);
    }
  }

  private add(key: FilterGroup, kind: GroupKind, lists: SlotLists | null, ids: number[]): void {
    const wanted = new Uint8Array(Math.max(0, ...ids) + 1);
    for (const id of ids) wanted[id] = 1;
    this.keys.push(key);
    this.kinds.push(kind);
    this.lists.push(lists);
    this.wanted.push(wanted);
  }

  /** The group at this position in keys, or -1. */
  groupOf(key: FilterGroup): number {
    return this.keys.indexOf(key);
  }

  passesGroup(group: number, slot: number): boolean {
    const wanted = this.wanted[group];
    switch (this.kinds[group]) {
      case 'brand':
        return wanted[this.index.brand[slot]] === 1;
      case 'price':
        return this.index.price[slot] >= this.min && this.index.price[slot] < this.max;
      default: {
        const { offsets, items } = this.lists[group]!;
        for (let at = offsets[slot]; at < offsets[slot + 1]; at++) if (wanted[items[at]] === 1) return true;
        return false;
      }
    }
  }

  /** -1 when the product passes every group, the failing group when it fails one, -2 when several. */
  failing(slot: number): number {
    let failed = NONE;
    for (let group = 0; group < this.keys.length; group++) {
      if (this.passesGroup(group, slot)) continue;
      if (failed !== NONE) return SEVERAL;
      failed = group;
    }
    return failed;
  }
}

export const PASSES = NONE;
export const FAILS_SEVERAL = SEVERAL;
