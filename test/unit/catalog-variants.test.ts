import { selectVariant, unitPrice } from '../../server/catalog/product-selection';
import type { VariantRecord, Variation } from '../../server/catalog/variants-data';
import { attributesModel, isUnavailable, resolveVariant, type VariationAttribute } from '../../server/catalog/variants';

// Colours red (1), blue (2), green (3); sizes S (10), M (11), L (12).
// red: S, M; blue: M, L (L inactive); green: S only, out of stock.
function variant(id: number, colour: number, size: number, extra: Partial<VariantRecord> = {}): VariantRecord {
  return {
    id,
    productId: 1,
    sku: `SKU-${id}`,
    valueIds: [colour, size, null],
    priceInclCents: 1210,
    priceExclCents: 1000,
    currency: 'EUR',
    stockMode: 'Managed',
    lowStockThreshold: 5,
    stockQuantity: 10,
    stockState: 'InStock',
    isActive: true,
    isDefault: false,
    position: id,
    ...extra,
  };
}

const variants = [
  variant(1, 1, 10),
  variant(2, 1, 11, { isDefault: true }),
  variant(3, 2, 11),
  variant(4, 2, 12, { isActive: false }),
  variant(5, 3, 10, { stockQuantity: 0, stockState: 'OutOfStock' }),
];

const attributes: VariationAttribute[] = [
  {
    position: 1,
    attributeId: 100,
    name: 'Colour',
    displayType: 'Square',
    values: [1, 2, 3].map((id) => ({ id, displayValue: `c${id}`, colorCodes: ['#000', null, null] })),
  },
  { position: 2, attributeId: 200, name: 'Size', displayType: 'List', values: [10, 11, 12].map((id) => ({ id, displayValue: `s${id}`, colorCodes: [null, null, null] })) },
];

describe('resolveVariant', () => {
  it('picks the exact combination', () => {
    expect(resolveVariant(variants, [2, 11])?.id).toBe(3);
  });

  it('prefers the default variant when nothing is chosen', () => {
    expect(resolveVariant(variants, [null, null])?.id).toBe(2);
  });

  it('keeps the first position when the combination does not exist (colour wins, first size of it)', () => {
    expect(resolveVariant(variants, [3, 11])?.id).toBe(5);
    expect(resolveVariant(variants, [2, 10])?.id).toBe(3);
  });

  it('never picks an inactive variant', () => {
    expect(resolveVariant(variants, [2, 12])?.id).toBe(3);
  });

  it('ignores a value the product does not have', () => {
    expect(resolveVariant(variants, [99, 10])?.id).toBe(1);
  });

  it('answers null without active variants', () => {
    expect(resolveVariant([variant(9, 1, 10, { isActive: false })], [1, 10])).toBeNull();
  });
});

describe('IsUnavailable', () => {
  it('marks a value no active variant has with the other chosen values', () => {
    expect(isUnavailable(variants, [2, 11], 2, 12)).toBe(true); // blue L is inactive
    expect(isUnavailable(variants, [2, 11], 2, 10)).toBe(true); // no blue S
    expect(isUnavailable(variants, [2, 11], 2, 11)).toBe(false);
    expect(isUnavailable(variants, [2, 11], 1, 3)).toBe(true); // no green M
    expect(isUnavailable(variants, [2, 11], 1, 1)).toBe(false); // red M
  });

  it('keeps out-of-stock variants available (so their stock notification can be asked)', () => {
    expect(isUnavailable(variants, [1, 10], 1, 3)).toBe(false);
  });

  it('with nothing chosen elsewhere, only asks for an active variant with the value', () => {
    expect(isUnavailable(variants, [null, null], 2, 12)).toBe(true);
    expect(isUnavailable(variants, [null, null], 2, 10)).toBe(false);
  });
});

