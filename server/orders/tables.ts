import type { ColumnType, Generated } from 'kysely';
import type { OrderState } from './states';

type Timestamp = number | string;
type Flag = number;

export type AddressType = 'Billing' | 'Shipping' | 'Both';
export type AccountType = 'Private' | 'Company';
export type PaymentMethod = 'BankTransfer' | 'Card';
export type OrderMailKind = 'Confirmation';

/**
 * Order tables (migration 008). Money is integer cents in the order's currency (rate_ppm: units of it per
 * 1 EUR × 1,000,000, as it was when the order was placed). Addresses on an order are JSON snapshots
 * (OrderAddress), so a later change to the address book never rewrites an order.
 */
export interface OrderTables {
  addresses: {
    id: Generated<number>;
    user_id: number;
    type: AddressType;
    first_name: string;
    last_name: string;
    company: string;
    street1: string;
    street2: string;
    postal_code: string;
    city: string;
    country_id: number;
    phone: string;
    vat_number: string;
    account_type: AccountType;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  orders: {
    id: Generated<number>;
    number: string;
    user_id: number | null;
    email: string;
    culture: string;
    state: OrderState;
    currency: string;
    rate_ppm: number | string;
    subtotal_incl_cents: number;
    subtotal_excl_cents: number;
    shipping_incl_cents: number;
    shipping_excl_cents: number;
    discount_incl_cents: number;
    discount_excl_cents: number;
    tax_cents: number;
    total_incl_cents: number;
    total_excl_cents: number;
    /** JSON `[{rateBp, cents}]`: the taxes by rate. */
    taxes: string;
    coupon_code: string | null;
    shipping_method_id: number | null;
    payment_method: PaymentMethod;
    reverse_charge: Flag;
    vat_number: string;
    /** JSON OrderAddress. */
    billing_address: string;
    shipping_address: string;
    /** JSON of the saved pickup point payload, or null. */
    pickup_point: string | null;
    idempotency_key: string;
    /** Who placed it (migration 010): a hash of the cart cookie or session id (orders/routes.ts visitorKey); empty when unknown. */
    placed_by: Generated<string>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  order_lines: {
    id: Generated<number>;
    order_id: number;
    variant_id: number;
    sku: string;
    name: string;
    quantity: number;
    unit_incl_cents: number;
    unit_excl_cents: number;
    total_incl_cents: number;
    total_excl_cents: number;
    tax_rate_bp: number;
    /** The birth list the line was bought from (migration 016), else null. */
    birth_list_id: ColumnType<number | null, number | null | undefined, number | null>;
  };
  /** The stock an order took per warehouse (migration 010): what cancelOrder puts back. */
  order_stock: {
    order_id: number;
    variant_id: number;
    warehouse_id: number;
    quantity: number;
  };
  /**
   * Order mails to send (migration 010), written in the order's transaction: sent after the commit, a
   * failure retried by sendDueOrderMails (orders/mail.ts) at next_attempt_at; sent_at set once sent.
   */
  order_mails: {
    id: Generated<number>;
    order_id: number;
    kind: OrderMailKind;
    culture: string;
    link: string;
    attempts: Generated<number>;
    next_attempt_at: Timestamp;
    sent_at: Timestamp | null;
    last_error: string | null;
    created_at: Timestamp;
  };
  order_state_history: {
    id: Generated<number>;
    order_id: number;
    from_state: OrderState | null;
    to_state: OrderState;
    note: string;
    created_at: Timestamp;
  };
}
