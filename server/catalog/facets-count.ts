import type { CatalogFilter } from './filters';
import type { ProductIndex, SlotLists } from './lists-index';
import { CompiledFilter, FAILS_SEVERAL, PASSES } from './lists-index-filter';

/** Adds one to the tally of each item of the slot's list. */
function range(lists: SlotLists, slot: number, into: Int32Array): void {
  for (let at = lists.offsets[slot]; at < lists.offsets[slot + 1]; at++) into[lists.items[at]]++;
}
import { type ListScope, scopeSlots } from './lists-engine';

/** Price bands of the price facet, in cents of the "from" price (tax incl.). */
export const PRICE_BANDS = ['-2500', '2500-5000', '5000-10000', '10000-20000', '20000-'] as const;
const BAND_FLOORS = PRICE_BANDS.map((band) => (band.startsWith('-') ? 0 : Number(band.split('-')[0])));

export type Counts = Map<number, number>;

export interface FacetCounts {
  categories: Counts;
  brands: Counts;
  tags: Counts;
  /** Attribute id -> value id -> count. */
  attributes: Map<number, Counts>;
  prices: Map<string, number>;
}

function bandOf(price: number): number {
  let band = 0;
  while (band + 1 < BAND_FLOORS.length && price >= BAND_FLOORS[band + 1]) band++;
  return band;
}

function countsOf(tallies: Int32Array, keep: (id: number) => boolean = () => true): Counts {
  const counts: Counts = new Map();
  tallies.forEach((count, id) => count > 0 && keep(id) && counts.set(id, count));
  return counts;
}

/**
 * The usual faceting, in one pass: each group counts the products that match every OTHER selected
 * filter, so a visitor sees what ticking one more value of that group would add. A product failing
 * no group counts everywhere; failing exactly one, only in that group; failing more, nowhere.
 */
export function countFacets(
  index: ProductIndex,
  { scope, filter, categoryIds, attributeIds }: { scope: ListScope; filter: CatalogFilter; categoryIds: number[]; attributeIds: number[] },
): FacetCounts {
  const compiled = new CompiledFilter(index, filter);
  const groups = { categories: compiled.groupOf('Categories'), brands: compiled.groupOf('Brands'), tags: compiled.groupOf('Tags'), price: compiled.groupOf('Price') };
  const attributeGroup = new Int32Array(index.largest.attribute + 1).fill(-3);
  for (const attributeId of attributeIds) if (attributeId < attributeGroup.length) attributeGroup[attributeId] = compiled.groupOf(`ProductAttributes.${attributeId}`);
  const categories = new Int32Array(index.largest.category + 1);
  const tags = new Int32Array(index.largest.tag + 1);
  const values = new Int32Array(index.largest.value + 1);
  const brands = new Int32Array(index.largest.brand + 1);
  const prices = new Int32Array(PRICE_BANDS.length);
  const slots = scopeSlots(index, scope);
  const filtered = compiled.keys.length > 0;
  for (let at = 0; at < slots.length; at++) {
    const slot = slots[at];
    const failed = filtered ? compiled.failing(slot) : PASSES;
    if (failed === FAILS_SEVERAL) continue;
    const all = failed === PASSES;
    if (all || failed === groups.categories) range(index.categories, slot, categories);
    if ((all || failed === groups.brands) && index.brand[slot]) brands[index.brand[slot]]++;
    if (all || failed === groups.tags) range(index.tags, slot, tags);
    if (all || failed === groups.price) prices[bandOf(index.price[slot])]++;
    for (let item = index.values.offsets[slot]; item < index.values.offsets[slot + 1]; item++) {
      const valueId = index.values.items[item];
      const group = attributeGroup[index.attributeOfValue[valueId]];
      // -3: an attribute no facet shows; -1: not filtered (counts when all pass); else its own group.
      if (group !== -3 && (all || failed === group)) values[valueId]++;
    }
  }
  const offered = new Set(categoryIds);
  const attributes = new Map<number, Counts>(attributeIds.map((id) => [id, countsOf(values, (valueId) => index.attributeOfValue[valueId] === id)]));
  return {
    categories: countsOf(categories, (id) => offered.has(id)),
    brands: countsOf(brands),
    tags: countsOf(tags),
    attributes,
    prices: new Map(PRICE_BANDS.map((band, position) => [band, prices[position]])),
  };
}
