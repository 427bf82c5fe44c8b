import {
  atCeiling,
  atFloor,
  correctQuantity,
  isValidQuantity,
  parseQuantity,
  quantityBounds,
  quantityRules,
  stepQuantity,
} from '../../common/quantity';

describe('quantity rules from min-qty, max-qty and step-qty', () => {
  it('default to min 1, step 1 and no maximum', () => {
    expect(quantityRules({})).toEqual({ min: 1, step: 1, max: null });
    expect(quantityRules({ minQty: '', maxQty: '0', stepQty: 'x' })).toEqual({ min: 1, step: 1, max: null });
  });

  it('read attribute strings and database numbers alike', () => {
    expect(quantityRules({ minQty: '2', maxQty: '20', stepQty: '2' })).toEqual({ min: 2, step: 2, max: 20 });
    expect(quantityRules({ minQty: 3, maxQty: 0, stepQty: 3 })).toEqual({ min: 3, step: 3, max: null });
  });

  it('ignore a maximum below the minimum', () => {
    expect(quantityRules({ minQty: 5, maxQty: 2 }).max).toBeNull();
  });
});

describe('parseQuantity', () => {
  it.each([
    ['3', 3],
    [' 4 ', 4],
    ['2,5', 2.5],
    ['abc', 0],
    ['', 0],
    ['3x', 0],
    [undefined, 0],
    [Number.NaN, 0],
    [7, 7],
  ])('reads %p as %p (a non-number becomes 0)', (typed, expected) => {
    expect(parseQuantity(typed)).toBe(expected);
  });
});

describe('correctQuantity rounds to a step multiple and clamps', () => {
  const byTwo = quantityRules({ minQty: 2, maxQty: 20, stepQty: 2 });
  it.each([
    ['7', 8],
    ['6.9', 6],
    ['5', 6],
    ['0', 2],
    ['-4', 2],
    ['abc', 2],
    ['21', 20],
    ['100', 20],
    ['12', 12],
  ])('%p -> %p (min 2, max 20, step 2)', (typed, expected) => {
    expect(correctQuantity(typed, byTwo)).toBe(expected);
  });

  it('keeps whole steps when the minimum is not one', () => {
    const rules = quantityRules({ minQty: 3, maxQty: 10, stepQty: 4 });
    expect(quantityBounds(rules)).toEqual({ floor: 4, ceiling: 8 });
    expect(correctQuantity('1', rules)).toBe(4);
    expect(correctQuantity('11', rules)).toBe(8);
  });

  it('has no ceiling without a maximum', () => {
    expect(correctQuantity('999', quantityRules({}))).toBe(999);
  });
});

describe('isValidQuantity: a change is propagated only when valid', () => {
  const rules = quantityRules({ minQty: 2, maxQty: 10, stepQty: 1 });
  it.each([
    ['2', true],
    ['10', true],
    ['1', false],
    ['11', false],
    ['', false],
    ['abc', false],
    ['4e', false],
  ])('%p is %p', (typed, expected) => {
    expect(isValidQuantity(typed, rules)).toBe(expected);
  });
});

describe('plus and minus', () => {
  const rules = quantityRules({ minQty: 2, maxQty: 6, stepQty: 2 });
  it('step within the limits', () => {
    expect(stepQuantity('2', rules, 1)).toBe(4);
    expect(stepQuantity('6', rules, 1)).toBe(6);
    expect(stepQuantity('4', rules, -1)).toBe(2);
    expect(stepQuantity('2', rules, -1)).toBe(2);
    expect(stepQuantity('abc', rules, 1)).toBe(4);
  });

  it('are disabled at the floor and the ceiling', () => {
    expect(atFloor('2', rules)).toBe(true);
    expect(atFloor('0', rules)).toBe(true);
    expect(atFloor('4', rules)).toBe(false);
    expect(atCeiling('6', rules)).toBe(true);
    expect(atCeiling('4', rules)).toBe(false);
    expect(atCeiling('999', quantityRules({}))).toBe(false);
  });
});
