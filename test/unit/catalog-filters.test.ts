import { BadInput } from '../../server/http/errors';
import { emptyFilter, parseFilterParam, serializeFilter, toggleValue } from '../../server/catalog/filters';
import { filterFromFacetFields, isFacetFormSubmission } from '../../server/catalog/filters-form';

function badFields(run: () => unknown): Record<string, string> {
  try {
    run();
  } catch (error) {
    if (error instanceof BadInput) return error.fields;
    throw error;
  }
  throw new Error('expected a BadInput');
}

describe('the filter object (query parameter filter)', () => {
  it('reads lists of ids, single values and ProductAttributes into one canonical form', () => {
    const filter = parseFilterParam('{"Brands":[5,3,5],"Categories":12,"ProductAttributes":{"7":[44,"41"],"2":[]},"Price":"0-2500"}');
    expect(filter).toEqual({ Categories: [12], Brands: [3, 5], Tags: [], ProductAttributes: { '7': [41, 44] }, Price: '0-2500' });
    expect(serializeFilter(filter)).toBe('{"Categories":[12],"Brands":[3,5],"ProductAttributes":{"7":[41,44]},"Price":"0-2500"}');
  });

  it('treats a missing or empty parameter as no filter', () => {
    expect(parseFilterParam(undefined)).toEqual(emptyFilter());
    expect(parseFilterParam('')).toEqual(emptyFilter());
    expect(parseFilterParam('{"Brands":[]}')).toEqual(emptyFilter());
    expect(serializeFilter(emptyFilter())).toBe('');
  });

  it.each([
    ['malformed JSON', '{"Brands":[3'],
    ['a non-numeric id', '{"Brands":["abc"]}'],
    ['a negative id', '{"Categories":[-1]}'],
    ['a fractional id', '{"Tags":[1.5]}'],
    ['an unknown key', '{"Colours":[1]}'],
    ['a non-numeric attribute id', '{"ProductAttributes":{"x":[1]}}'],
    ['an attribute map that is a list', '{"ProductAttributes":[1]}'],
    ['a bad price band', '{"Price":"cheap"}'],
    ['an empty price band', '{"Price":"-"}'],
    ['a reversed price band', '{"Price":"5000-100"}'],
    ['a JSON array', '[1,2]'],
    ['too many ids', JSON.stringify({ Brands: Array.from({ length: 51 }, (_, index) => index + 1) })],
  ])('refuses %s with a field message', (_case, raw) => {
    expect(badFields(() => parseFilterParam(raw))).toEqual({ filter: 'Catalog.InvalidFilter' });
  });

  it('refuses a repeated parameter (an array from the query string)', () => {
    expect(badFields(() => parseFilterParam(['{}', '{}']))).toEqual({ filter: 'Catalog.InvalidFilter' });
  });

  it('toggles one value on and off, per group', () => {
    let filter = toggleValue(emptyFilter(), 'Brands', 3);
    filter = toggleValue(filter, 'ProductAttributes.7', 41);
    filter = toggleValue(filter, 'Price', '2500-5000');
    expect(serializeFilter(filter)).toBe('{"Brands":[3],"ProductAttributes":{"7":[41]},"Price":"2500-5000"}');
    filter = toggleValue(filter, 'ProductAttributes.7', 41);
    filter = toggleValue(filter, 'Price', '2500-5000');
    expect(serializeFilter(filter)).toBe('{"Brands":[3]}');
    expect(serializeFilter(toggleValue(filter, 'Brands', 3))).toBe('');
  });
});

describe('the facet form fields', () => {
  it('build the filter object from checkboxes and a radio', () => {
    const query = { facets: '1', Brands: ['5', '3'], Categories: '12', 'ProductAttributes.7': ['44', '41'], Price: '0-2500', sort: 'name' };
    expect(isFacetFormSubmission(query)).toBe(true);
    expect(serializeFilter(filterFromFacetFields(query))).toBe('{"Categories":[12],"Brands":[3,5],"ProductAttributes":{"7":[41,44]},"Price":"0-2500"}');
  });

  it('give no filter when nothing is ticked', () => {
    expect(filterFromFacetFields({ facets: '1', Price: '' })).toEqual(emptyFilter());
  });

  it('refuse non-numeric values and bad bands, naming each field', () => {
    expect(badFields(() => filterFromFacetFields({ Brands: 'x', 'ProductAttributes.7': '0', Price: ['1-2', '3-4'] }))).toEqual({
      Brands: 'Catalog.InvalidFilter',
      'ProductAttributes.7': 'Catalog.InvalidFilter',
      Price: 'Catalog.InvalidFilter',
    });
  });
});
