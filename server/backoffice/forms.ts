// The back office's own forms (the sections declare theirs beside their routes).
import { defineForm, field } from '../forms';

/** Administrators: grant the editor role to the account of an address. */
export const grantEditorForm = defineForm('backoffice-grant-editor', {
  Email: field.email().required().maxlength(320),
});
