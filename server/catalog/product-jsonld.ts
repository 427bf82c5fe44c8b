import { decimalAmount } from '../shared/money';
import type { StockState } from './tables';
import type { VariantRecord } from './variants-data';

// schema.org Product for search engines: one Offer per active variant. It goes in a
// <script type="application/ld+json"> data block, which the CSP does not treat as script.

const availability: Record<StockState, string> = {
  NoManagement: 'https://schema.org/InStock',
  InStock: 'https://schema.org/InStock',
  LowStock: 'https://schema.org/LimitedAvailability',
  OutOfStock: 'https://schema.org/OutOfStock',
  OnOrder: 'https://schema.org/BackOrder',
};

export interface JsonLdInput {
  name: string;
  description: string;
  url: string;
  images: string[];
  brand: string | null;
  sku: string | null;
  variants: VariantRecord[];
  /** Epoch ms when the sale ends, if it does. */
  availableUntil: number | null;
}

export function productJsonLd(input: JsonLdInput): Record<string, unknown> {
  const validUntil = input.availableUntil === null ? undefined : new Date(input.availableUntil).toISOString().slice(0, 10);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: input.name,
    description: input.description,
    url: input.url,
    ...(input.sku ? { sku: input.sku } : {}),
    ...(input.images.length ? { image: input.images } : {}),
    ...(input.brand ? { brand: { '@type': 'Brand', name: input.brand } } : {}),
    offers: input.variants
      .filter((variant) => variant.isActive)
      .map((variant) => ({
        '@type': 'Offer',
        sku: variant.sku,
        url: `${input.url}?productVariantId=${variant.id}`,
        price: decimalAmount(variant.priceInclCents),
        priceCurrency: variant.currency,
        availability: availability[variant.stockState],
        ...(validUntil ? { priceValidUntil: validUntil } : {}),
      })),
  };
}

/** JSON safe inside a <script> element: no "</script>", no HTML comment openers, no line separators. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
