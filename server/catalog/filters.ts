import { z } from 'zod';
import { BadInput, type FieldErrors } from '../http/errors';
import { ID_PATTERN, idOf } from '../shared/ids';

/**
 * The list filter object of the specification (query parameter `filter`, JSON): keys holding a single
 * value or a list of ids, and ProductAttributes, a map from attribute id to a list of value ids.
 * Within a key the values are alternatives (OR); keys and attributes narrow each other (AND).
 * See docs/catalog.md for the contract.
 */
export interface CatalogFilter {
  Categories: number[];
  Brands: number[];
  Tags: number[];
  /** Attribute id -> value ids. */
  ProductAttributes: Record<string, number[]>;
  /** A price band of the "from" price, tax incl., in cents: "min-max", either end may be empty. */
  Price: string | null;
}

export type IdGroup = 'Categories' | 'Brands' | 'Tags';
/** A facet group: one of the id keys, an attribute ('ProductAttributes.12') or the price band. */
export type FilterGroup = IdGroup | `ProductAttributes.${number}` | 'Price';

export const idGroups: IdGroup[] = ['Categories', 'Brands', 'Tags'];
export const MAX_FILTER_LENGTH = 2000;
const MAX_IDS = 50;

/** An id as the filter's text spells it (an attribute key, a facet field's value): ID_PATTERN of server/shared/ids. */
export const idText = z.string().regex(ID_PATTERN);
/** An id of the JSON filter: a number, or its text, spelled as ID_PATTERN allows. */
const id = z
  .union([z.number(), z.string()])
  .refine((value) => idOf(String(value)) !== null)
  .transform(Number);
const ids = z
  .union([id, z.array(id).max(MAX_IDS)])
  .transform((value) => (Array.isArray(value) ? value : [value]));
export const priceBand = z
  .string()
  .regex(/^(\d{1,9})?-(\d{1,9})?$/)
  .refine((value) => value !== '-', 'empty band')
  .refine((value) => {
    const [min, max] = value.split('-');
    return min === '' || max === '' || Number(min) < Number(max);
  }, 'min above max');

const schema = z
  .object({
    Categories: ids.optional(),
    Brands: ids.optional(),
    Tags: ids.optional(),
    ProductAttributes: z.record(idText, ids).optional(),
    Price: priceBand.nullable().optional(),
  })
  .strict();

/** A malformed list parameter: the 400 page, titled Catalog.InvalidListTitle, names what is wrong. */
export function listInputError(fields: FieldErrors): BadInput {
  return new BadInput(fields, 'Catalog.InvalidListTitle');
}

export const emptyFilter = (): CatalogFilter => ({ Categories: [], Brands: [], Tags: [], ProductAttributes: {}, Price: null });

const uniqueSorted = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

/** One spelling per filter: sorted unique ids, attributes without values dropped (stable URLs and cache keys). */
export function normaliseFilter(filter: Partial<CatalogFilter>): CatalogFilter {
  const attributes: Record<string, number[]> = {};
  const attributeIds = Object.keys(filter.ProductAttributes ?? {}).sort((a, b) => Number(a) - Number(b));
  for (const attributeId of attributeIds) {
    const values = uniqueSorted(filter.ProductAttributes![attributeId]);
    if (values.length) attributes[attributeId] = values;
  }
  return {
    Categories: uniqueSorted(filter.Categories ?? []),
    Brands: uniqueSorted(filter.Brands ?? []),
    Tags: uniqueSorted(filter.Tags ?? []),
    ProductAttributes: attributes,
    Price: filter.Price || null,
  };
}

/** Parses the `filter` query parameter; malformed JSON, unknown keys or non-numeric ids are a 400. */
export function parseFilterParam(raw: unknown, field = 'filter'): CatalogFilter {
  if (raw === undefined || raw === '') return emptyFilter();
  if (typeof raw !== 'string' || raw.length > MAX_FILTER_LENGTH) throw listInputError({ [field]: 'Catalog.InvalidFilter' });
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw listInputError({ [field]: 'Catalog.InvalidFilter' });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw listInputError({ [field]: 'Catalog.InvalidFilter' });
  return normaliseFilter(parsed.data);
}

/** The canonical JSON for a URL ('' for no filter): only the keys in use, in a fixed order. */
export function serializeFilter(filter: CatalogFilter): string {
  const out: Record<string, unknown> = {};
  for (const key of idGroups) if (filter[key].length) out[key] = filter[key];
  if (Object.keys(filter.ProductAttributes).length) out.ProductAttributes = filter.ProductAttributes;
  if (filter.Price) out.Price = filter.Price;
  return Object.keys(out).length ? JSON.stringify(out) : '';
}

export function attributeGroup(attributeId: number | string): FilterGroup {
  return `ProductAttributes.${Number(attributeId)}`;
}

/** The values selected in one group (the price band as a one-item list). */
export function selectedIn(filter: CatalogFilter, group: FilterGroup): (number | string)[] {
  if (group === 'Price') return filter.Price ? [filter.Price] : [];
  if (group.startsWith('ProductAttributes.')) return filter.ProductAttributes[group.slice('ProductAttributes.'.length)] ?? [];
  return filter[group as IdGroup];
}

/** The filter with one value added or removed: what a facet link or a selected-filter tag leads to. */
export function toggleValue(filter: CatalogFilter, group: FilterGroup, value: number | string): CatalogFilter {
  if (group === 'Price') return normaliseFilter({ ...filter, Price: filter.Price === value ? null : String(value) });
  const toggle = (values: number[]) =>
    values.includes(Number(value)) ? values.filter((item) => item !== Number(value)) : [...values, Number(value)];
  if (group.startsWith('ProductAttributes.')) {
    const attributeId = group.slice('ProductAttributes.'.length);
    const attributes = { ...filter.ProductAttributes, [attributeId]: toggle(filter.ProductAttributes[attributeId] ?? []) };
    return normaliseFilter({ ...filter, ProductAttributes: attributes });
  }
  return normaliseFilter({ ...filter, [group]: toggle(filter[group as IdGroup]) });
}
