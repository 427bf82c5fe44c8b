/** @jest-environment jsdom */
import { defineForm, field } from '../../../server/forms';
import { agreedMessage, bothSides } from './support/both';

const REQUIRED = 'This field is required.';

describe('equalto and notequalto', () => {
  const form = defineForm('equal', {
    Password: field.password(),
    Confirm: field.password().equalto('Password'),
    Nickname: field.text().notequalto('Password', 'Email'),
    Email: field.email(),
  });
  it.each([
    [{ Password: 'secret1', Confirm: 'secret1' }, 'Confirm', undefined],
    [{ Password: 'secret1', Confirm: 'secret2' }, 'Confirm', 'Please enter the same value again.'],
    [{ Password: 'secret1', Confirm: '' }, 'Confirm', 'Please enter the same value again.'],
    [{ Password: '', Confirm: '' }, 'Confirm', undefined],
    [{ Password: 'a', Email: 'b@c.de', Nickname: 'z' }, 'Nickname', undefined],
    [{ Password: 'a', Email: 'b@c.de', Nickname: 'a' }, 'Nickname', 'Please enter a different value, values must not be the same.'],
    [{ Password: 'a', Email: 'b@c.de', Nickname: 'b@c.de' }, 'Nickname', 'Please enter a different value, values must not be the same.'],
  ])('%p: %s gets %p', (values, name, expected) => expect(agreedMessage(form, values, name)).toBe(expected));
});

describe('requiredif, requiredor, mandatory, enforcetrue', () => {
  const form = defineForm('conditional', {
    Country: field.select([{ value: 'BE', label: 'BE' }, { value: 'NL', label: 'NL' }]),
    VatNumber: field.text().requiredif('Country', { equals: 'BE' }),
    Region: field.text().requiredif('Country', { notEquals: 'NL' }),
    Company: field.checkbox(),
    CompanyName: field.text().requiredif('Company', { equals: true }),
    Reason: field.text().requiredif('Company', { equals: false }),
    Phone: field.tel().requiredor('Mobile'),
    Mobile: field.tel(),
    Motto: field.text().mandatory().message('mandatory', 'Validation.LettersOnly'),
    Terms: field.checkbox().enforcetrue(),
  });
  const filled = { Country: 'NL', Reason: 'x', Phone: '1', Motto: 'm', Terms: true };
  it.each([
    [{ Country: 'BE' }, 'VatNumber', REQUIRED],
    [{ Country: 'BE', VatNumber: 'BE0123' }, 'VatNumber', undefined],
    [{ Country: 'NL' }, 'VatNumber', undefined],
    [{ Country: 'NL' }, 'Region', undefined],
    [{ Country: 'BE' }, 'Region', REQUIRED],
    [{ Company: true }, 'CompanyName', REQUIRED],
    [{ Company: true, CompanyName: 'ACME' }, 'CompanyName', undefined],
    [{ Company: false, Reason: '' }, 'Reason', REQUIRED],
    [{ Company: true, Reason: '' }, 'Reason', undefined],
    [{ Phone: '', Mobile: '' }, 'Phone', REQUIRED],
    [{ Phone: '', Mobile: '0612345678' }, 'Phone', undefined],
    [{ Terms: false }, 'Terms', REQUIRED],
    [{ Terms: true }, 'Terms', undefined],
  ])('%p: %s gets %p', (values, name, expected) => expect(agreedMessage(form, { ...filled, ...values }, name)).toBe(expected));

  it('shows the message key a field chose for its rule', () => {
    expect(agreedMessage(form, { ...filled, Motto: ' ' }, 'Motto', 'de')).toBe('Geben Sie bitte nur Buchstaben ein.');
  });
});

describe('require_from_group', () => {
  const group = ['Phone', 'Email', 'Address'];
  const form = defineForm('group', {
    Phone: field.tel().require_from_group(2, group),
    Email: field.text().require_from_group(2, group),
    Address: field.text().require_from_group(2, group),
  });
  it('asks for at least {0} of the fields, on each of them', () => {
    const message = 'Please fill at least 2 of these fields.';
    expect(bothSides(form, { Phone: '1' })).toEqual({
      server: { Phone: message, Email: message, Address: message },
      browser: { Phone: message, Email: message, Address: message },
    });
    expect(bothSides(form, { Phone: '1', Address: 'Main St' })).toEqual({ server: {}, browser: {} });
  });
});

describe('greaterThan, lessThan and their equal variants', () => {
  const form = defineForm('compare', {
    Min: field.number(),
    Max: field.number().greaterThan('Min'),
    AtLeast: field.number().greaterThanEqual('Min'),
    Below: field.number().lessThan('Min'),
    AtMost: field.number().lessThanEqual('Min'),
    From: field.date(),
    To: field.date().greaterThan('From'),
  });
  it.each([
    [{ Min: '5', Max: '6' }, 'Max', undefined],
    [{ Min: '5', Max: '5' }, 'Max', 'Please enter a greater value.'],
    [{ Min: '5', Max: '10' }, 'Max', undefined],
    [{ Min: '5,5', Max: '5.75' }, 'Max', undefined],
    [{ Min: '', Max: '1' }, 'Max', undefined],
    [{ Min: '5', AtLeast: '5' }, 'AtLeast', undefined],
    [{ Min: '5', AtLeast: '4' }, 'AtLeast', 'Please enter a greater value.'],
    [{ Min: '5', Below: '5' }, 'Below', 'Please enter a lesser value.'],
    [{ Min: '5', Below: '-1' }, 'Below', undefined],
    [{ Min: '5', AtMost: '5' }, 'AtMost', undefined],
    [{ Min: '5', AtMost: '6' }, 'AtMost', 'Please enter a lesser value.'],
  ])('%p: %s gets %p', (values, name, expected) => expect(agreedMessage(form, values, name)).toBe(expected));

  it.each([
    [{ From: '09/02/2025', To: '10/01/2025' }, 'Veuillez saisir une valeur plus grande.'],
    [{ From: '09/02/2025', To: '10/02/2025' }, undefined],
    [{ From: '31/12/2024', To: '1/1/2025' }, undefined],
  ])('compares dates in the culture format: %p gets %p', (values, expected) => expect(agreedMessage(form, values, 'To', 'fr')).toBe(expected));
});
