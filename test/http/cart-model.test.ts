import { type Cart, toCart } from '../../server/cart/cart';
import { findCartRowOfToken, setCartPickupPoint } from '../../server/cart/data';
import { exclOf, summarizeCart } from '../../server/cart/pricing';
import { useTestApp } from '../support/app';

const testApp = useTestApp();

async function cartWith(items: { variantId: number; quantity: number }[], set: Partial<Record<'shipping_country_id' | 'shipping_method_id', number>> = {}) {
  const now = Date.now();
  const row = await testApp.db
    .insertInto('carts')
    .values({ token: `t${Math.random().toString(36).slice(2).padEnd(31, 'x')}`.slice(0, 32), currency: 'EUR', created_at: now, updated_at: now, ...set })
    .returning(['id', 'token'])
    .executeTakeFirstOrThrow();
  for (const item of items) {
    await testApp.db.insertInto('cart_items').values({ cart_id: row.id, variant_id: item.variantId, quantity: item.quantity, origin: 'Catalog', created_at: now }).execute();
  }
  const cart: Cart = {
    id: row.id, token: row.token, userId: null, currency: 'EUR', shippingCountryId: set.shipping_country_id ?? null, billingCountryId: null,
    cityId: null, shippingMethodId: set.shipping_method_id ?? null, couponCode: null, pickupPoint: null, vatNumber: null,
  };
  return cart;
}

async function someVariants(count: number) {
  return testApp.db.selectFrom('product_variants').select(['id', 'price_incl_cents']).where('is_active', '=', 1).orderBy('id').limit(count).execute();
}

describe('sales reference seed (migration 006)', () => {
  it('holds the EU countries, CH and GB with their standard VAT rates in basis points and names in six cultures', async () => {
    const countries = await testApp.db.selectFrom('countries').select(['id', 'code', 'vat_rate_bp', 'is_eu']).execute();
    const byCode = Object.fromEntries(countries.map((country) => [country.code, country]));
    expect(Object.keys(byCode).sort()).toEqual(['AT', 'BE', 'CH', 'DE', 'ES', 'FR', 'GB', 'IT', 'LU', 'NL', 'PT']);
    expect(byCode.FR.vat_rate_bp).toBe(2000);
    expect(byCode.DE.vat_rate_bp).toBe(1900);
    expect(byCode.LU.vat_rate_bp).toBe(1700);
    expect(byCode.CH.vat_rate_bp).toBe(810);
    expect(Number(byCode.CH.is_eu)).toBe(0);
    const names = await testApp.db.selectFrom('country_translations').select(['culture', 'name']).where('country_id', '=', byCode.DE.id).execute();
    expect(Object.fromEntries(names.map((name) => [name.culture, name.name]))).toEqual({
      fr: 'Allemagne', nl: 'Duitsland', es: 'Alemania', de: 'Deutschland', it: 'Germania', pt: 'Alemanha',
    });
  });

  it('has standard, express and a pickup-point method on the static carrier, and cities with postal codes', async () => {
    const methods = await testApp.db.selectFrom('shipping_methods').select(['code', 'carrier']).orderBy('position').execute();
    expect(methods).toEqual([
      { code: 'standard', carrier: 'none' },
      { code: 'express', carrier: 'none' },
      { code: 'pickup-point', carrier: 'static' },
    ]);
    const paris = await testApp.db.selectFrom('cities').select(['postal_code']).where('name', '=', 'Paris').executeTakeFirstOrThrow();
    expect(paris.postal_code).toBe('75001');
  });
});

describe('summarizeCart', () => {
  it('reconciles: lines + shipping − discount = total, incl = excl + tax, at the shipping country rate', async () => {
    const variants = await someVariants(2);
    const de = await testApp.db.selectFrom('countries').select('id').where('code', '=', 'DE').executeTakeFirstOrThrow();
    const express = await testApp.db.selectFrom('shipping_methods').select(['id', 'price_incl_cents']).where('code', '=', 'express').executeTakeFirstOrThrow();
    const cart = await cartWith([{ variantId: variants[0].id, quantity: 3 }, { variantId: variants[1].id, quantity: 1 }], {
      shipping_country_id: de.id,
      shipping_method_id: express.id,
    });
    const summary = await summarizeCart(testApp.db, cart, { culture: 'fr' });
    expect(summary.itemsCount).toBe(4);
    expect(summary.lines).toHaveLength(2);
    expect(summary.lines[0].quantity).toBe(3);
    expect(summary.lines[0].name).not.toBe('');
    for (const line of summary.lines) {
      expect(Number.isInteger(line.totalInclCents)).toBe(true);
      expect(line.totalExclCents).toBe(exclOf(line.totalInclCents, 1900));
    }
    expect(summary.shipping).toEqual({ methodId: express.id, inclCents: express.price_incl_cents, exclCents: exclOf(express.price_incl_cents, 1900) });
    const lines = summary.lines.reduce((sum, line) => sum + line.totalInclCents, 0);
    expect(summary.totalInclCents).toBe(lines + summary.shipping!.inclCents);
    expect(summary.totalInclCents).toBe(summary.totalExclCents + summary.taxCents);
    expect(summary.taxes).toEqual([{ rateBp: 1900, cents: summary.taxCents }]);
    expect(summary.taxCents).toBeGreaterThan(0);
  });

  it('applies no tax under the reverse charge, and totals still reconcile', async () => {
    const variants = await someVariants(1);
    const cart = await cartWith([{ variantId: variants[0].id, quantity: 2 }]);
    const summary = await summarizeCart(testApp.db, cart, { culture: 'fr', reverseCharge: true });
    expect(summary.taxCents).toBe(0);
    expect(summary.totalInclCents).toBe(summary.totalExclCents);
    expect(summary.lines[0].unitInclCents).toBe(exclOf(variants[0].price_incl_cents, 2000));
  });
});

describe('setCartPickupPoint', () => {
  it('stores the saved-pickup-point payload as JSON and clears it with null', async () => {
    const cart = await cartWith([]);
    await setCartPickupPoint(testApp.db, cart.id, { PickupPointId: 7, PickupPointName: 'Relais' });
    const row = await testApp.db.selectFrom('carts').select('pickup_point').where('id', '=', cart.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.pickup_point!)).toEqual({ PickupPointId: 7, PickupPointName: 'Relais' });
    await setCartPickupPoint(testApp.db, cart.id, null);
    const cleared = await testApp.db.selectFrom('carts').select('pickup_point').where('id', '=', cart.id).executeTakeFirstOrThrow();
    expect(cleared.pickup_point).toBeNull();
  });
});

describe('toCart', () => {
  it('drops a stored pickup point that is not JSON, and logs it', async () => {
    const cart = await cartWith([]);
    await testApp.db.updateTable('carts').set({ pickup_point: '{not json' }).where('id', '=', cart.id).execute();
    const row = await findCartRowOfToken(testApp.db, { token: cart.token });
    const warn = jest.fn();
    expect(toCart(row!, { warn } as never).pickupPoint).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ cartId: cart.id }), expect.any(String));
  });
});
