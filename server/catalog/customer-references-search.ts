import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db';
import { BadInput } from '../http/errors';
import { productPath } from './urls';

/** Customer-reference search: at least 2 characters (spec section 5), 10 references a page. */
export const CUSTOMER_REFERENCE_MIN_LENGTH = 2;
export const CUSTOMER_REFERENCE_PAGE_SIZE = 10;

const query = z.object({
  q: z.string().trim().min(CUSTOMER_REFERENCE_MIN_LENGTH).max(100),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export type CustomerReferenceQuery = z.infer<typeof query>;

type ReadQuery = { ok: true; query: CustomerReferenceQuery } | { ok: false; fields: Record<string, string> };

/** Reads q and page: the query, or the message key of each bad field (a short or missing q, a bad page). */
function readCustomerReferenceQuery(raw: Record<string, unknown>): ReadQuery {
  const parsed = query.safeParse({ q: typeof raw.q === 'string' ? raw.q : '', page: raw.page === '' ? undefined : raw.page });
  if (parsed.success) return { ok: true, query: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    fields[field] = field === 'q' ? 'Catalog.CustomerReferenceTooShort' : 'Catalog.InvalidParameter';
  }
  return { ok: false, fields };
}

/** Reads q and page; a short or missing q, or a bad page, is a 400 naming the field. */
export function parseCustomerReferenceQuery(raw: Record<string, unknown>): CustomerReferenceQuery {
  const read = readCustomerReferenceQuery(raw);
  if (read.ok) return read.query;
  throw new BadInput(read.fields);
}

/** One match: the spec's CustomerSKU and ProductLink (relative to {app}), plus what the page shows. */
export interface CustomerReferenceMatch {
  CustomerSKU: string;
  ProductLink: string;
  name: string;
  sku: string;
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** The signed-in customer's own references containing q (case-insensitive), by reference; one page. */
export async function searchCustomerReferences(
  db: Db,
  { userId, culture, q, page }: { userId: number; culture: string } & CustomerReferenceQuery,
): Promise<{ matches: CustomerReferenceMatch[]; hasMore: boolean }> {
  const rows = await db
    .selectFrom('customer_references as reference')
    .innerJoin('product_variants as variant', 'variant.id', 'reference.variant_id')
    .innerJoin('products', 'products.id', 'variant.product_id')
    .innerJoin('product_translations as text', (join) => join.onRef('text.product_id', '=', 'products.id').on('text.culture', '=', culture))
    .select(['reference.customer_sku', 'variant.id as variant_id', 'variant.sku', 'products.id as product_id', 'text.name', 'text.slug'])
    .where('reference.user_id', '=', userId)
    .where('products.is_active', '=', 1)
    .where(sql<boolean>`lower(${sql.ref('reference.customer_sku')}) like ${likePattern(q)} escape '\\'`)
    .orderBy('reference.customer_sku')
    .orderBy('variant.id')
    .limit(CUSTOMER_REFERENCE_PAGE_SIZE + 1)
    .offset((page - 1) * CUSTOMER_REFERENCE_PAGE_SIZE)
    .execute();
  const matches = rows.slice(0, CUSTOMER_REFERENCE_PAGE_SIZE).map((row) => ({
    CustomerSKU: row.customer_sku,
    ProductLink: `${productPath(culture, row.product_id, row.slug)}?productVariantId=${row.variant_id}`,
    name: row.name,
    sku: row.sku,
  }));
  return { matches, hasMore: rows.length > CUSTOMER_REFERENCE_PAGE_SIZE };
}

/** The search page's results (widgets/catalog-customer-reference-search): q as typed, and the matches or the message of the bad field. */
export interface CustomerReferenceResults {
  q: string;
  page: number;
  error: string | null;
  matches: CustomerReferenceMatch[];
  hasMore: boolean;
}

/** The signed-in customer's search by their own references, as the page and its results fragment show it. */
export async function customerReferenceResults(db: Db, { userId, culture, raw }: { userId: number; culture: string; raw: Record<string, unknown> }): Promise<CustomerReferenceResults> {
  const searched = typeof raw.q === 'string' ? raw.q : '';
  const read = readCustomerReferenceQuery(raw);
  if (!read.ok) return { q: searched, page: 1, error: read.fields.q ?? read.fields.page, matches: [], hasMore: false };
  const found = await searchCustomerReferences(db, { userId, culture, ...read.query });
  return { q: searched, page: read.query.page, error: null, ...found };
}
