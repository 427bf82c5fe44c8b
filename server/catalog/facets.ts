import type { TFunction } from 'i18next';
import { type PriceDisplay, displayMoney } from '../currencies/display';
import { type CatalogFilter, type FilterGroup, attributeGroup, selectedIn, toggleValue } from './filters';
import { type Counts, type FacetCounts, PRICE_BANDS } from './facets-count';
import type { CatalogReference } from './lists-reference';

/** One value of a facet: a checkbox (or radio) with its label, its count and the link that toggles it. */
export interface FacetValue {
  value: string;
  label: string;
  count: number;
  selected: boolean;
  /** The list with this value toggled in the filter (pageindex dropped). */
  href: string;
  /** Colour squares (attributes shown as 'Square'). */
  colors: string[];
}

export interface FacetGroup {
  key: FilterGroup;
  /** Name of the facet form's inputs (docs/catalog.md). */
  field: string;
  title: string;
  input: 'checkbox' | 'radio';
  display: string;
  values: FacetValue[];
}

/** A selected-filter tag: removes its one value. */
export interface SelectedFilter {
  group: string;
  label: string;
  href: string;
}

interface Candidate {
  value: number | string;
  label: string;
  colors?: string[];
}

export interface FacetContext {
  reference: CatalogReference;
  counts: FacetCounts;
  filter: CatalogFilter;
  culture: string;
  t: TFunction;
  /** The list address for a filter. */
  hrefFor: (filter: CatalogFilter) => string;
  /** The visitor's currency the price bands are told in (their values stay in the catalog's currency). */
  display?: PriceDisplay;
}

function group(context: FacetContext, key: FilterGroup, title: string, candidates: Candidate[], counts: Map<number | string, number>, input: FacetGroup['input'] = 'checkbox', display = 'List'): FacetGroup | null {
  const selected = new Set(selectedIn(context.filter, key).map(String));
  const values = candidates
    .map((candidate) => ({
      value: String(candidate.value),
      label: candidate.label,
      count: counts.get(candidate.value) ?? 0,
      selected: selected.has(String(candidate.value)),
      href: context.hrefFor(toggleValue(context.filter, key, candidate.value)),
      colors: candidate.colors ?? [],
    }))
    // No dead ends: a value that would empty the list is not offered, unless it is already chosen.
    .filter((value) => value.count > 0 || value.selected);
  return values.length ? { key, field: key, title, input, display, values } : null;
}

/**
 * The words a price band is told with: "under 25 €", "25 € – 50 €", "200 € and more". The band's ends
 * are cents of the catalog's currency (what the filter compares); each end is shown converted for the
 * visitor as a card's price is, so "$27.00 – $54.00" for a visitor in USD.
 */
export function priceBandLabel(band: string, { culture, t, currency, display }: { culture: string; t: TFunction; currency: string; display?: PriceDisplay }): string {
  const [min, max] = band.split('-').map((end) => (end === '' ? null : displayMoney(display, { cents: Number(end), currency }, culture)));
  if (min === null) return t('Catalog.PriceUnder', { max });
  if (max === null) return t('Catalog.PriceAbove', { min });
  return t('Catalog.PriceBetween', { min, max });
}

function categoryCandidates(context: FacetContext, offered: number[]): Candidate[] {
  const ids = [...new Set([...offered, ...context.filter.Categories])];
  return ids.flatMap((id) => {
    const node = context.reference.categories.get(id);
    return node ? [{ value: id, label: node.name }] : [];
  });
}

/**
 * The filter panel's groups in display order: categories (the children of the listed category, or the
 * top level), brands, attributes, price bands, tags. Brands are left out of a brand's own page.
 */
export function buildFacetGroups(context: FacetContext, { categoryIds, showBrands }: { categoryIds: number[]; showBrands: boolean }): FacetGroup[] {
  const { reference, counts, t } = context;
  const byKey = (map: Counts) => map as Map<number | string, number>;
  const groups = [
    group(context, 'Categories', t('Catalog.Categories'), categoryCandidates(context, categoryIds), byKey(counts.categories)),
    showBrands ? group(context, 'Brands', t('Catalog.Brands'), [...reference.brands.values()].map((brand) => ({ value: brand.id, label: brand.name })), byKey(counts.brands)) : null,
    ...reference.attributes.map((attribute) =>
      group(
        context,
        attributeGroup(attribute.id),
        attribute.name,
        attribute.values.map((value) => ({ value: value.id, label: value.name, colors: value.colors })),
        byKey(counts.attributes.get(attribute.id) ?? new Map()),
        'checkbox',
        attribute.displayType,
      ),
    ),
    group(context, 'Price', t('Catalog.Price'), PRICE_BANDS.map((band) => ({ value: band, label: priceBandLabel(band, { ...context, currency: reference.currency }) })), counts.prices, 'radio'),
    group(context, 'Tags', t('Catalog.Tags'), [...reference.tags.values()].map((tag) => ({ value: tag.id, label: tag.name })), byKey(counts.tags)),
  ];
  return groups.filter((item): item is FacetGroup => item !== null);
}

/** One tag per selected value, each linking to the list without it. */
export function selectedFilters(groups: FacetGroup[]): SelectedFilter[] {
  return groups.flatMap((item) => item.values.filter((value) => value.selected).map((value) => ({ group: item.title, label: value.label, href: value.href })));
}
