// The menus editor's forms: an item (what it points at, a label per culture), a new item (the same and
// its parent). Moving and removing reuse the pages editor's version-only forms.
import { cultures } from '../config';
import { LINK_PATTERN } from '../../common/links';
import { defineForm, field } from '../forms';
import { versionField } from '../content/admin-fields';
import { menuItemKinds } from './tables';

/** A label per culture: Label_fr ... Label_pt (empty: the target's own name). */
const labelFields = Object.fromEntries(cultures.map((culture) => [`Label_${culture}`, field.text().maxlength(200)])) as Record<`Label_${(typeof cultures)[number]}`, ReturnType<typeof field.text>>;

const itemFields = {
  Kind: field.select(menuItemKinds.map((kind) => ({ value: kind, label: `Menus.Admin.Kinds.${kind}` }))).required(),
  /** A category's or a page's number (kinds category and page). */
  TargetId: field.text().maxlength(9).regex(/[1-9]\d{0,8}/, 'Menus.Admin.InvalidTarget'),
  /** An http(s) address, or a path of the site from the culture down (kind url): common/links.ts. */
  Url: field.text().maxlength(500).regex(LINK_PATTERN, 'Menus.Admin.InvalidUrl'),
  ...labelFields,
};

export const menuItemForm = defineForm('backoffice-menu-item', { ...itemFields, ...versionField });

export const newMenuItemForm = defineForm('backoffice-new-menu-item', {
  /** Empty: a top-level item. */
  ParentId: field.text().maxlength(9).regex(/[1-9]\d{0,8}/, 'Menus.Admin.InvalidParent'),
  ...itemFields,
  ...versionField,
});
