// What an order is made of, as placement takes it and the reads give it back.
import type { CartLine, CartSummary } from '../cart/pricing';
import type { VariantOptions } from '../catalog/variant-options';
import type { OrderState } from './states';
import type { AccountType, PaymentMethod } from './tables';

/** An address as the order keeps it (a snapshot, JSON in orders.billing_address / shipping_address). */
export interface OrderAddress {
  firstName: string;
  lastName: string;
  company: string;
  street1: string;
  street2: string;
  postalCode: string;
  city: string;
  countryId: number;
  phone: string;
  vatNumber: string;
  accountType: AccountType;
}

/** A line as placeOrder takes it: a cart line's (server/cart/cart.ts CartLine) product and amounts. */
export interface OrderSummaryLine extends Pick<CartLine, 'variantId' | 'sku' | 'name' | 'quantity' | 'unitInclCents' | 'unitExclCents' | 'totalInclCents' | 'totalExclCents'> {
  /** The line's tax rate; derived from the summary's taxes when absent. */
  taxRateBp?: number;
  /** Read back only (orders/reads.ts): the variant's option values in words and its picture, in the order's culture; null for a variant gone. */
  options?: VariantOptions | null;
}

/** What placeOrder needs of a cart: its CartSummary (server/cart/cart.ts) without the cart's own id and count (nor why its coupon was refused). */
export interface OrderSummary extends Omit<CartSummary, 'cartId' | 'itemsCount' | 'lines' | 'couponRefusal'> {
  lines: OrderSummaryLine[];
}

export interface OrderView {
  id: number;
  number: string;
  userId: number | null;
  email: string;
  culture: string;
  state: OrderState;
  currency: string;
  ratePpm: number;
  subtotalInclCents: number;
  subtotalExclCents: number;
  shippingInclCents: number;
  shippingExclCents: number;
  discountInclCents: number;
  discountExclCents: number;
  taxCents: number;
  totalInclCents: number;
  totalExclCents: number;
  taxes: OrderSummary['taxes'];
  couponCode: string | null;
  shippingMethodId: number | null;
  paymentMethod: PaymentMethod;
  reverseCharge: boolean;
  vatNumber: string;
  billing: OrderAddress;
  shipping: OrderAddress;
  pickupPoint: unknown;
  /** The guest visitor who placed it (a hash, orders/access.ts visitorKey; '' when unknown or a customer's). */
  placedBy: string;
  createdAt: number;
  lines: Required<OrderSummaryLine>[];
  history: { from: OrderState | null; to: OrderState; note: string; at: number }[];
}
