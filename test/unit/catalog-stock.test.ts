import { exceedsStock, isSellable, saleEnded, stockState } from '../../common/stock';
import { decimalAmount, formatMoney } from '../../server/shared/money';

describe('stockState', () => {
  it.each([
    ['NoManagement', 0, 5, 'NoManagement'],
    ['Managed', 0, 5, 'OutOfStock'],
    ['OnOrder', 0, 5, 'OnOrder'],
    ['OnOrder', 3, 5, 'LowStock'],
    ['Managed', 5, 5, 'LowStock'],
    ['Managed', 6, 5, 'InStock'],
  ] as const)('%s with %i (threshold %i) is %s', (mode, quantity, threshold, state) => {
    expect(stockState(mode, quantity, threshold)).toBe(state);
  });

  it('asks for the stock message only when counted stock cannot cover the quantity', () => {
    expect(exceedsStock('InStock', 3, 4)).toBe(true);
    expect(exceedsStock('InStock', 3, 3)).toBe(false);
    expect(exceedsStock('OnOrder', 0, 10)).toBe(false);
    expect(exceedsStock('NoManagement', 0, 10)).toBe(false);
  });
});

describe('the selling rule', () => {
  const now = Date.UTC(2026, 0, 15);

  it('sells an active variant that is not out of stock, on order or low included', () => {
    for (const stockState of ['InStock', 'LowStock', 'OnOrder', 'NoManagement'] as const) expect(isSellable({ isActive: true, stockState })).toBe(true);
    expect(isSellable({ isActive: true, stockState: 'OutOfStock' })).toBe(false);
    expect(isSellable({ isActive: false, stockState: 'InStock' })).toBe(false);
  });

  it('stops selling once the product\'s sale has ended (the end date itself included)', () => {
    expect(saleEnded(null, now)).toBe(false);
    expect(saleEnded(now + 1, now)).toBe(false);
    expect(saleEnded(now, now)).toBe(true);
    expect(isSellable({ isActive: true, stockState: 'InStock' }, { availableUntil: now + 1, now })).toBe(true);
    expect(isSellable({ isActive: true, stockState: 'InStock' }, { availableUntil: now - 1, now })).toBe(false);
  });
});

describe('money', () => {
  it('formats cents for the culture', () => {
    expect(formatMoney({ cents: 123456, currency: 'EUR' }, 'fr').replace(/\s/g, ' ')).toBe('1 234,56 €');
    expect(formatMoney({ cents: 123456, currency: 'EUR' }, 'nl')).toMatch(/€\s?1\.234,56/);
    expect(decimalAmount(1250)).toBe('12.50');
  });
});
