// Rules that read other fields of the form: equality, conditional presence, groups.
import { required } from './text';
import { isBlank, type Rule } from './types';

const namesOf = (list: string | undefined) => (list ?? '').split(',').map((name) => name.trim()).filter(Boolean);

export const equalto: Rule = {
  name: 'equalto',
  specificationText: 'Please enter the same value again.',
  key: 'Validation.EqualTo',
  params: ['other'],
  // Runs on an empty field too: an empty confirmation of a filled password is a mismatch.
  always: true,
  test: ({ value, valueOf }, { other }) => value === valueOf(other ?? ''),
};

export const notequalto: Rule = {
  name: 'notequalto',
  specificationText: 'Please enter a different value, values must not be the same.',
  key: 'Validation.NotEqualTo',
  params: ['others'],
  test: ({ value, valueOf }, { others }) => namesOf(others).every((name) => valueOf(name) !== value),
};

/** Required when another field equals (or, with operator 'notequals', differs from) a value. */
export const requiredif: Rule = {
  name: 'requiredif',
  specificationText: 'This field is required.',
  key: 'Validation.Required',
  params: ['other', 'operator', 'value'],
  always: true,
  test: ({ value, files, valueOf }, { other, operator, value: expected }) => {
    const matches = valueOf(other ?? '').trim() === (expected ?? '');
    const applies = operator === 'notequals' ? !matches : matches;
    return !applies || !isBlank(value) || files.length > 0;
  },
};

export const requiredor: Rule = {
  name: 'requiredor',
  specificationText: 'This field is required.',
  key: 'Validation.Required',
  params: ['other'],
  always: true,
  test: ({ value, valueOf }, { other }) => !isBlank(value) || !isBlank(valueOf(other ?? '')),
};

/** A required field with a message of its own (set with .message('mandatory', key)). */
export const mandatory: Rule = { ...required, name: 'mandatory' };

export const enforcetrue: Rule = {
  name: 'enforcetrue',
  specificationText: 'This field is required.',
  key: 'Validation.Required',
  params: [],
  always: true,
  test: ({ value }) => value === 'true',
};

export const require_from_group: Rule = {
  name: 'require_from_group',
  specificationText: 'Please fill at least {0} of these fields.',
  key: 'Validation.RequireFromGroup',
  params: ['min', 'group'],
  always: true,
  test: ({ valueOf }, { min, group }) => namesOf(group).filter((name) => !isBlank(valueOf(name))).length >= Number(min),
};
