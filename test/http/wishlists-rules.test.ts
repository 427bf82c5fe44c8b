// The wishlists' and birth lists' pure rules (no database): the list quantity, name and description, the
// cart line that names a birth list, what is left to give, and the birth date as each culture types it.
import { remainingOf } from '../../server/birth-lists/birth-lists';
import { birthListItemKey, birthListOfLine } from '../../server/birth-lists/cart-lines';
import { birthDateInput, birthDateText } from '../../server/birth-lists/view';
import { BadInput } from '../../server/http/errors';
import { parseListDescription, parseListName, parseListQuantity } from '../../server/wishlists/rules';

function fieldsOf(run: () => unknown): Record<string, string> {
  try {
    run();
  } catch (error) {
    if (error instanceof BadInput) return error.fields;
    throw error;
  }
  throw new Error('no BadInput');
}

describe('parseListQuantity', () => {
  test.each([['1', 1], [' 12 ', 12], [7, 7], [['3', '9'], 3], ['9999', 9999]])('%p is %p', (value, expected) => {
    expect(parseListQuantity(value)).toBe(expected);
  });

  test.each([['0'], ['-1'], ['1.5'], ['abc'], [''], [undefined], ['1e3']])('%p is refused as not a whole number from 1', (value) => {
    expect(fieldsOf(() => parseListQuantity(value))).toEqual({ Quantity: 'Wishlists.QuantityInvalid' });
  });

  test('above 9,999 is refused as above the stock; absent is 1 when not required', () => {
    expect(fieldsOf(() => parseListQuantity('10000'))).toEqual({ Quantity: 'Wishlists.QuantityAboveStock' });
    expect(parseListQuantity(undefined, { required: false })).toBe(1);
  });
});

describe('names and descriptions', () => {
  test('a name is trimmed, required and at most 100 characters', () => {
    expect(parseListName('  Noël  ')).toBe('Noël');
    expect(parseListName('x'.repeat(100))).toHaveLength(100);
    expect(fieldsOf(() => parseListName('   '))).toEqual({ Name: 'Wishlists.NameRequired' });
    expect(fieldsOf(() => parseListName('x'.repeat(101)))).toEqual({ Name: 'Wishlists.NameTooLong' });
  });

  test('a description may be empty, at most 1,000 characters', () => {
    expect(parseListDescription(undefined)).toBe('');
    expect(parseListDescription(' Pour Léa ')).toBe('Pour Léa');
    expect(fieldsOf(() => parseListDescription('x'.repeat(1001)))).toEqual({ Description: 'Wishlists.DescriptionTooLong' });
  });
});

describe('birth lists', () => {
  test('a cart line names its birth list by origin and key, nothing else does', () => {
    expect(birthListOfLine({ origin: 'BirthList', itemKey: birthListItemKey(42) })).toBe(42);
    expect(birthListOfLine({ origin: 'Catalog', itemKey: 'birthlist:42' })).toBeNull();
    expect(birthListOfLine({ origin: 'BirthList', itemKey: 'birthlist:042' })).toBeNull();
    expect(birthListOfLine({ origin: 'BirthList', itemKey: null })).toBeNull();
    expect(birthListOfLine({ variantId: 1 })).toBeNull();
  });

  test('what is left to give never goes below 0', () => {
    expect(remainingOf(3, 1)).toBe(2);
    expect(remainingOf(3, 5)).toBe(0);
  });

  test('the birth date as each culture types it and reads it', () => {
    expect(birthDateInput('fr', '2026-03-14')).toBe('14/03/2026');
    expect(birthDateInput('nl', '2026-03-14')).toBe('14-03-2026');
    expect(birthDateInput('de', '2026-03-14')).toBe('14.03.2026');
    expect(birthDateText('fr', '2026-03-14')).toBe('14 mars 2026');
  });
});
