// The pages editor's forms: a new page (its key and first translation), a page in one culture (title,
// slug, meta description, body) with its publishing state, and the small forms of the list and blocks.
import { defineForm, field } from '../../forms';
import { publishingFields, SLUG_PATTERN, versionField } from '../../content/admin-fields';

export const PAGE_KEY_PATTERN = /[a-z0-9]+(?:-[a-z0-9]+)*/;

const translationFields = {
  Title: field.text().required().maxlength(300),
  /** Left empty, it is made from the title (slugify). */
  Slug: field.text().maxlength(200).regex(SLUG_PATTERN, 'BackOffice.Items.InvalidSlug'),
};

export const newPageForm = defineForm('backoffice-new-page', {
  PageKey: field.text().required().maxlength(100).regex(PAGE_KEY_PATTERN, 'BackOffice.Pages.InvalidKey'),
  ...translationFields,
});

export const pageForm = defineForm('backoffice-page', {
  ...translationFields,
  Summary: field.textarea().maxlength(300),
  BodyHtml: field.textarea().maxlength(100_000),
  ...publishingFields,
  ...versionField,
});

/** Move a page or a block: its version and the direction. */
export const moveForm = defineForm('backoffice-move', {
  Direction: field.select([{ value: 'up', label: 'BackOffice.Pages.MoveUp' }, { value: 'down', label: 'BackOffice.Pages.MoveDown' }]).required(),
  ...versionField,
});

/** Delete, restore, remove a block: the version the editor saw. */
export const versionForm = defineForm('backoffice-version', { ...versionField });
