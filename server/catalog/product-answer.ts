import type { TFunction } from 'i18next';
import { type PriceDisplay, shownPrice } from '../currencies/display';
import { decimalAmount, formatMoney } from '../shared/money';
import { type Selection, type Tier, unitPrice } from './product-selection';
import type { StockState } from './tables';
import { productPath } from './urls';
import { type AttributeModel, variantValueFields } from './variants';

// The productvariants answer: the spec's fields (ProductId, ProductVariantId, SKU, UnitPriceTaxIncl,
// CurrencyCode, VariantValueId1..n, the attributes model, StockQuantity, StockStatut) plus what the
// page needs to refresh without formatting anything in the browser.

export interface VariantAnswer {
  ProductId: number;
  ProductVariantId: number | null;
  SKU: string | null;
  /** Decimal amount of the unit price at the asked quantity (tier applied), e.g. 49.95. */
  UnitPriceTaxIncl: number | null;
  UnitPriceTaxExcl: number | null;
  CurrencyCode: string;
  [variantValueId: `VariantValueId${number}`]: number | null;
  VariantAttributes: AttributeModel[];
  StockQuantity: number;
  StockStatut: StockState | null;
  StockStatutText: string;
  Quantity: number;
  IsAvailable: boolean;
  ExceedsStock: boolean;
  UnitPriceTaxInclHtml: string;
  UnitPriceTaxExclHtml: string;
  /** The product page for this variant ({app}-relative), for the address bar and sharing. */
  Url: string;
}

export interface AnswerContext {
  product: { id: number; slug: string; currency: string };
  selection: Selection;
  tiers: Tier[];
  culture: string;
  t: TFunction;
  /** The visitor's currency and tax rate (server/currencies/display.ts): prices and CurrencyCode in it; stored ones without it. */
  display?: PriceDisplay;
}

export function variantAnswer({ product, selection, tiers, culture, t, display }: AnswerContext): VariantAnswer {
  const { variant } = selection;
  const stored = variant?.currency ?? product.currency;
  const unit = variant ? unitPrice(variant, tiers, selection.quantity) : null;
  const price = unit ? shownPrice(display, { ...unit, currency: stored }) : null;
  const currency = shownPrice(display, { inclCents: 0, exclCents: 0, currency: stored }).currency;
  const html = (cents: number | undefined) => (cents === undefined ? '' : formatMoney({ cents, currency }, culture));
  const query = variant ? `?productVariantId=${variant.id}` : '';
  return {
    ProductId: product.id,
    ProductVariantId: variant?.id ?? null,
    SKU: variant?.sku ?? null,
    UnitPriceTaxIncl: price ? Number(decimalAmount(price.inclCents)) : null,
    UnitPriceTaxExcl: price ? Number(decimalAmount(price.exclCents)) : null,
    CurrencyCode: currency,
    ...variantValueFields(selection.chosen, selection.attributes.length),
    VariantAttributes: selection.attributes,
    StockQuantity: variant?.stockQuantity ?? 0,
    StockStatut: variant?.stockState ?? null,
    StockStatutText: variant ? t(`Catalog.StockStatus.${variant.stockState}`) : t('Catalog.VariantUnavailable'),
    Quantity: selection.quantity,
    IsAvailable: selection.canBeSold,
    ExceedsStock: selection.exceedsStock,
    UnitPriceTaxInclHtml: html(price?.inclCents),
    UnitPriceTaxExclHtml: html(price?.exclCents),
    Url: productPath(culture, product.id, product.slug) + query,
  };
}
