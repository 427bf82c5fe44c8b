// What the product editor's pages show (views/pages/backoffice/products/): a page of products found by
// name, reference or SKU, and one product's variants with their prices as fields.
import type { Request, Response } from 'express';
import { BadInput, NotFound } from '../http/errors';
import { appLocals } from '../http/locals';
import { renderPage } from '../http/render';
import { pageNumberOf } from '../shared/paging';
import { formatMoney } from '../shared/money';
import { type AdminProduct, findAdminProduct, listAdminProducts } from './admin-data';
import { productForm, productSearchForm, variantForm } from './admin-forms';
import { decimalText, STORED_VAT_RATE_BP } from './admin-prices';
import { productPath } from './urls';
import { variantOptions } from './variant-options';

/** Rows a list page shows. */
export const PRODUCTS_PAGE_SIZE = 50;

export const productsHref = (res: Response, path = '') => res.locals.href(`backoffice/products${path}`);

export async function loadProduct(req: Request, res: Response, productId: number): Promise<AdminProduct> {
  const product = await findAdminProduct(appLocals(req).db, { productId, culture: res.locals.culture });
  if (!product) throw new NotFound();
  return product;
}

/** The search term (trimmed; over 100 characters a 400 naming `q`). */
function searchOf(req: Request, res: Response): string {
  const checked = productSearchForm.validate({ q: typeof req.query.q === 'string' ? req.query.q : '' }, res.locals.t);
  if (!checked.ok) throw new BadInput({ q: 'BackOffice.Products.InvalidSearch' });
  return checked.data.q.trim();
}

export async function renderList(req: Request, res: Response): Promise<void> {
  const { culture, t } = res.locals;
  const q = searchOf(req, res);
  const page = pageNumberOf(req.query.pageindex, 'pageindex');
  const found = await listAdminProducts(appLocals(req).db, { culture, q, offset: (page - 1) * PRODUCTS_PAGE_SIZE, limit: PRODUCTS_PAGE_SIZE });
  if (page > 1 && found.length === 0) throw new NotFound();
  const rows = found.slice(0, PRODUCTS_PAGE_SIZE).map((row) => ({ ...row, price: formatMoney({ cents: row.priceFromCents, currency: row.currency }, culture), href: productsHref(res, `/${row.id}`) }));
  const pageHref = (number: number) => productsHref(res, `?${new URLSearchParams({ ...(q ? { q } : {}), ...(number > 1 ? { pageindex: String(number) } : {}) })}`.replace(/\?$/, ''));
  const paging = { page, previous: page > 1 ? pageHref(page - 1) : null, next: found.length > PRODUCTS_PAGE_SIZE ? pageHref(page + 1) : null };
  await renderPage(req, res, 'backoffice/products/list', { title: t('BackOffice.Products.Title'), section: 'products', q, rows, paging, searchForm: productSearchForm });
}

export interface EditState {
  /** Posted names → text as typed (the form shown again); absent names show the stored values. */
  values?: Record<string, string>;
  errors?: Record<string, string>;
  /** The save came too late: the product as it is now, beside the editor's own values. */
  conflict?: boolean;
}

/** The form's stored values: the product's state and version, each variant's price and state. */
function storedValues(product: AdminProduct, culture: string): Record<string, string> {
  const values: Record<string, string> = { IsActive: product.isActive ? 'true' : '', Version: String(product.version) };
  for (const variant of product.variants) {
    values[`Variants.${variant.id}.PriceIncl`] = decimalText(variant.priceInclCents, culture);
    values[`Variants.${variant.id}.IsActive`] = variant.isActive ? 'true' : '';
  }
  return values;
}

export async function renderEdit(req: Request, res: Response, product: AdminProduct, state: EditState = {}, status = 200): Promise<void> {
  const { culture, t } = res.locals;
  const options = await variantOptions(appLocals(req).db, { variantIds: product.variants.map((variant) => variant.id), culture });
  const money = (cents: number, currency: string) => formatMoney({ cents, currency }, culture);
  const variants = product.variants.map((variant) => ({
    ...variant,
    options: options.get(variant.id)?.text ?? '',
    fieldId: `product-variant-${variant.id}`,
    current: money(variant.priceInclCents, variant.currency),
    excl: money(variant.priceExclCents, variant.currency),
    tierTexts: variant.tiers.map((tier) => t('BackOffice.Products.Tier', { quantity: tier.minQuantity, price: money(tier.priceInclCents, variant.currency) })),
  }));
  const errors = state.errors ?? {};
  const shown = new Set(['IsActive', 'Version', ...product.variants.flatMap((variant) => [`Variants.${variant.id}.PriceIncl`, `Variants.${variant.id}.IsActive`])]);
  await renderPage(req, res, 'backoffice/products/edit', {
    title: t('BackOffice.Products.EditTitle', { name: product.name ?? product.reference }),
    section: 'products',
    product,
    variants,
    values: { ...storedValues(product, culture), ...state.values, ...(state.conflict ? { Version: String(product.version) } : {}) },
    errors,
    /** Messages of names the form has no field for (a variant of another product): shown in the summary. */
    otherErrors: Object.entries(errors).filter(([name]) => !shown.has(name)).map(([, message]) => message),
    conflict: state.conflict ?? false,
    form: productForm,
    variantForm,
    vatRate: STORED_VAT_RATE_BP / 100,
    shopHref: product.slug ? `${res.locals.basePath}${productPath(culture, product.id, product.slug)}` : null,
  }, status);
}
