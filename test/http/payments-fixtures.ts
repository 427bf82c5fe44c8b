// Orders to pay, made through the orders helper's placeOrder (server/orders/orders.ts): a card order of
// one line, 10.00 EUR tax included, for an account (so that account's session may see it).
import { placeOrder } from '../../server/orders/orders';
import type { TestApp } from '../support/app';

export async function placeCardOrder(testApp: TestApp, { userId, email, key, totalCents = 1000 }: { userId: number | null; email: string; key: string; totalCents?: number }) {
  const { db } = testApp;
  const variant = await db.selectFrom('product_variants').select(['id', 'sku']).where('stock_mode', '=', 'NoManagement').where('is_active', '=', 1).orderBy('id').executeTakeFirst()
    ?? (await db.selectFrom('product_variants').select(['id', 'sku']).where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow());
  const france = await db.selectFrom('countries').select('id').where('code', '=', 'FR').executeTakeFirstOrThrow();
  const exclCents = Math.round((totalCents * 10_000) / 12_000);
  const address = {
    firstName: 'Ada', lastName: 'Lovelace', company: '', street1: '12 Rue Vivienne', street2: '', postalCode: '75002', city: 'Paris',
    countryId: france.id, phone: '', vatNumber: '', accountType: 'Private' as const,
  };
  return placeOrder(db, {
    idempotencyKey: key,
    email,
    userId,
    culture: 'fr',
    paymentMethod: 'Card',
    billing: address,
    shipping: address,
    summary: {
      currency: 'EUR',
      lines: [{ variantId: variant.id, sku: variant.sku, name: 'Test line', quantity: 1, unitInclCents: totalCents, unitExclCents: exclCents, totalInclCents: totalCents, totalExclCents: exclCents, taxRateBp: 2000 }],
      subtotalInclCents: totalCents,
      subtotalExclCents: exclCents,
      shipping: null,
      discount: null,
      taxes: [{ rateBp: 2000, cents: totalCents - exclCents }],
      totalInclCents: totalCents,
      totalExclCents: exclCents,
      taxCents: totalCents - exclCents,
      reverseCharge: false,
    },
  });
}
