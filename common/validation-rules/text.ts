// Rules over one text value: presence, length, format.
import { isBlank, type Rule } from './types';

// The browser's textarea value has \n where the posted value has \r\n: count both alike.
const lengthOf = (value: string) => value.replace(/\r\n/g, '\n').length;
const limit = (text: string | undefined) => Number(text ?? 0);

// An address as the HTML standard defines it, with at least one dot in the domain.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
const NUMBER = /^[-+]?\d+(?:[.,]\d+)?$/;
const INTEGER = /^-?\d+$/;

/** The pattern must match the whole value, as an HTML pattern attribute does. */
export function matchesPattern(value: string, pattern: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`).test(value);
  } catch {
    return false;
  }
}

/** A number with . or , as decimal separator, or null. */
export function parseNumber(value: string): number | null {
  const text = value.trim();
  return NUMBER.test(text) ? Number(text.replace(',', '.')) : null;
}

export const required: Rule = {
  name: 'required',
  specificationText: 'This field is required.',
  key: 'Validation.Required',
  params: [],
  always: true,
  test: ({ value, files }) => !isBlank(value) || files.length > 0,
};

export const maxlength: Rule = {
  name: 'maxlength',
  specificationText: 'Please enter no more than {0} characters.',
  key: 'Validation.MaxLength',
  params: ['max'],
  test: ({ value }, { max }) => limit(max) <= 0 || lengthOf(value) <= limit(max),
};

export const minlength: Rule = {
  name: 'minlength',
  specificationText: 'Please enter at least {0} characters.',
  key: 'Validation.MinLength',
  params: ['min'],
  test: ({ value }, { min }) => lengthOf(value) >= limit(min),
};

export const email: Rule = {
  name: 'email',
  specificationText: 'Please enter a valid email address.',
  key: 'Validation.Email',
  params: [],
  test: ({ value }) => isBlank(value) || EMAIL.test(value.trim()),
};

export const regex: Rule = {
  name: 'regex',
  specificationText: 'Invalid format.',
  key: 'Validation.Pattern',
  params: ['pattern'],
  test: ({ value }, { pattern }) => matchesPattern(value, pattern ?? ''),
};

export const pattern: Rule = { ...regex, name: 'pattern' };

export const number: Rule = {
  name: 'number',
  specificationText: 'Please enter a valid number.',
  key: 'Validation.Number',
  params: [],
  test: ({ value }) => parseNumber(value) !== null,
};

export const integer: Rule = {
  name: 'integer',
  specificationText: 'A positive or negative non-decimal number please.',
  key: 'Validation.Integer',
  params: [],
  test: ({ value }) => INTEGER.test(value.trim()),
};

export const range: Rule = {
  name: 'range',
  specificationText: 'Please enter a value between {0} and {1}.',
  key: 'Validation.Range',
  params: ['min', 'max'],
  test: ({ value }, { min, max }) => {
    const parsed = parseNumber(value);
    return parsed !== null && parsed >= Number(min) && parsed <= Number(max);
  },
};
