import { correctQuantity, quantityBounds, quantityRules } from '../../common/quantity';
import type { Db } from '../db';
import { toBoolean, toNumber } from '../db/normalise';
import { BadInput } from '../http/errors';
import { exceedsStock, isSellable } from '../../common/stock';
import { findVariant } from '../catalog/variants-data';
import { productSaleTerms } from './data';

// The quantity a cart line may hold: the product's min/step/max rules, then the stock. Shared by the
// cart changes (actions.ts) and the merge at sign-in (merge.ts).

export interface Sellable {
  productId: number;
  rules: ReturnType<typeof quantityRules>;
  stockState: Parameters<typeof exceedsStock>[0];
  stockQuantity: number;
}

/** The variant as the cart may sell it (active, of an active product, sale not ended), else a 400. */
export async function sellableVariant(db: Db, variantId: number): Promise<Sellable> {
  const variant = await findVariant(db, { variantId });
  const product = variant
    ? await productSaleTerms(db, { productId: variant.productId })
    : undefined;
  if (!variant || !product || !toBoolean(product.is_active)) throw new BadInput({ ProductVariantId: 'ShoppingCarts.UnknownVariant' });
  const availableUntil = product.available_until === null ? null : toNumber(product.available_until);
  if (!isSellable(variant, { availableUntil })) throw new BadInput({ ProductVariantId: 'ShoppingCarts.NotSellable' });
  return {
    productId: variant.productId,
    rules: quantityRules({ minQty: product.min_qty, maxQty: product.max_qty, stepQty: product.step_qty }),
    stockState: variant.stockState,
    stockQuantity: variant.stockQuantity,
  };
}

/** Why the kept quantity differs from the one asked: above the maximum, below the minimum or off a step, or the stock. */
export type QuantityReason = 'max' | 'min' | 'step' | 'stock';

export interface Allowed {
  quantity: number;
  /** null when the quantity asked is kept. */
  reason: QuantityReason | null;
}

/**
 * The quantity the cart keeps for `wanted`: rounded to a step and clamped into min/max (the product's
 * rules), then down to the largest step the stock allows. None can be sold at all: a 400.
 */
export function allowedQuantity(sellable: Sellable, wanted: number): Allowed {
  const { floor, ceiling } = quantityBounds(sellable.rules);
  let quantity = correctQuantity(wanted, sellable.rules);
  let reason: QuantityReason | null = null;
  if (quantity !== wanted) reason = ceiling !== null && wanted > ceiling ? 'max' : wanted < floor ? 'min' : 'step';
  if (exceedsStock(sellable.stockState, sellable.stockQuantity, quantity)) {
    const step = sellable.rules.step;
    quantity = Math.floor(sellable.stockQuantity / step) * step;
    if (quantity < floor) throw new BadInput({ Quantity: 'ShoppingCarts.OutOfStock' });
    reason = 'stock';
  }
  return { quantity, reason: quantity === wanted ? null : reason };
}

/** The resource key naming why a quantity was changed, and its parameters. */
export function reasonMessage(sellable: Sellable, allowed: Allowed): { key: string; params: Record<string, string | number> } | null {
  if (!allowed.reason) return null;
  const { floor, ceiling } = quantityBounds(sellable.rules);
  const params = { quantity: allowed.quantity, max: ceiling ?? '', min: floor, step: sellable.rules.step };
  const keys: Record<QuantityReason, string> = {
    max: 'ShoppingCarts.QuantityAboveMax',
    min: 'ShoppingCarts.QuantityBelowMin',
    step: 'ShoppingCarts.QuantityStep',
    stock: 'ShoppingCarts.QuantityLimitedByStock',
  };
  return { key: keys[allowed.reason], params };
}
