// Phone numbers, postal codes and tax IDs of the countries the shop serves, one rule each with a
// 'country' parameter (NL, UK, US, ES, BR, PL, IT, CA, RU). Patterns follow jquery-validation's
// additional methods where it has one, and the national numbering plans where it has none.
import { isTaxId } from './tax-ids';
import type { Rule } from './types';

export const COUNTRIES = ['NL', 'UK', 'US', 'ES', 'BR', 'PL', 'IT', 'CA', 'RU'] as const;
export type Country = (typeof COUNTRIES)[number];

const spaces = (value: string) => value.replace(/\s+/g, '');
const separators = (value: string) => value.replace(/\(|\)|\s+|-/g, '');
const NANP = /^(\+?1-?)?(\([2-9]([02-9]\d|1[02-9])\)|[2-9]([02-9]\d|1[02-9]))-?[2-9]\d{2}-?\d{4}$/;

const PHONES: Record<Country, (value: string) => boolean> = {
  NL: (value) => /^((\+|00(\s|\s?-\s?)?)31(\s|\s?-\s?)?(\(0\)[-\s]?)?|0)[1-9]((\s|\s?-\s?)?[0-9]){8}$/.test(value),
  // Landlines 01-03 and mobiles 07 (no premium numbers).
  UK: (value) => /^(?:(?:00|\+)44|0)(?:1\d{8,9}|[23]\d{9}|7(?:[1345789]\d{8}|624\d{6}))$/.test(separators(value)),
  US: (value) => NANP.test(spaces(value)),
  CA: (value) => NANP.test(spaces(value)),
  // Nine digits: 6 and 7 mobiles, 8 and 9 landlines.
  ES: (value) => /^(?:(?:\+|00)34)?[6-9]\d{8}$/.test(separators(value)),
  // Area code 11-99, then eight digits (landline 2-5) or nine starting with 9 (mobile).
  BR: (value) => /^(?:(?:\+|00)?55)?0?[1-9][1-9](?:9\d{8}|[2-5]\d{7})$/.test(separators(value)),
  PL: (value) =>
    /^(?:(?:(?:\+|00)?48)|(?:\(\+?48\)))?(?:1[2-8]|2[2-69]|3[2-49]|4[1-68]|5[0-9]|6[0-35-9]|[7-8][1-9]|9[145])\d{7}$/.test(spaces(value)),
  // Landlines start with 0 (6 to 11 digits), mobiles with 3 (9 or 10 digits).
  IT: (value) => /^(?:(?:\+|00)39)?(?:0\d{5,10}|3\d{8,9})$/.test(separators(value)),
  RU: (value) => /^(?:\+7|7|8)\d{10}$/.test(separators(value)),
};

const POSTAL_CODES: Record<Country, RegExp> = {
  NL: /^[1-9][0-9]{3}\s?[a-zA-Z]{2}$/,
  UK: /^((([A-PR-UWYZ][0-9])|([A-PR-UWYZ][0-9][0-9])|([A-PR-UWYZ][A-HK-Y][0-9])|([A-PR-UWYZ][A-HK-Y][0-9][0-9])|([A-PR-UWYZ][0-9][A-HJKSTUW])|([A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY]))\s?([0-9][ABD-HJLNP-UW-Z]{2})|(GIR)\s?(0AA))$/i,
  US: /^\d{5}(-\d{4})?$/,
  // Two digits of the province (01-52), three of the district.
  ES: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
  BR: /^\d{2}\.?\d{3}-?\d{3}$/,
  PL: /^\d{2}-\d{3}$/,
  IT: /^\d{5}$/,
  CA: /^[ABCEGHJKLMNPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
  RU: /^\d{6}$/,
};

// The other countries the shop ships to, from their postal administrations' published formats.
const MORE_POSTAL_CODES: Record<string, RegExp> = {
  // Five digits, the first two the département (01-95, 97-98 overseas; 2A/2B are written 20).
  FR: /^(?:0[1-9]|[1-8]\d|9[0-8])\d{3}$/,
  // Four digits, 1000-9999 (BE, AT, CH); LU and CH with an optional country letter prefix.
  BE: /^[1-9]\d{3}$/,
  AT: /^[1-9]\d{3}$/,
  CH: /^(?:CH-?)?[1-9]\d{3}$/i,
  LU: /^(?:L-?)?\d{4}$/i,
  // Five digits, 01001-99998.
  DE: /^(?!00)\d{5}$/,
  // Four digits, a hyphen, three digits (CP7).
  PT: /^[1-9]\d{3}-\d{3}$/,
};

/** Whether a postal code has the format of a country (ISO code; GB is the spec's UK); an unknown country has no rule: true. */
export function isPostalCode(countryCode: string, value: string): boolean {
  const code = countryCode.toUpperCase() === 'GB' ? 'UK' : countryCode.toUpperCase();
  const pattern = POSTAL_CODES[code as Country] ?? MORE_POSTAL_CODES[code];
  return pattern ? pattern.test(value.trim()) : true;
}

/** A country's ISO code from the value of its select ('12' with countries '12:FR 13:BE'), or the value itself when it is a code. */
function countryCodeOf(value: string, countries: string | undefined): string | null {
  for (const pair of (countries ?? '').split(/\s+/)) {
    const [id, code] = pair.split(':');
    if (id === value && code) return code;
  }
  return /^[A-Za-z]{2}$/.test(value) ? value : null;
}

const countryOf = (country: string | undefined) => (COUNTRIES as readonly string[]).includes(country ?? '') ? (country as Country) : null;

export const phone: Rule = {
  name: 'phone',
  specificationText: 'Please specify a valid phone number.',
  key: 'Validation.Phone',
  params: ['country'],
  test: ({ value }, { country }) => {
    const known = countryOf(country);
    return known !== null && PHONES[known](value.trim());
  },
};

export const postalcode: Rule = {
  name: 'postalcode',
  specificationText: 'Please specify a valid postal code.',
  key: 'Validation.PostalCode',
  // country: a fixed country; or countryfield, the field holding the country chosen, with countries
  // mapping its option values to ISO codes (a country it cannot name is left to the server, which knows it).
  params: ['country', 'countryfield', 'countries'],
  test: ({ value, valueOf }, { country, countryfield, countries }) => {
    if (countryfield) {
      const code = countryCodeOf(valueOf(countryfield).trim(), countries);
      return code === null || isPostalCode(code, value);
    }
    const known = countryOf(country);
    return known !== null && POSTAL_CODES[known].test(value.trim());
  },
};

export const taxid: Rule = {
  name: 'taxid',
  specificationText: 'Please specify a valid tax ID.',
  key: 'Validation.TaxId',
  params: ['country'],
  test: ({ value }, { country }) => {
    const known = countryOf(country);
    return known !== null && isTaxId(known, value.trim());
  },
};
