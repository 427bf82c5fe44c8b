// The demo prepaid accounts: the prepaid card (a catalog product whose purchase tops an account up, filed
// like every seeded product: a leaf category and its ancestors, two photos, a material) and the demo
// customer's account with a history of movements long enough to page through. Deterministic.
import type { Transaction } from 'kysely';
import { cultures } from '../../config';
import type { Database } from '../schema';

type Trx = Transaction<Database>;

/** The prepaid card: 10.00 EUR of credit per unit (prices at 21 % VAT like every seeded variant). */
export const PREPAID_CARD = { reference: 'PREPAID-CARD', sku: 'PREPAID-10', unitCents: 1000 } as const;

const names: Record<string, string> = {
  fr: 'Carte prépayée', nl: 'Prepaidkaart', es: 'Tarjeta prepago', de: 'Prepaid-Karte', it: 'Carta prepagata', pt: 'Cartão pré-pago',
};
const descriptions: Record<string, string> = {
  fr: 'Créditez votre compte prépayé de 10 € par carte.', nl: 'Laad uw prepaidrekening op met € 10 per kaart.', es: 'Recargue su cuenta prepago con 10 € por tarjeta.',
  de: 'Laden Sie Ihr Prepaid-Konto mit 10 € pro Karte auf.', it: 'Ricarica il tuo conto prepagato di 10 € per carta.', pt: 'Carregue a sua conta pré-paga com 10 € por cartão.',
};
const slugOf = (culture: string) => `${names[culture].toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-')}-10`;

async function leafCategory(trx: Trx): Promise<number[]> {
  const leaf = await trx.selectFrom('categories').select(['id', 'parent_id']).where('depth', '=', 3).orderBy('id').executeTakeFirstOrThrow();
  const family = await trx.selectFrom('categories').select(['id', 'parent_id']).where('id', '=', leaf.parent_id!).executeTakeFirstOrThrow();
  return [leaf.id, family.id, family.parent_id!];
}

/** The product and its one variant; answers the variant's id. */
async function insertPrepaidCard(trx: Trx, now: number): Promise<number> {
  const categories = await leafCategory(trx);
  const product = await trx
    .insertInto('products')
    .values({ reference: PREPAID_CARD.reference, brand_id: null, category_id: categories[0], is_active: 1, price_from_cents: PREPAID_CARD.unitCents, currency: 'EUR', min_qty: 1, max_qty: 50, step_qty: 1, available_until: null, position: 9999, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('product_categories').values(categories.map((category_id) => ({ product_id: product.id, category_id }))).execute();
  await trx.insertInto('product_translations').values(cultures.map((culture) => ({ product_id: product.id, culture, name: names[culture], slug: slugOf(culture), description: descriptions[culture] }))).execute();
  const photos = await trx.selectFrom('product_images').select('asset_id').where('kind', '=', 'photo').orderBy('id').limit(2).execute();
  await trx.insertInto('product_images').values(photos.map((photo, position) => ({ product_id: product.id, value_id: null, asset_id: photo.asset_id, kind: 'photo' as const, position }))).execute();
  const material = await trx.selectFrom('attribute_values as v').innerJoin('attributes as a', 'a.id', 'v.attribute_id').select(['v.id', 'v.attribute_id']).where('a.code', '=', 'Material').orderBy('v.id').executeTakeFirstOrThrow();
  await trx.insertInto('product_attribute_values').values({ product_id: product.id, attribute_id: material.attribute_id, value_id: material.id }).execute();
  const variant = await trx
    .insertInto('product_variants')
    .values({ product_id: product.id, sku: PREPAID_CARD.sku, value_id1: null, value_id2: null, value_id3: null, price_incl_cents: PREPAID_CARD.unitCents, price_excl_cents: Math.round(PREPAID_CARD.unitCents / 1.21), currency: 'EUR', stock_mode: 'NoManagement', low_stock_threshold: 0, is_default: 1, is_active: 1, position: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return variant.id;
}

/** The demo customer's account: twelve movements (two pages), 85.00 EUR left, the low-balance mail on. */
async function insertDemoAccount(trx: Trx, variantId: number, now: number): Promise<void> {
  const customer = await trx.selectFrom('users').select('id').where('email', '=', 'customer@example.com').executeTakeFirst();
  if (!customer) return;
  const account = await trx
    .insertInto('prepaid_accounts')
    .values({ user_id: customer.id, variant_id: variantId, name: 'Compte prépayé', currency: 'EUR', notify: 1, low_balance_cents: 2000, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const amounts = [5000, -1250, 3000, -990, -1500, 2000, -760, -1000, 8500, -2400, -1100, -1000];
  let balance = 0;
  for (const [index, amount] of amounts.entries()) {
    balance += amount;
    await trx
      .insertInto('prepaid_movements')
      .values({ account_id: account.id, kind: amount > 0 ? 'TopUp' : 'Payment', amount_cents: amount, balance_after_cents: balance, order_id: null, note: 'seed', created_at: now + index * 86_400_000 })
      .execute();
  }
  await trx.updateTable('prepaid_accounts').set({ balance_cents: balance }).where('id', '=', account.id).execute();
}

export async function seedPrepaid(trx: Trx): Promise<void> {
  const now = Date.UTC(2026, 0, 10, 9, 0, 0);
  const variantId = await insertPrepaidCard(trx, now);
  await insertDemoAccount(trx, variantId, now);
}
