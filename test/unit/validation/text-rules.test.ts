/** @jest-environment jsdom */
import { shortDateFormat } from '../../../common/validation-rules';
import { defineForm, field } from '../../../server/forms';
import { agreedMessage } from './support/both';

const form = defineForm('text', {
  Summary: field.textarea().maxWords(3),
  Story: field.textarea().minWords(2),
  Bio: field.textarea().rangeWords(2, 3),
  Handle: field.text().alphanumeric(),
  Letters: field.text().lettersonly(),
  Token: field.text().nowhitespace(),
  Opens: field.time(),
  Birthday: field.date(),
});

describe.each([
  ['Summary', 'Please enter 3 words or less.', ['one two three', 'e-mail, <b>bold</b> words', 'l’avion'], ['one two three four', 'a b c d e']],
  ['Story', 'Please enter at least 2 words.', ['once upon', 'a b c'], ['once', '!!!']],
  ['Bio', 'Please enter between 2 and 3 words.', ['two words', 'now three words'], ['one', 'one two three four']],
  ['Handle', 'Letters, numbers, and underscores only please.', ['ann_42', 'ABC'], ['ann-42', 'ann 42', 'é']],
  ['Letters', 'Letters only please.', ['abc', 'ABC'], ['abc1', 'a b', 'a_b']],
  ['Token', 'No white space please.', ['abc-123', 'x'], ['abc 123', 'a\tb']],
  ['Opens', 'Please enter a valid time, between 00:00 and 23:59.', ['00:00', '23:59', '9:30', '12:30:15'], ['24:00', '12:60', '1230', 'noon']],
])('%s', (name, message, valid, invalid) => {
  it.each(valid)('accepts %p', (value) => expect(agreedMessage(form, { [name]: value }, name)).toBeUndefined());
  it.each(invalid)('refuses %p', (value) => expect(agreedMessage(form, { [name]: value }, name)).toBe(message));
});

describe('date in the culture short date format', () => {
  it.each([
    ['fr', 'dd/mm/yyyy'], ['es', 'dd/mm/yyyy'], ['it', 'dd/mm/yyyy'], ['pt', 'dd/mm/yyyy'], ['nl', 'dd-mm-yyyy'], ['de', 'dd.mm.yyyy'],
  ] as const)('%s writes %s', (culture, format) => expect(shortDateFormat(culture)).toBe(format));

  it.each([
    ['fr', '29/02/2024', undefined],
    ['fr', '1/3/2025', undefined],
    ['fr', '29/02/2025', 'Veuillez saisir une date valide.'],
    ['fr', '2025-03-01', 'Veuillez saisir une date valide.'],
    ['fr', '31/04/2025', 'Veuillez saisir une date valide.'],
    ['nl', '15-08-2025', undefined],
    ['nl', '15/08/2025', 'Vul hier een geldige datum in.'],
    ['de', '03.10.1990', undefined],
    ['de', '03/10/1990', 'Geben Sie bitte ein gültiges Datum ein.'],
    ['de', '32.01.2020', 'Geben Sie bitte ein gültiges Datum ein.'],
    ['es', '12/10/25', 'Por favor, escribe una fecha válida.'],
  ] as const)('%s: %s gets %p', (culture, value, expected) => {
    expect(agreedMessage(form, { Birthday: value }, 'Birthday', culture)).toBe(expected);
  });

  it('gives valid dates to the server as yyyy-mm-dd', () => {
    const result = form.validate({ Birthday: '3.10.1990' }, Object.assign((key: string) => key, { lng: 'de' }));
    expect(result.ok && result.data.Birthday).toBe('1990-10-03');
  });
});
