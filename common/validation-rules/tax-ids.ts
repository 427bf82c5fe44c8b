// Tax identifiers with their check digits. Each country accepts the numbers a shop's customers give
// on an invoice: the personal and the business number where they differ. Separators (spaces, dots,
// dashes, slashes) are ignored; a country prefix of a VAT number is optional.
import { luhn, mod97 } from './finance';

const digitsOf = (text: string) => [...text].map(Number);
const weighted = (digits: number[], weights: number[]) => weights.reduce((sum, weight, index) => sum + weight * digits[index]!, 0);

// NL: BSN (citizens) and RSIN (companies) pass the eleven test; the VAT number NL…B.. passes it or,
// since 2020 for sole traders, mod 97.
function dutch(id: string): boolean {
  const elevenTest = (nine: string) => /^\d{9}$/.test(nine) && nine !== '000000000' && (weighted(digitsOf(nine), [9, 8, 7, 6, 5, 4, 3, 2, -1]) % 11 + 11) % 11 === 0;
  const vat = /^(?:NL)?(\d{9})B\d{2}$/.exec(id);
  if (vat) return elevenTest(vat[1]!) || mod97(`NL${id.replace(/^NL/, '')}`) === 1;
  return elevenTest(id);
}

// UK: the VAT registration number (9 digits, weights 8..2 and the last two, mod 97 or 9755).
function british(id: string): boolean {
  const match = /^(?:GB)?(\d{9})$/.exec(id);
  if (!match) return false;
  const digits = digitsOf(match[1]!);
  const total = weighted(digits, [8, 7, 6, 5, 4, 3, 2]) + Number(match[1]!.slice(7));
  return total % 97 === 0 || (total + 55) % 97 === 0;
}

// US: a TIN, either an EIN (campus prefix, NN-NNNNNNN) or an SSN/ITIN (AAA-GG-SSSS).
const EIN_PREFIXES = /^(0[1-6]|1[0-6]|2[0-7]|3\d|4[0-8]|5\d|6[0-8]|7[1-7]|8[0-8]|9[0-5]|9[89])$/;
function american(raw: string): boolean {
  if (/^\d{2}-\d{7}$/.test(raw)) return EIN_PREFIXES.test(raw.slice(0, 2));
  return /^(?!000|666)\d{3}-?(?!00)\d{2}-?(?!0000)\d{4}$/.test(raw);
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
// ES: NIF of a person (DNI), NIE of a foreign resident, CIF of a company.
function spanish(id: string): boolean {
  const personal = /^([XYZ]|\d)(\d{7})([A-Z])$/.exec(id.replace(/^ES/, ''));
  if (personal) {
    const number = Number(`${'XYZ'.indexOf(personal[1]!) >= 0 ? 'XYZ'.indexOf(personal[1]!) : personal[1]}${personal[2]}`);
    return DNI_LETTERS[number % 23] === personal[3];
  }
  const company = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(id.replace(/^ES/, ''));
  if (!company) return false;
  const sum = digitsOf(company[2]!).reduce((total, digit, index) => total + (index % 2 === 0 ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][digit]! : digit), 0);
  const control = (10 - (sum % 10)) % 10;
  const asLetter = 'JABCDEFGHI'[control];
  if ('KPQRSNW'.includes(company[1]!)) return company[3] === asLetter;
  if ('ABEH'.includes(company[1]!)) return company[3] === String(control);
  return company[3] === String(control) || company[3] === asLetter;
}

// BR: CPF (people, 11 digits) or CNPJ (companies, 14 digits), two check digits each.
function brazilian(id: string): boolean {
  const check = (digits: number[], weights: number[]) => {
    const rest = weighted(digits, weights) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const digits = digitsOf(id);
  if (!/^\d+$/.test(id) || new Set(id).size === 1) return false;
  if (id.length === 11) {
    return check(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]) === digits[9] && check(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) === digits[10];
  }
  const first = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  return id.length === 14 && check(digits, first) === digits[12] && check(digits, [6, ...first]) === digits[13];
}

// PL: NIP, 10 digits, weights 6 5 7 2 3 4 5 6 7, mod 11 is the last digit.
function polish(id: string): boolean {
  const match = /^(?:PL)?(\d{10})$/.exec(id);
  if (!match) return false;
  const digits = digitsOf(match[1]!);
  return weighted(digits, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === digits[9];
}

const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
// IT: the codice fiscale of a person (16 characters, check letter) or a partita IVA (11 digits).
function italian(id: string): boolean {
  const vat = /^(?:IT)?(\d{11})$/.exec(id);
  if (vat) return luhn(vat[1]!);
  if (!/^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/.test(id)) return false;
  const valueOf = (character: string, odd: boolean) => {
    const index = /\d/.test(character) ? Number(character) : character.charCodeAt(0) - 65;
    return odd ? ODD_VALUES[index]! : index;
  };
  const sum = [...id.slice(0, 15)].reduce((total, character, index) => total + valueOf(character, index % 2 === 0), 0);
  return String.fromCharCode(65 + (sum % 26)) === id[15];
}

// CA: the social insurance number or the business number (9 digits, Luhn), with an optional program
// account suffix (RT0001).
function canadian(id: string): boolean {
  const match = /^(\d{9})(?:[A-Z]{2}\d{4})?$/.exec(id);
  return match !== null && match[1] !== '000000000' && luhn(match[1]!);
}

// RU: INN, 10 digits (organisations) or 12 (people), check digits mod 11 mod 10.
function russian(id: string): boolean {
  const digits = digitsOf(id);
  const check = (weights: number[]) => (weighted(digits, weights) % 11) % 10;
  if (!/^\d+$/.test(id)) return false;
  if (id.length === 10) return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === digits[9];
  return id.length === 12 && check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === digits[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === digits[11];
}

const CHECKS = { NL: dutch, UK: british, ES: spanish, BR: brazilian, PL: polish, IT: italian, CA: canadian, RU: russian };

export function isTaxId(country: keyof typeof CHECKS | 'US', value: string): boolean {
  if (country === 'US') return american(value.trim());
  return CHECKS[country](value.toUpperCase().replace(/[\s./-]/g, ''));
}
