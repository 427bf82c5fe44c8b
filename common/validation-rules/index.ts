// Every rule by name: the server's schema and the browser's jquery-validation methods both read this.
import { greaterthan, greaterthanequal, lessthan, lessthanequal } from './compare';
import { date, time } from './date';
import { enforcetrue, equalto, mandatory, notequalto, require_from_group, requiredif, requiredor } from './dependent';
import { extension, maxfiles, maxsize, maxsizetotal } from './files';
import { bic, creditcard, iban } from './finance';
import { phone, postalcode, taxid } from './national';
import { ipv4, ipv6, netmask } from './network';
import { email, integer, maxlength, minlength, number, pattern, range, regex, required } from './text';
import type { Rule } from './types';
import { alphanumeric, lettersonly, maxwords, minwords, nowhitespace, rangewords } from './words';

export type { FileInfo, Rule, RuleInput, RuleParams } from './types';
export { formatMessage, isBlank, passes } from './types';
export { parseDate, shortDateFormat } from './date';
export { parseNumber } from './text';
export { COUNTRIES, type Country, isPostalCode } from './national';

const all: Rule[] = [
  required, maxlength, minlength, email, regex, pattern, number, integer, range, date, time,
  equalto, notequalto, requiredif, requiredor, mandatory, enforcetrue, require_from_group,
  maxwords, minwords, rangewords, alphanumeric, lettersonly, nowhitespace,
  creditcard, iban, bic, ipv4, ipv6, netmask, phone, postalcode, taxid,
  extension, maxfiles, maxsize, maxsizetotal, greaterthan, greaterthanequal, lessthan, lessthanequal,
];

export const rules: Readonly<Record<string, Rule>> = Object.fromEntries(all.map((rule) => [rule.name, rule]));
