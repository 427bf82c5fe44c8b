import { sql } from 'kysely';
import type { Db } from '../../server/db';
import { variantOptions } from '../../server/catalog/variant-options';
import { findOrderById, placeOrder } from '../../server/orders/orders';
import { useTestApp } from '../support/app';
import { parseHtml, textOf } from '../support/html';
import { cartVisitor } from './cart-helpers';

// A chosen variant in words and pictures (server/catalog/variant-options.ts): its option values in the
// culture and its colour's photo, on the cart's lines, in the add-to-cart dialog and on an order's lines.

const testApp = useTestApp();

/** An active, sellable colour-and-size variant whose colour has a photo of its own, with its expected words. */
export async function colourVariant(db: Db, culture: string) {
  const found = await sql<{ id: number; product_id: number; value_id1: number; value_id2: number; asset_id: number }>`
    select v.id, v.product_id, v.value_id1, v.value_id2, i.asset_id from product_variants v
    join products p on p.id = v.product_id and p.is_active = 1 and p.available_until is null and p.min_qty = 1 and p.step_qty = 1 and p.max_qty = 0
    join product_images i on i.product_id = v.product_id and i.value_id = v.value_id1 and i.kind = 'photo'
    where v.is_active = 1 and v.value_id2 is not null and v.stock_mode = 'NoManagement'
    order by v.id, i.position, i.id`.execute(db);
  const variant = found.rows[0];
  if (!variant) throw new Error('The demo seed has no colour-and-size variant with a colour photo');
  const words = await db
    .selectFrom('attribute_value_translations').select(['value_id', 'display_value'])
    .where('value_id', 'in', [variant.value_id1, variant.value_id2]).where('culture', '=', culture).execute();
  const name = (id: number) => words.find((word) => word.value_id === id)!.display_value;
  return { variantId: Number(variant.id), assetId: Number(variant.asset_id), text: `${name(variant.value_id1)}, ${name(variant.value_id2)}` };
}

describe('a variant\'s options in words and pictures', () => {
  it('names the values in the culture, in variation order, with the colour\'s photo', async () => {
    const expected = await colourVariant(testApp.db, 'de');
    const options = (await variantOptions(testApp.db, { variantIds: [expected.variantId, 99999999], culture: 'de' })).get(expected.variantId)!;
    expect(options.text).toBe(expected.text);
    expect(options.image?.id).toBe(expected.assetId);
    expect(await variantOptions(testApp.db, { variantIds: [], culture: 'de' })).toEqual(new Map());
  });

  it('shows them in the add-to-cart dialog, not the variant code alone', async () => {
    const expected = await colourVariant(testApp.db, 'fr');
    const { agent, api } = await cartVisitor(testApp, '/fr/');
    const added = (await api.add({ ProductVariantId: expected.variantId, Quantity: 1 })).body;
    const answer = await agent.get(`/fr/widget/addedtocart?item=${added.ItemId}&quantity=1`).set('HX-Request', 'true');
    expect(answer.status).toBe(200);
    const html = parseHtml(answer.text);
    expect(textOf(html, '.cart-dialog-options')).toBe(expected.text);
    expect(html.querySelector('img.cart-dialog-picture')!.getAttribute('src')).toMatch(new RegExp(`^/assets/${expected.assetId}/`));
  });

  it('gives an order\'s lines their options in the order\'s culture', async () => {
    const expected = await colourVariant(testApp.db, 'nl');
    const { db } = testApp;
    const france = await db.selectFrom('countries').select('id').where('code', '=', 'FR').executeTakeFirstOrThrow();
    const address = {
      firstName: 'Ada', lastName: 'Lovelace', company: '', street1: '12 Rue Vivienne', street2: '', postalCode: '75002', city: 'Paris',
      countryId: france.id, phone: '', vatNumber: '', accountType: 'Private' as const,
    };
    const line = { variantId: expected.variantId, sku: 'X', name: 'Line', quantity: 1, unitInclCents: 1200, unitExclCents: 1000, totalInclCents: 1200, totalExclCents: 1000, taxRateBp: 2000 };
    const placed = await placeOrder(db, {
      idempotencyKey: `options-${expected.variantId}`, email: 'ada@example.test', userId: null, culture: 'nl', paymentMethod: 'Card', billing: address, shipping: address,
      summary: {
        currency: 'EUR', lines: [line], subtotalInclCents: 1200, subtotalExclCents: 1000, shipping: null, discount: null,
        taxes: [{ rateBp: 2000, cents: 200 }], totalInclCents: 1200, totalExclCents: 1000, taxCents: 200, reverseCharge: false,
      },
    });
    const order = await findOrderById(db, placed.orderId);
    expect(order!.lines[0].options).toEqual(expect.objectContaining({ text: expected.text, image: expect.objectContaining({ id: expected.assetId }) }));
  });
});
