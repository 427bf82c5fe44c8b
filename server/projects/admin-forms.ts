// The back office's project forms (a project, a category): one declaration checks the post and gives the
// browser its rules; the translated fields are one set per culture (server/content/admin-fields.ts).
import { defineForm, field } from '../forms';
import { galleryFields, publishingFields, slugField, translatedFields, versionField } from '../content/admin-fields';

const assetId = () => field.text().regex(/[1-9]\d{0,8}/, 'BackOffice.Items.InvalidAsset');

export const projectForm = defineForm('bo-project', {
  ...versionField,
  CategoryId: field.text().required().regex(/[1-9]\d{0,8}/, 'BackOffice.Items.InvalidCategory'),
  ...publishingFields,
  Latitude: field.number().required().range(-90, 90).message('range', 'BackOffice.Projects.InvalidLatitude'),
  Longitude: field.number().required().range(-180, 180).message('range', 'BackOffice.Projects.InvalidLongitude'),
  AssetId: assetId(),
  ...galleryFields(),
  ...translatedFields({
    title: () => field.text().maxlength(200),
    slug: slugField,
    summary: () => field.textarea().maxlength(1000),
    description_html: () => field.textarea().maxlength(100_000),
    address: () => field.text().maxlength(300),
    image_alt: () => field.text().maxlength(300),
  }),
});

export const projectCategoryForm = defineForm('bo-project-category', {
  ...versionField,
  ...publishingFields,
  AssetId: assetId(),
  ...translatedFields({ name: () => field.text().maxlength(160), slug: slugField, summary: () => field.textarea().maxlength(1000) }),
});
