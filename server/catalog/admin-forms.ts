// The back office's product editor's forms (server/catalog/admin-routes.ts). A product's form is its
// Version and active flag, and one block of fields per variant posted as `Variants.{id}.{field}`: each
// block is checked against variantForm (the same declaration gives the browser its data-val rules).
import { versionField } from '../content/admin-fields';
import { defineForm, field } from '../forms';

export const productForm = defineForm('backoffice-product', {
  /** Posted with a hidden "false" beside it; a post without it leaves the product's state as it is. */
  IsActive: field.checkbox(),
  ...versionField,
});

export const variantForm = defineForm('backoffice-product-variant', {
  /** The tax-incl unit price in the variant's currency, a decimal with "," or "." and at most two decimals. */
  PriceIncl: field.number().required().range(0.01, 999999.99).regex(/\s*\d{1,9}(?:[.,]\d{1,2})?\s*/, 'BackOffice.Products.InvalidPrice'),
  IsActive: field.checkbox(),
});

/** The list's search: a name in the culture, or the start of a reference or SKU. */
export const productSearchForm = defineForm('backoffice-product-search', {
  q: field.text().maxlength(100),
});
