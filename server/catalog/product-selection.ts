import { correctQuantity, quantityBounds, type QuantityRules, quantityRules, stepQuantity } from '../../common/quantity';
import { exceedsStock, isSellable } from '../../common/stock';
import type { VariantRecord, Variation } from './variants-data';
import { activeVariantById, type AttributeModel, attributesModel, type Choice, resolveVariant } from './variants';

// What a visitor asked for on the product page or the productvariants API (attribute values, a
// variant id, a quantity) turned into the variant, quantity and unit price shown. Pure.

export interface SelectionInput {
  /** VariantValueId1..n as asked; null where nothing was chosen. */
  choice: Choice;
  /** ?productVariantId=: used only when no attribute value was chosen. */
  variantId: number | null;
  /** As typed: corrected by the quantity rules (a non-number becomes the minimum). */
  quantity: unknown;
  /** The no-JS minus (-1) and plus (+1) buttons; 0 otherwise. */
  quantityStep?: -1 | 0 | 1;
}

export interface Tier {
  minQuantity: number;
  priceInclCents: number;
  priceExclCents: number;
}

export interface Selection {
  variant: VariantRecord | null;
  /** The selected variant's values per position, else the choice as asked. */
  chosen: Choice;
  attributes: AttributeModel[];
  rules: QuantityRules;
  /** The smallest and largest whole-step quantities (minus is disabled at the floor, plus at the ceiling). */
  bounds: { floor: number; ceiling: number | null };
  quantity: number;
  /** The stock message: the quantity asked is more than the stock (never for OnOrder). */
  exceedsStock: boolean;
  /** Whether the variant can be added to the cart at all (common/stock.ts isSellable). */
  canBeSold: boolean;
}

/** The product's quantity rules and, when its sale ends, that date (epoch ms). */
export interface SellingTerms {
  minQty: number;
  maxQty: number;
  stepQty: number;
  availableUntil?: number | null;
}

export function selectVariant(product: SellingTerms, variation: Variation, input: SelectionInput, now = Date.now()): Selection {
  const positions = variation.attributes.length;
  const asked = input.choice.slice(0, positions);
  const anyChosen = asked.some((valueId) => valueId !== null);
  const variant =
    (anyChosen ? null : activeVariantById(variation.variants, input.variantId)) ?? resolveVariant(variation.variants, asked);
  const chosen = variant ? variant.valueIds.slice(0, positions) : asked;
  const rules = quantityRules(product);
  // Nothing asked, or not a number, reads as 0 and is corrected up to the smallest allowed quantity.
  const quantity = input.quantityStep ? stepQuantity(input.quantity, rules, input.quantityStep) : correctQuantity(input.quantity, rules);
  return {
    variant,
    chosen,
    attributes: attributesModel(variation.attributes, variation.variants, chosen),
    rules,
    bounds: quantityBounds(rules),
    quantity,
    exceedsStock: variant ? exceedsStock(variant.stockState, variant.stockQuantity, quantity) : false,
    canBeSold: variant !== null && isSellable(variant, { availableUntil: product.availableUntil, now }),
  };
}

/** The unit price at a quantity: the tier with the highest minimum reached, else the variant's price. */
export function unitPrice(variant: Pick<VariantRecord, 'priceInclCents' | 'priceExclCents'>, tiers: Tier[], quantity: number) {
  const reached = tiers.filter((tier) => tier.minQuantity <= quantity).sort((a, b) => b.minQuantity - a.minQuantity)[0];
  return reached
    ? { inclCents: reached.priceInclCents, exclCents: reached.priceExclCents }
    : { inclCents: variant.priceInclCents, exclCents: variant.priceExclCents };
}
