import type { Generated } from 'kysely';

type Timestamp = number | string;

export const refundStates = ['Requested', 'Accepted', 'Refused', 'Refunded'] as const;
export type RefundState = (typeof refundStates)[number];

/**
 * Refund requests (migration 018): what a customer asks back of a paid order, line by line (quantity
 * × the line's unit price including tax, in the order's currency, integer cents). Staff accept or
 * refuse a request, then refund an accepted one through the order's payment (refunded_cents).
 */
export interface RefundTables {
  refund_requests: {
    id: Generated<number>;
    order_id: number;
    user_id: number;
    state: RefundState;
    currency: string;
    amount_cents: number;
    refunded_cents: Generated<number>;
    reason: Generated<string>;
    staff_note: Generated<string>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  refund_request_lines: {
    id: Generated<number>;
    request_id: number;
    order_line_id: number;
    quantity: number;
    unit_incl_cents: number;
    amount_cents: number;
  };
}
