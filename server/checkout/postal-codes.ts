// The browser checks a postal code against the country chosen in the same form (common/validation-rules
// postalcode with countryfield): the country selects hold ids, so the postal-code fields carry the map
// from those ids to ISO codes (data-val-postalcode-countries="12:FR 13:BE").
import type { Form, FormShape, Translate } from '../forms';
import type { Country } from '../shipping/data';

/** The form as views render it, its postal-code fields (a countryfield rule) with the countries' codes added. */
export function withCountryCodes<S extends FormShape>(form: Form<S>, countries: Pick<Country, 'id' | 'code'>[]): Form<S> {
  const map = countries.map((country) => `${country.id}:${country.code}`).join(' ');
  const hasCountryField = (name: string) => form.fields[name]?.uses.some((use) => use.rule === 'postalcode' && use.params.countryfield) ?? false;
  return {
    ...form,
    attributes(name: keyof S & string, t: Translate) {
      const attributes = form.attributes(name, t);
      return hasCountryField(name) ? `${attributes} data-val-postalcode-countries="${map}"` : attributes;
    },
  };
}
