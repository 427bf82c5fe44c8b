import { formatMessage, rules } from '../../../common/validation-rules';
import { cultures } from '../../../server/config';
import { field } from '../../../server/forms';
import { readResources, type ResourceTree } from '../../../server/localization/i18n';

const lookup = (tree: ResourceTree, key: string) =>
  key.split('.').reduce<ResourceTree | string | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);

// The specification's own words (section 5), and jquery-validation's for the rules it does not quote.
const DEFAULTS: Record<string, string> = {
  required: 'This field is required.',
  pattern: 'Invalid format.',
  regex: 'Invalid format.',
  maxwords: 'Please enter {0} words or less.',
  minwords: 'Please enter at least {0} words.',
  rangewords: 'Please enter between {0} and {1} words.',
  alphanumeric: 'Letters, numbers, and underscores only please.',
  creditcard: 'Please enter a valid credit card number.',
  integer: 'A positive or negative non-decimal number please.',
  lettersonly: 'Letters only please.',
  nowhitespace: 'No white space please.',
  time: 'Please enter a valid time, between 00:00 and 23:59.',
  maxfiles: 'Please select no more than {0} files.',
  maxsize: 'File size must not exceed {0} bytes each.',
  maxsizetotal: 'Total size of all files must not exceed {0} bytes.',
  require_from_group: 'Please fill at least {0} of these fields.',
  email: 'Please enter a valid email address.',
  maxlength: 'Please enter no more than {0} characters.',
  notequalto: 'Please enter a different value, values must not be the same.',
  extension: 'Please enter a value with a valid extension.',
  iban: 'Please specify a valid IBAN.',
  bic: 'Please specify a valid BIC code.',
  ipv4: 'Please enter a valid IP v4 address.',
  ipv6: 'Please enter a valid IP v6 address.',
  netmask: 'Please enter a valid netmask.',
  greaterthan: 'Please enter a greater value.',
  lessthan: 'Please enter a lesser value.',
};

describe('the rule catalogue', () => {
  it.each(Object.entries(DEFAULTS))('%s keeps its English default message', (name, message) => {
    expect(rules[name]!.specificationText).toBe(message);
  });

  it.each(Object.values(rules).map((rule) => [rule.name, rule.key] as const))('%s has its message (%s) in all six cultures, with the same placeholders', (name, key) => {
    const placeholders = (text: string) => (text.match(/\{\d\}/g) ?? []).sort();
    for (const culture of cultures) {
      const text = lookup(readResources(culture), key);
      expect(typeof text).toBe('string');
      expect(placeholders(text as string)).toEqual(placeholders(rules[name]!.specificationText));
    }
  });

  it('has a builder method (or a field kind) for every rule', () => {
    const builder = field.text() as unknown as Record<string, unknown>;
    const methodNames = Object.getOwnPropertyNames(Object.getPrototypeOf(Object.getPrototypeOf(builder))).map((name) => name.toLowerCase());
    for (const name of Object.keys(rules)) expect(methodNames).toContain(name);
  });

  it('fills placeholders in order and leaves unknown ones', () => {
    expect(formatMessage('Between {0} and {1}, not {2}.', ['2', '3'])).toBe('Between 2 and 3, not {2}.');
  });
});