describe('attributesModel', () => {
  it('has the field names of the specification', () => {
    const [colour, size] = attributesModel(attributes, variants, [2, 11]);
    expect(colour.VariationDisplayTypeValue).toBe('Square');
    expect(size.VariationDisplayTypeValue).toBe('List');
    expect(colour.ProductAttributeValuesViewModel[1]).toEqual({
      ProductAttributeValueId: 2,
      DisplayValue: 'c2',
      IsUnavailable: false,
      IsSelected: true,
      ColorCode1: '#000',
      ColorCode2: null,
      ColorCode3: null,
    });
    expect(size.ProductAttributeValuesViewModel.map((value) => value.IsUnavailable)).toEqual([true, false, true]);
  });
});

describe('selectVariant', () => {
  const variation: Variation = { attributes, variants };
  const product = { minQty: 1, maxQty: 0, stepQty: 1 };

  it('uses ?productVariantId= only when no value is chosen', () => {
    expect(selectVariant(product, variation, { choice: [null, null, null], variantId: 3, quantity: '' }).variant?.id).toBe(3);
    expect(selectVariant(product, variation, { choice: [1, null, null], variantId: 3, quantity: '' }).variant?.id).toBe(2);
    expect(selectVariant(product, variation, { choice: [null, null, null], variantId: 4, quantity: '' }).variant?.id).toBe(2);
  });

  it('corrects the quantity and applies the no-JS plus and minus', () => {
    const rules = { minQty: 2, maxQty: 10, stepQty: 2 };
    expect(selectVariant(rules, variation, { choice: [], variantId: null, quantity: 'abc' }).quantity).toBe(2);
    expect(selectVariant(rules, variation, { choice: [], variantId: null, quantity: '4', quantityStep: 1 }).quantity).toBe(6);
    expect(selectVariant(rules, variation, { choice: [], variantId: null, quantity: '2', quantityStep: -1 }).quantity).toBe(2);
  });

  it('flags the stock message and an unsellable variant', () => {
    const many = selectVariant(product, variation, { choice: [1, 10], variantId: null, quantity: '11' });
    expect(many.exceedsStock).toBe(true);
    expect(many.canBeSold).toBe(true);
    const green = selectVariant(product, variation, { choice: [3, 10], variantId: null, quantity: '1' });
    expect(green.canBeSold).toBe(false);
    expect(green.exceedsStock).toBe(true);
    expect(green.chosen).toEqual([3, 10]);
  });

  it('sells nothing once the product\'s sale has ended', () => {
    const now = Date.UTC(2026, 0, 15);
    const choice = { choice: [1, 10], variantId: null, quantity: '1' };
    expect(selectVariant({ ...product, availableUntil: now + 60_000 }, variation, choice, now).canBeSold).toBe(true);
    const ended = selectVariant({ ...product, availableUntil: now }, variation, choice, now);
    expect(ended.variant?.id).toBe(1);
    expect(ended.canBeSold).toBe(false);
  });

  it('never shows the stock message for OnOrder', () => {
    const onOrder = { attributes, variants: [variant(7, 1, 10, { stockMode: 'OnOrder', stockQuantity: 0, stockState: 'OnOrder' })] };
    const selection = selectVariant(product, onOrder, { choice: [1, 10], variantId: null, quantity: '50' });
    expect(selection.exceedsStock).toBe(false);
    expect(selection.canBeSold).toBe(true);
  });
});

describe('unitPrice', () => {
  const tiers = [
    { minQuantity: 5, priceInclCents: 1100, priceExclCents: 909 },
    { minQuantity: 10, priceInclCents: 1000, priceExclCents: 826 },
  ];
  it('takes the highest tier reached, else the variant price', () => {
    expect(unitPrice(variants[0], tiers, 4)).toEqual({ inclCents: 1210, exclCents: 1000 });
    expect(unitPrice(variants[0], tiers, 5)).toEqual({ inclCents: 1100, exclCents: 909 });
    expect(unitPrice(variants[0], tiers, 25)).toEqual({ inclCents: 1000, exclCents: 826 });
  });
});
