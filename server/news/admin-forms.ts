// The back office's news forms (a post, a category): one declaration checks the post and gives the
// browser its rules; the translated fields are one set per culture (server/content/admin-fields.ts).
import { defineForm, field } from '../forms';
import { galleryFields, publishingFields, slugField, translatedFields, versionField } from '../content/admin-fields';

const LOCAL_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export const newsPostForm = defineForm('bo-news-post', {
  ...versionField,
  CategoryId: field.text().required().regex(/[1-9]\d{0,8}/, 'BackOffice.Items.InvalidCategory'),
  ...publishingFields,
  PostedAt: field.text().required().regex(LOCAL_TIME, 'BackOffice.Items.InvalidTime'),
  AssetId: field.text().regex(/[1-9]\d{0,8}/, 'BackOffice.Items.InvalidAsset'),
  ...galleryFields(),
  ...translatedFields({
    title: () => field.text().maxlength(300),
    slug: slugField,
    summary: () => field.textarea().maxlength(1000),
    body_html: () => field.textarea().maxlength(100_000),
    image_alt: () => field.text().maxlength(300),
  }),
});

export const newsCategoryForm = defineForm('bo-news-category', {
  ...versionField,
  ParentId: field.text().regex(/[1-9]\d{0,8}/, 'BackOffice.Items.InvalidCategory'),
  ...translatedFields({ name: () => field.text().maxlength(200), slug: slugField }),
});
