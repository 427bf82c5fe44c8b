// The rows an order placement writes: the order, its number, its lines and its queued confirmation mail.
import type { Kysely, Transaction } from 'kysely';
import { toNumber } from '../db/normalise';
import type { Database } from '../db/schema';
import { birthListOfLine } from '../birth-lists/cart-lines';
import type { OrderAddress, OrderSummary, OrderSummaryLine } from './model';
import type { OrderState } from './states';
import type { PlaceOrderInput } from './placement';

type Trx = Transaction<Database>;

/** Inserts the order row under a provisional number (the real one needs the id); answers its id. */
export async function insertOrder(trx: Trx, { input, pendingNumber, now }: { input: PlaceOrderInput; pendingNumber: string; now: number }): Promise<number> {
  const { summary } = input;
  const inserted = await trx
    .insertInto('orders')
    .values({
      number: pendingNumber,
      user_id: input.userId,
      email: input.email,
      culture: input.culture,
      state: 'Placed',
      currency: summary.currency,
      rate_ppm: input.ratePpm ?? 1_000_000,
      subtotal_incl_cents: summary.subtotalInclCents,
      subtotal_excl_cents: summary.subtotalExclCents,
      shipping_incl_cents: summary.shipping?.inclCents ?? 0,
      shipping_excl_cents: summary.shipping?.exclCents ?? 0,
      discount_incl_cents: summary.discount?.inclCents ?? 0,
      discount_excl_cents: summary.discount?.exclCents ?? 0,
      tax_cents: summary.taxCents,
      total_incl_cents: summary.totalInclCents,
      total_excl_cents: summary.totalExclCents,
      taxes: JSON.stringify(summary.taxes),
      coupon_code: summary.discount?.code ?? null,
      shipping_method_id: summary.shipping?.methodId ?? null,
      payment_method: input.paymentMethod,
      reverse_charge: summary.reverseCharge ? 1 : 0,
      vat_number: input.vatNumber ?? '',
      billing_address: JSON.stringify(input.billing),
      shipping_address: JSON.stringify(input.shipping),
      pickup_point: input.pickupPoint ?? null,
      idempotency_key: input.idempotencyKey,
      placed_by: input.placedBy ?? '',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toNumber(inserted.id);
}

export async function setOrderNumber(trx: Trx, { orderId, number }: { orderId: number; number: string }): Promise<void> {
  await trx.updateTable('orders').set({ number }).where('id', '=', orderId).execute();
}

/** Queues the order's confirmation mail, due at once (orders/mail.ts sends it). */
export async function queueOrderMail(trx: Trx, { orderId, culture, link, now }: { orderId: number; culture: string; link: string; now: number }): Promise<void> {
  await trx.insertInto('order_mails').values({ order_id: orderId, kind: 'Confirmation', culture, link, next_attempt_at: now, created_at: now }).execute();
}

/** A line's tax rate: its own, else the summary's one rate, else the summary's rate nearest to what its amounts imply. */
function lineRate(line: OrderSummaryLine, summary: OrderSummary): number {
  if (line.taxRateBp !== undefined) return line.taxRateBp;
  if (summary.reverseCharge) return 0;
  if (summary.taxes.length === 1) return summary.taxes[0].rateBp;
  if (line.unitExclCents <= 0) return 0;
  const derived = ((line.unitInclCents - line.unitExclCents) * 10_000) / line.unitExclCents;
  const rates = summary.taxes.map((tax) => tax.rateBp);
  return rates.length ? rates.reduce((best, rate) => (Math.abs(rate - derived) < Math.abs(best - derived) ? rate : best)) : Math.round(derived);
}

export async function insertOrderLines(trx: Trx, { orderId, summary }: { orderId: number; summary: OrderSummary }): Promise<void> {
  await trx
    .insertInto('order_lines')
    .values(
      summary.lines.map((line) => ({
        order_id: orderId,
        variant_id: line.variantId,
        sku: line.sku,
        name: line.name,
        quantity: line.quantity,
        unit_incl_cents: line.unitInclCents,
        unit_excl_cents: line.unitExclCents,
        total_incl_cents: line.totalInclCents,
        total_excl_cents: line.totalExclCents,
        tax_rate_bp: lineRate(line, summary),
        birth_list_id: birthListOfLine(line),
      })),
    )
    .execute();
}

/** Replaces an order's delivery address snapshot (staff, at the customer's request), only while it is in one of `states`; false otherwise. */
export async function setShippingAddress(db: Kysely<Database> | Trx, { orderId, address, states, now }: { orderId: number; address: OrderAddress; states: readonly OrderState[]; now: number }): Promise<boolean> {
  const result = await db.updateTable('orders').set({ shipping_address: JSON.stringify(address), updated_at: now }).where('id', '=', orderId).where('state', 'in', [...states]).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
