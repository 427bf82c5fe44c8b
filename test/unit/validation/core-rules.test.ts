/** @jest-environment jsdom */
import { defineForm, field } from '../../../server/forms';
import { bothSides } from './support/both';

// Each case: a one-field (or few-field) form, values, and the message the field gets (undefined: valid).
const form = defineForm('core', {
  Name: field.text().required().maxlength(5),
  Unlimited: field.text().maxlength(0),
  Short: field.text().minlength(3),
  Email: field.email(),
  Code: field.text().regex('[A-Z]{2}\\d{2}'),
  Pattern: field.text().pattern(/\d+/),
  Amount: field.number(),
  Count: field.integer(),
  Score: field.number().range(1, 10),
});

const base = { Name: 'Ann' };

describe.each([
  ['required', { Name: '' }, 'Name', 'This field is required.'],
  ['required (white space only)', { Name: '   ' }, 'Name', 'This field is required.'],
  ['required (filled)', { Name: 'Bo' }, 'Name', undefined],
  ['maxlength', { Name: 'Annabel' }, 'Name', 'Please enter no more than 5 characters.'],
  ['maxlength at the limit', { Name: 'Annab' }, 'Name', undefined],
  ['maxlength 0 means no limit', { Unlimited: 'x'.repeat(5000) }, 'Unlimited', undefined],
  ['minlength', { Short: 'ab' }, 'Short', 'Please enter at least 3 characters.'],
  ['minlength met', { Short: 'abc' }, 'Short', undefined],
  ['minlength skips an empty optional field', { Short: '' }, 'Short', undefined],
  ['email', { Email: 'ann@example.com' }, 'Email', undefined],
  ['email is trimmed first', { Email: '  ann@example.com ' }, 'Email', undefined],
  ['email empty and optional', { Email: '' }, 'Email', undefined],
  ['email without a domain', { Email: 'ann@' }, 'Email', 'Please enter a valid email address.'],
  ['email with a space', { Email: 'ann smith@example.com' }, 'Email', 'Please enter a valid email address.'],
  ['email without a dot', { Email: 'ann@localhost' }, 'Email', 'Please enter a valid email address.'],
  ['regex', { Code: 'AB12' }, 'Code', undefined],
  ['regex must match the whole value', { Code: 'xAB12' }, 'Code', 'Invalid format.'],
  ['pattern', { Pattern: '123' }, 'Pattern', undefined],
  ['pattern refused', { Pattern: '12a' }, 'Pattern', 'Invalid format.'],
  ['number with a dot', { Amount: '12.5' }, 'Amount', undefined],
  ['number with a comma', { Amount: '12,5' }, 'Amount', undefined],
  ['number negative', { Amount: '-3' }, 'Amount', undefined],
  ['number with two separators', { Amount: '1.000,5' }, 'Amount', 'Please enter a valid number.'],
  ['number with letters', { Amount: '12a' }, 'Amount', 'Please enter a valid number.'],
  ['integer', { Count: '-42' }, 'Count', undefined],
  ['integer refuses decimals', { Count: '4.2' }, 'Count', 'A positive or negative non-decimal number please.'],
  ['range inside', { Score: '10' }, 'Score', undefined],
  ['range with a comma decimal', { Score: '9,5' }, 'Score', undefined],
  ['range outside', { Score: '11' }, 'Score', 'Please enter a value between 1 and 10.'],
])('%s', (_label, values, name, expected) => {
  it('gives the same answer on the server and in the browser', () => {
    const { server, browser } = bothSides(form, { ...base, ...values });
    expect(server[name]).toBe(expected);
    expect(browser[name]).toBe(expected);
  });
});

it('shows the messages of the visitor culture on both sides', () => {
  const { server, browser } = bothSides(form, { Name: '', Short: 'a' }, 'de');
  expect(server).toEqual({ Name: 'Dieses Feld ist ein Pflichtfeld.', Short: 'Geben Sie bitte mindestens 3 Zeichen ein.' });
  expect(browser).toEqual(server);
});
