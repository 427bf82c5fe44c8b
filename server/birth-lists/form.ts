import { defineForm, field } from '../forms';

/** A birth list's details: the child's name, the date of birth (typed in the culture's short format) and a message for its guests. */
export const birthListForm = defineForm('birth-list', {
  ChildName: field.text().required().maxlength(100),
  BirthDate: field.date().required(),
  Message: field.textarea().maxlength(1000),
});
