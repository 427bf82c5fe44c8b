// Comparisons with another field: numbers when both are numbers, else dates in the culture's format
// (the 'format' parameter), else text. An empty other field lets the comparison pass.
import { parseDate } from './date';
import { parseNumber } from './text';
import type { Rule, RuleParams } from './types';

function ordered(value: string, other: string, format: string | undefined): [number | string, number | string] {
  const [left, right] = [parseNumber(value), parseNumber(other)];
  if (left !== null && right !== null) return [left, right];
  const [leftDate, rightDate] = format ? [parseDate(value, format), parseDate(other, format)] : [null, null];
  if (leftDate !== null && rightDate !== null) return [leftDate, rightDate];
  return [value, other];
}

function comparison(name: string, specificationText: string, key: string, holds: (left: number | string, right: number | string) => boolean): Rule {
  return {
    name,
    specificationText,
    key,
    params: ['other', 'format'],
    test: ({ value, valueOf }, { other, format }: RuleParams) => {
      const otherValue = valueOf(other ?? '').trim();
      if (otherValue === '') return true;
      const [left, right] = ordered(value.trim(), otherValue, format);
      return holds(left, right);
    },
  };
}

export const greaterthan = comparison('greaterthan', 'Please enter a greater value.', 'Validation.GreaterThan', (a, b) => a > b);
export const greaterthanequal = comparison('greaterthanequal', 'Please enter a greater value.', 'Validation.GreaterThanEqual', (a, b) => a >= b);
export const lessthan = comparison('lessthan', 'Please enter a lesser value.', 'Validation.LessThan', (a, b) => a < b);
export const lessthanequal = comparison('lessthanequal', 'Please enter a lesser value.', 'Validation.LessThanEqual', (a, b) => a <= b);
