import type { Generated } from 'kysely';

type Timestamp = number | string;

/**
 * A payment's life: Pending (session made; at most one per order), Authorised (the order's payment),
 * Refused, Cancelled (before or after authorisation), Refunded, Error, and RefundDue: authorised by the
 * provider but not the order's payment (a second charge of an already paid order, or an order that
 * could no longer be paid): staff refund it; its REFUND notification makes it Refunded.
 */
export const paymentStates = ['Pending', 'Authorised', 'Refused', 'Cancelled', 'Refunded', 'RefundDue', 'Error'] as const;
export type PaymentState = (typeof paymentStates)[number];

/**
 * Payment and pickup point tables (migration 009). `payments.order_id` references orders.id (migration 008);
 * `payment_notifications` holds each provider event once (unique provider + psp_reference + event_code).
 * `pickup_points` are the static carrier's points: latitude and longitude in micro-degrees (integers),
 * `country_id` the ISO 3166 code ('FR'), opening hours as lines separated by ';'.
 */
export interface PaymentTables {
  payments: {
    id: Generated<number>;
    order_id: number;
    provider: string;
    session_id: string;
    idempotency_key: string;
    amount_cents: number;
    /** Refunded by the provider so far (migration 011): partial refunds add up to amount_cents. */
    refunded_cents: Generated<number>;
    currency: string;
    state: PaymentState;
    psp_reference: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  payment_notifications: {
    id: Generated<number>;
    provider: string;
    psp_reference: string;
    event_code: string;
    payload: string;
    received_at: Timestamp;
    processed_at: Timestamp | null;
  };
  pickup_points: {
    id: Generated<number>;
    carrier: string;
    public_access_point_id: string;
    consignee_name: string;
    address: string;
    post_code: string;
    city: string;
    country_id: string;
    phone_number: string;
    latitude: number;
    longitude: number;
    image_url: string;
    comments: string;
    standard_hours_of_operation: string;
    informations: string;
    latest_air_drop_off_time: string;
    additional_charge_indicator: string;
    special_instructions: string;
    additional_comments: string;
    pickup_point_type: string;
  };
}
