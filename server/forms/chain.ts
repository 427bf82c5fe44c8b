// The chainable rule methods of a field, one per rule of common/validation-rules. Each records the
// rule and its parameters (as the strings the data-val-{rule}-{param} attributes carry).
import type { Country, RuleParams } from '../../common/validation-rules';

export interface RuleUse {
  rule: string;
  params: RuleParams;
  /** A locale key replacing the rule's own message. */
  key?: string;
}

export interface RequiredIfCondition {
  equals?: string | boolean;
  notEquals?: string | boolean;
}

const list = (names: readonly string[]) => names.join(',');
const source = (pattern: string | RegExp) => (typeof pattern === 'string' ? pattern : pattern.source);

function requiredIfParams(other: string, { equals, notEquals }: RequiredIfCondition): RuleParams {
  if (equals === undefined && notEquals === undefined) throw new Error('requiredif() needs equals or notEquals');
  return equals !== undefined
    ? { other, operator: 'equals', value: String(equals) }
    : { other, operator: 'notequals', value: String(notEquals) };
}

export class RuleChain {
  readonly uses: RuleUse[] = [];

  /** Adds any rule by name (the methods below are shorthands). */
  rule(rule: string, params: RuleParams = {}, key?: string): this {
    this.uses.push(key ? { rule, params, key } : { rule, params });
    return this;
  }

  /** Shows the locale text `key` instead of the rule's own message. */
  message(rule: string, key: string): this {
    const use = this.uses.find((candidate) => candidate.rule === rule);
    if (!use) throw new Error(`message(): the field has no ${rule} rule`);
    use.key = key;
    return this;
  }

  // Presence
  required(): this { return this.rule('required'); }
  mandatory(): this { return this.rule('mandatory'); }
  enforcetrue(): this { return this.rule('enforcetrue'); }
  requiredor(other: string): this { return this.rule('requiredor', { other }); }
  requiredif(other: string, condition: RequiredIfCondition): this { return this.rule('requiredif', requiredIfParams(other, condition)); }
  require_from_group(min: number, group: readonly string[]): this { return this.rule('require_from_group', { min: String(min), group: list(group) }); }

  // Text
  maxlength(max: number): this { return this.rule('maxlength', { max: String(max) }); }
  minlength(min: number): this { return this.rule('minlength', { min: String(min) }); }
  regex(pattern: string | RegExp, messageKey?: string): this { return this.rule('regex', { pattern: source(pattern) }, messageKey); }
  pattern(pattern: string | RegExp, messageKey?: string): this { return this.rule('pattern', { pattern: source(pattern) }, messageKey); }
  email(): this { return this.rule('email'); }
  maxWords(max: number): this { return this.rule('maxwords', { max: String(max) }); }
  minWords(min: number): this { return this.rule('minwords', { min: String(min) }); }
  rangeWords(min: number, max: number): this { return this.rule('rangewords', { min: String(min), max: String(max) }); }
  alphanumeric(): this { return this.rule('alphanumeric'); }
  lettersonly(): this { return this.rule('lettersonly'); }
  nowhitespace(): this { return this.rule('nowhitespace'); }

  // Numbers, dates, times
  number(): this { return this.rule('number'); }
  integer(): this { return this.rule('integer'); }
  range(min: number, max: number): this { return this.rule('range', { min: String(min), max: String(max) }); }
  date(): this { return this.rule('date'); }
  time(): this { return this.rule('time'); }

  // Other fields
  equalto(other: string): this { return this.rule('equalto', { other }); }
  notequalto(...others: string[]): this { return this.rule('notequalto', { others: list(others) }); }
  greaterThan(other: string): this { return this.rule('greaterthan', { other }); }
  greaterThanEqual(other: string): this { return this.rule('greaterthanequal', { other }); }
  lessThan(other: string): this { return this.rule('lessthan', { other }); }
  lessThanEqual(other: string): this { return this.rule('lessthanequal', { other }); }

  // Identifiers
  creditcard(): this { return this.rule('creditcard'); }
  iban(): this { return this.rule('iban'); }
  bic(): this { return this.rule('bic'); }
  ipv4(): this { return this.rule('ipv4'); }
  ipv6(): this { return this.rule('ipv6'); }
  netmask(): this { return this.rule('netmask'); }
  phone(country: Country): this { return this.rule('phone', { country }); }
  postalcode(country: Country): this { return this.rule('postalcode', { country }); }
  taxid(country: Country): this { return this.rule('taxid', { country }); }

  // Files (sizes in bytes; extensions as 'pdf|docx', default png|jpe?g|gif)
  extension(extensions = 'png|jpe?g|gif'): this { return this.rule('extension', { extensions }); }
  maxfiles(max: number): this { return this.rule('maxfiles', { max: String(max) }); }
  maxsize(bytes: number): this { return this.rule('maxsize', { max: String(bytes) }); }
  maxsizetotal(bytes: number): this { return this.rule('maxsizetotal', { max: String(bytes) }); }
}
