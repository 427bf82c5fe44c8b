import type { Db } from '../db';
import type { Logger } from '../logger';
import { OrderTransitionError, transitionOrder } from '../orders/orders';
import { hmacBase64, signatureMatches } from './signing';

/**
 * A provider notification item (the sessions flow's webhook shape): the event, its PSP reference, our
 * merchantReference (the payment session id), the amount, and additionalData.hmacSignature over
 * pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success.
 */
export interface NotificationItem {
  pspReference: string;
  originalReference?: string;
  merchantAccountCode: string;
  merchantReference: string;
  amount: { value: number; currency: string };
  eventCode: string;
  success: 'true' | 'false';
  eventDate?: string;
  additionalData?: { hmacSignature?: string; [key: string]: unknown };
}

export interface NotificationBody {
  live: 'true' | 'false';
  notificationItems: { NotificationRequestItem: NotificationItem }[];
}

export function signingString(item: NotificationItem): string {
  return [
    item.pspReference,
    item.originalReference ?? '',
    item.merchantAccountCode,
    item.merchantReference,
    String(item.amount?.value ?? ''),
    item.amount?.currency ?? '',
    item.eventCode,
    item.success,
  ].join(':');
}

/** Signs an item (the sandbox provider does this; tests use it to act as the provider). */
export function signItem(key: Buffer, item: Omit<NotificationItem, 'additionalData'>): NotificationItem {
  return { ...item, additionalData: { hmacSignature: hmacBase64(key, signingString(item)) } };
}

function isItem(value: unknown): value is NotificationItem {
  const item = value as NotificationItem | null;
  return (
    typeof item === 'object' && item !== null &&
    typeof item.pspReference === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(item.pspReference) &&
    typeof item.merchantReference === 'string' && item.merchantReference.length <= 100 &&
    typeof item.merchantAccountCode === 'string' && item.merchantAccountCode.length <= 100 &&
    typeof item.eventCode === 'string' && /^[A-Z_]{1,40}$/.test(item.eventCode) &&
    (item.success === 'true' || item.success === 'false') &&
    typeof item.amount === 'object' && item.amount !== null && Number.isInteger(item.amount.value) && typeof item.amount.currency === 'string'
  );
}

export type ItemOutcome = 'processed' | 'duplicate' | 'ignored' | 'rejected';

/**
 * Verifies, stores and processes one notification item, all in one transaction:
 * - a bad or missing signature is rejected: nothing is stored or changed;
 * - the row (provider, psp_reference, event_code) is inserted once: a redelivery finds it and changes nothing;
 * - the payment moves only from the state the event expects (a conditional update), so an event that
 *   comes late (an AUTHORISATION after a CANCELLATION) changes nothing either;
 * - a successful AUTHORISATION moves the order to Paid (transitionOrder, same transaction).
 */
export async function handleNotificationItem(db: Db, key: Buffer, provider: string, value: unknown, logger?: Logger): Promise<ItemOutcome> {
  if (!isItem(value) || !signatureMatches(key, signingString(value), value.additionalData?.hmacSignature)) return 'rejected';
  const item = value;
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const stored = await trx
      .insertInto('payment_notifications')
      .values({ provider, psp_reference: item.pspReference, event_code: item.eventCode, payload: JSON.stringify(item), received_at: now, processed_at: null })
      .onConflict((conflict) => conflict.columns(['provider', 'psp_reference', 'event_code']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!stored) return 'duplicate';
    const markProcessed = () => trx.updateTable('payment_notifications').set({ processed_at: now }).where('id', '=', stored.id).execute();
    const payment = await trx
      .selectFrom('payments')
      .select(['id', 'order_id', 'amount_cents', 'currency', 'state'])
      .where('session_id', '=', item.merchantReference)
      .where('provider', '=', provider)
      .executeTakeFirst();
    if (!payment || Number(payment.amount_cents) !== item.amount.value || payment.currency !== item.amount.currency) {
      await markProcessed();
      return 'ignored';
    }
    const success = item.success === 'true';
    const change =
      item.eventCode === 'AUTHORISATION'
        ? { from: ['Pending'], to: success ? 'Authorised' : 'Refused' }
        : item.eventCode === 'CANCELLATION' && success
          ? { from: ['Pending'], to: 'Cancelled' }
          : null;
    if (!change) {
      await markProcessed();
      return 'ignored';
    }
    const updated = await trx
      .updateTable('payments')
      .set({ state: change.to as 'Authorised' | 'Refused' | 'Cancelled', psp_reference: item.pspReference, updated_at: now })
      .where('id', '=', payment.id)
      .where('state', 'in', change.from as ['Pending'])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1 && change.to === 'Authorised') {
      try {
        await transitionOrder(trx, payment.order_id, 'Paid', `payment ${item.pspReference}`);
      } catch (error) {
        // The order cannot be paid any more (cancelled meanwhile): the money is authorised, staff refund it.
        if (!(error instanceof OrderTransitionError)) throw error;
        logger?.warn({ orderId: payment.order_id, pspReference: item.pspReference }, 'payment authorised for an order that cannot be paid');
      }
    }
    await markProcessed();
    return Number(updated.numUpdatedRows) === 1 ? 'processed' : 'ignored';
  });
}

/**
 * A whole notification request: each item handled on its own. Accepted ("[accepted]") when every item
 * was verified (stored, or already stored); a request with any item that fails verification is
 * refused (401) and that item leaves no trace.
 */
export async function handleNotification(db: Db, key: Buffer, provider: string, body: unknown, logger?: Logger): Promise<{ accepted: boolean; outcomes: ItemOutcome[] }> {
  const items = (body as NotificationBody | null)?.notificationItems;
  if (!Array.isArray(items) || items.length === 0 || items.length > 50) return { accepted: false, outcomes: [] };
  const outcomes: ItemOutcome[] = [];
  for (const entry of items) outcomes.push(await handleNotificationItem(db, key, provider, (entry as { NotificationRequestItem?: unknown })?.NotificationRequestItem, logger));
  return { accepted: !outcomes.includes('rejected'), outcomes };
}
