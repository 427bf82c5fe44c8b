// The back office's FAQ forms (a category, an entry): one declaration checks the post and gives the
// browser its rules; the translated fields are one set per culture (server/content/admin-fields.ts).
import { defineForm, field } from '../forms';
import { publishingFields, slugField, translatedFields, versionField } from '../content/admin-fields';

export const faqCategoryForm = defineForm('bo-faq-category', {
  ...versionField,
  ...publishingFields,
  ...translatedFields({ title: () => field.text().maxlength(200), slug: slugField }),
});

export const faqEntryForm = defineForm('bo-faq-entry', {
  ...versionField,
  CategoryId: field.text().required().regex(/[1-9]\d{0,8}/, 'BackOffice.Items.InvalidCategory'),
  ...publishingFields,
  ...translatedFields({
    question: () => field.text().maxlength(300),
    anchor: slugField,
    answer_html: () => field.textarea().maxlength(50_000),
  }),
});
