// Payment identifiers: card numbers (Luhn), IBAN (country length + ISO 7064 mod 97), BIC (ISO 9362).
import type { Rule } from './types';

/** The Luhn checksum over a string of digits. */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

// IBAN lengths of the SWIFT IBAN registry.
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21,
  CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18,
  FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23,
  IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, LY: 25, MC: 27,
  MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24, PL: 28,
  PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27,
  SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

/** ISO 7064 mod 97-10 over upper-case letters (A=10 ... Z=35) and digits: IBANs, and the Dutch VAT number. */
export function mod97(text: string): number {
  let remainder = 0;
  for (const character of text) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

export function isIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) || IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

export const creditcard: Rule = {
  name: 'creditcard',
  specificationText: 'Please enter a valid credit card number.',
  key: 'Validation.CreditCard',
  params: [],
  test: ({ value }) => {
    if (/[^0-9 -]/.test(value)) return false;
    const digits = value.replace(/\D/g, '');
    return digits.length >= 13 && digits.length <= 19 && luhn(digits);
  },
};

export const iban: Rule = {
  name: 'iban',
  specificationText: 'Please specify a valid IBAN.',
  key: 'Validation.Iban',
  params: [],
  test: ({ value }) => isIban(value),
};

export const bic: Rule = {
  name: 'bic',
  specificationText: 'Please specify a valid BIC code.',
  key: 'Validation.Bic',
  params: [],
  test: ({ value }) => /^([A-Z]{6}[A-Z2-9][A-NP-Z0-9])(X{3}|[A-WY-Z0-9][A-Z0-9]{2})?$/.test(value.trim().toUpperCase()),
};
