// Rules over the words and characters of a text, as jquery-validation's additional methods count them.
import type { Rule } from './types';

// Tags and &nbsp; become spaces and punctuation goes, so "e-mail" is one word and "<b>x</b>" is x.
function wordCount(value: string): number {
  const stripped = value
    .replace(/<.[^<>]*?>/g, ' ')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/[.(),;:!?%#$'"_+=/\-“”’]*/g, '');
  return stripped.match(/\b\w+\b/g)?.length ?? 0;
}

export const maxwords: Rule = {
  name: 'maxwords',
  specificationText: 'Please enter {0} words or less.',
  key: 'Validation.MaxWords',
  params: ['max'],
  test: ({ value }, { max }) => wordCount(value) <= Number(max),
};

export const minwords: Rule = {
  name: 'minwords',
  specificationText: 'Please enter at least {0} words.',
  key: 'Validation.MinWords',
  params: ['min'],
  test: ({ value }, { min }) => wordCount(value) >= Number(min),
};

export const rangewords: Rule = {
  name: 'rangewords',
  specificationText: 'Please enter between {0} and {1} words.',
  key: 'Validation.RangeWords',
  params: ['min', 'max'],
  test: ({ value }, { min, max }) => wordCount(value) >= Number(min) && wordCount(value) <= Number(max),
};

export const alphanumeric: Rule = {
  name: 'alphanumeric',
  specificationText: 'Letters, numbers, and underscores only please.',
  key: 'Validation.Alphanumeric',
  params: [],
  test: ({ value }) => /^\w+$/i.test(value),
};

export const lettersonly: Rule = {
  name: 'lettersonly',
  specificationText: 'Letters only please.',
  key: 'Validation.LettersOnly',
  params: [],
  test: ({ value }) => /^[a-z]+$/i.test(value),
};

export const nowhitespace: Rule = {
  name: 'nowhitespace',
  specificationText: 'No white space please.',
  key: 'Validation.NoWhitespace',
  params: [],
  test: ({ value }) => /^\S+$/.test(value),
};
