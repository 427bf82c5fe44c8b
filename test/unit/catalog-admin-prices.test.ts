// The product editor's price rules: a typed decimal to cents without floating point, the stored
// tax-excl at the seed's rate, the field's text in each culture, tiers keeping their discount.
import { vatRate } from '../../server/db/seed/catalog-variants';
import { centsOf, decimalText, MAX_PRICE_CENTS, rescaledTiers, STORED_VAT_RATE_BP, storedExclOf } from '../../server/catalog/admin-prices';

describe('product editor prices', () => {
  test('reads a decimal with a comma or a point, at most two decimals, as whole cents', () => {
    expect(centsOf('12,50')).toBe(1250);
    expect(centsOf('12.5')).toBe(1250);
    expect(centsOf(' 7 ')).toBe(700);
    expect(centsOf('0,07')).toBe(7);
    expect(centsOf('999999,99')).toBe(MAX_PRICE_CENTS);
    expect(centsOf('4.35')).toBe(435); // 4.35 * 100 is 434.99999999999994 in floating point
    for (const bad of ['', '-1', '12,505', '1 234,50', '1e3', 'abc', '12,', ',5']) expect(centsOf(bad)).toBeNull();
  });

  test('stores the tax-excl price at the seed\'s own rate, rounded half up', () => {
    expect(STORED_VAT_RATE_BP).toBe(Math.round(vatRate * 10_000));
    expect(storedExclOf(1210)).toBe(1000);
    expect(storedExclOf(1250)).toBe(Math.round(1250 / 1.21));
    for (let cents = 1; cents < 5000; cents += 7) expect(storedExclOf(cents)).toBe(Math.round(cents / (1 + vatRate)));
  });

  test('shows a price as each culture types it, without grouping', () => {
    expect(decimalText(123450, 'fr')).toBe('1234,50');
    expect(decimalText(5, 'de')).toBe('0,05');
    for (const culture of ['nl', 'es', 'it', 'pt']) expect(centsOf(decimalText(99_999_999, culture))).toBe(99_999_999);
  });

  test('tiers keep their share of the price, rounded to 5 cents, never above the price nor below a cent', () => {
    const tiers = [{ minQuantity: 5, priceInclCents: 4745 }, { minQuantity: 10, priceInclCents: 4495 }];
    expect(rescaledTiers(tiers, 4995, 10000)).toEqual([
      { minQuantity: 5, priceInclCents: 9500, priceExclCents: storedExclOf(9500) },
      { minQuantity: 10, priceInclCents: 9000, priceExclCents: storedExclOf(9000) },
    ]);
    expect(rescaledTiers(tiers, 4995, 50).map((tier) => tier.priceInclCents)).toEqual([47, 45]);
    expect(rescaledTiers(tiers, 4995, 1).map((tier) => tier.priceInclCents)).toEqual([1, 1]);
    expect(rescaledTiers([{ minQuantity: 5, priceInclCents: 5000 }], 4995, 4995)[0]!.priceInclCents).toBe(4995);
  });
});
