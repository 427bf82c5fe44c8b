// The product editor's one change (server/catalog/admin-routes.ts): the posted variant blocks read and
// checked, then written through server/backoffice/revisions.ts saveWithVersion (the product's Version
// checked, a revision, an audit row `product.update` with before and after, clearCatalogCaches), with
// products.price_from_cents and the variation facets kept in step in the same transaction.
import type { Db } from '../db';
import { BadInput } from '../http/errors';
import type { Translate } from '../forms/messages';
import { saveWithVersion, type Tx } from '../backoffice/revisions';
import { type AdminProduct, productPriceSnapshot } from './admin-data';
import { syncPriceFrom, syncVariationValues, writeVariantActive, writeVariantPrice } from './admin-writes';
import { variantForm } from './admin-forms';
import { centsOf, rescaledTiers, storedExclOf } from './admin-prices';

/** What a post asks of one variant: a new price and / or a new state (undefined: as it is). */
export interface VariantChange {
  variantId: number;
  priceInclCents?: number;
  isActive?: boolean;
}

export interface PostedVariants {
  changes: VariantChange[];
  /** Posted names → translated messages (a variant that is not this product's: on `Variants.{id}`). */
  errors: Record<string, string>;
  /** Posted names → the text as typed, to show the form again. */
  values: Record<string, string>;
}

const VARIANT_FIELD = /^Variants\.([^.]*)\.(PriceIncl|IsActive)$/;

/** The posted fields of each variant, by the id in their names (an id that is not a whole number kept as text). */
function groupedFields(body: Record<string, unknown>): Map<string, Record<string, unknown>> {
  const groups = new Map<string, Record<string, unknown>>();
  for (const [name, value] of Object.entries(body)) {
    const match = VARIANT_FIELD.exec(name);
    if (!match) continue;
    const group = groups.get(match[1]!) ?? {};
    group[match[2]!] = value;
    groups.set(match[1]!, group);
  }
  return groups;
}

/**
 * Reads `Variants.{id}.PriceIncl` and `Variants.{id}.IsActive` for the product's own variants. A field
 * left out leaves that value as it is (the form always posts both; a script may post a price alone).
 */
export function postedVariants(body: unknown, product: AdminProduct, t: Translate): PostedVariants {
  const posted = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const result: PostedVariants = { changes: [], errors: {}, values: {} };
  for (const [id, fields] of groupedFields(posted)) {
    const variant = product.variants.find((candidate) => String(candidate.id) === id);
    if (!variant) {
      result.errors[`Variants.${id}`] = String(t('BackOffice.Products.UnknownVariant'));
      continue;
    }
    const checked = variantForm.validate({ PriceIncl: fields.PriceIncl ?? '1', IsActive: fields.IsActive }, t);
    if ('PriceIncl' in fields) result.values[`Variants.${id}.PriceIncl`] = checked.values.PriceIncl;
    if ('IsActive' in fields) result.values[`Variants.${id}.IsActive`] = checked.values.IsActive;
    if (!checked.ok) {
      for (const [name, message] of Object.entries(checked.errors)) if (name in fields) result.errors[`Variants.${id}.${name}`] = message!;
      if (Object.keys(checked.errors).some((name) => name in fields)) continue;
    }
    const change: VariantChange = { variantId: variant.id };
    if ('PriceIncl' in fields) change.priceInclCents = centsOf(checked.values.PriceIncl)!;
    if ('IsActive' in fields) change.isActive = checked.values.IsActive === 'true';
    result.changes.push(change);
  }
  return result;
}

export interface ProductChange {
  db: Db;
  actorId: number;
  product: AdminProduct;
  version: number;
  /** The product sold or not; undefined: as it is. */
  isActive?: boolean;
  changes: VariantChange[];
}

/**
 * Saves the variants' prices (tiers keep their share, tax-excl at the stored rate) and states, and the
 * product's state, at the version the editor opened. An active product must keep an active variant.
 */
export async function saveProductPrices({ db, actorId, product, version, isActive, changes }: ProductChange): Promise<{ version: number }> {
  const productId = product.id;
  return saveWithVersion(db, {
    entity: 'product', table: 'products', id: productId, expectedVersion: version, actorId, action: 'update',
    snapshot: (tx) => productPriceSnapshot(tx, productId),
    write: async (tx) => {
      for (const change of changes) {
        const variant = product.variants.find((candidate) => candidate.id === change.variantId)!;
        if (change.priceInclCents !== undefined && change.priceInclCents !== variant.priceInclCents) {
          const tiers = rescaledTiers(variant.tiers, variant.priceInclCents, change.priceInclCents);
          const price = { variantId: variant.id, priceInclCents: change.priceInclCents, priceExclCents: storedExclOf(change.priceInclCents), tiers };
          if (!(await writeVariantPrice(tx, { productId, price }))) throw new BadInput({ [`Variants.${variant.id}`]: 'BackOffice.Products.UnknownVariant' });
        }
        if (change.isActive !== undefined && change.isActive !== variant.isActive) await writeVariantActive(tx, { productId, variantId: variant.id, isActive: change.isActive });
      }
      if (isActive !== undefined) await tx.updateTable('products').set({ is_active: isActive ? 1 : 0 }).where('id', '=', productId).execute();
      await requireActiveVariant(tx, productId);
      await syncVariationValues(tx, { productId });
      await syncPriceFrom(tx, { productId });
    },
  });
}

/** An active product with no active variant would be a page nobody can buy from: refused, nothing written. */
async function requireActiveVariant(tx: Tx, productId: number): Promise<void> {
  const product = await tx.selectFrom('products').select('is_active').where('id', '=', productId).executeTakeFirstOrThrow();
  if (Number(product.is_active) !== 1) return;
  const active = await tx.selectFrom('product_variants').select('id').where('product_id', '=', productId).where('is_active', '=', 1).limit(1).executeTakeFirst();
  if (!active) throw new BadInput({ IsActive: 'BackOffice.Products.NoActiveVariant' });
}
