import type { TFunction } from 'i18next';
import { moneyFormatter } from '../shared/money';
import type { Config, Culture } from '../config';
import type { Db } from '../db';
import { toNumber } from '../db/normalise';
import type { Localization } from '../localization/i18n';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { type BankDetails, bankTransferDetails } from './bank';
import type { OrderView } from './model';
import { findOrderById } from './reads';

/** 'Total :' in French, 'Total:' elsewhere (Orders.Labelled), for a label before its value. */
const labelled = (t: TFunction, key: string): string => t('Orders.Labelled', { label: t(key), interpolation: { escapeValue: false } });

/** The order confirmation, in the order's culture: lines, totals, and for a bank transfer where to pay. */
export function confirmationText(t: TFunction, order: OrderView, link: string, bank: BankDetails): string {
  const money = moneyFormatter(order.currency, order.culture);
  const lines = order.lines.map((line) => `${line.quantity} × ${line.name}${line.options?.text ? ` – ${line.options.text}` : ''} (${line.sku})  ${money(line.totalInclCents)}`);
  const totals = [
    `${labelled(t, 'Orders.Subtotal')} ${money(order.subtotalInclCents)}`,
    ...(order.shippingInclCents ? [`${labelled(t, 'Orders.Shipping')} ${money(order.shippingInclCents)}`] : []),
    ...(order.discountInclCents ? [`${labelled(t, 'Orders.Discount')} -${money(order.discountInclCents)}`] : []),
    `${labelled(t, 'Orders.Tax')} ${money(order.taxCents)}`,
    `${labelled(t, 'Orders.Total')} ${money(order.totalInclCents)}`,
    ...(order.reverseCharge ? [t('Orders.ReverseCharge')] : []),
  ];
  const transfer =
    order.paymentMethod === 'BankTransfer'
      ? ['', t('Orders.BankTransferIntro'), `${labelled(t, 'Orders.BankHolder')} ${bank.holder}`, `${labelled(t, 'Orders.BankIban')} ${bank.iban}`, `${labelled(t, 'Orders.BankBic')} ${bank.bic}`, `${labelled(t, 'Orders.BankReference')} ${order.number}`]
      : [];
  return [t('Orders.MailIntro', { number: order.number }), '', ...lines, '', ...totals, ...transfer, '', link, ''].join('\n');
}

/**
 * The confirmation's Message-ID, the same on every attempt for one queued mail: the order number, its creation time
 * (so a database started again from empty never repeats one) and the order_mails row, at the shop's mail domain.
 */
export function orderMailMessageId(mailId: number, order: Pick<OrderView, 'number' | 'createdAt'>, shopEmail: string): string {
  const domain = shopEmail.split('@')[1] || 'localhost';
  return `<order-${order.number}-${order.createdAt}-${mailId}@${domain}>`;
}

export async function sendOrderConfirmation(deps: { mailer: Mailer; t: TFunction; link: string; bank: BankDetails; messageId?: string }, order: OrderView): Promise<void> {
  await deps.mailer.send({
    messageId: deps.messageId,
    to: order.email,
    subject: deps.t('Orders.MailSubject', { number: order.number }),
    text: confirmationText(deps.t, order, deps.link, deps.bank),
  });
}

/** After a failed attempt n (1-based), the wait before the next one; after the last attempt the mail stops. */
export const ORDER_MAIL_BACKOFF_MINUTES = [1, 5, 15, 60, 60] as const;
export const ORDER_MAIL_MAX_ATTEMPTS = ORDER_MAIL_BACKOFF_MINUTES.length + 1;
/** How long a claimed row is left to its sender before another sweep may take it again (a process that died mid-send); ORDER_MAIL_CLAIM_SECONDS overrides it. */
export const ORDER_MAIL_CLAIM_MINUTES = 15;

export interface OrderMailDeps {
  db: Db;
  mailer: Mailer;
  localization: Pick<Localization, 'translator'>;
  config: Pick<Config, 'BANK_HOLDER' | 'BANK_IBAN' | 'BANK_BIC' | 'SHOP_EMAIL'> & Partial<Pick<Config, 'ORDER_MAIL_CLAIM_SECONDS'>>;
  logger: Pick<Logger, 'error' | 'warn'>;
}

/**
 * Sends every due order mail (`order_mails` unsent, `next_attempt_at <= now`, fewer than
 * ORDER_MAIL_MAX_ATTEMPTS tries), or only the given order's. Each row is claimed first by a conditional
 * update that moves next_attempt_at forward: of two sweeps (or processes) only one sends it. Sent: sent_at.
 * A process killed between the send and sent_at leaves the row to be claimed again once the claim expires; the
 * repeat carries the same Message-ID (orderMailMessageId), so the outbox keeps one copy and an SMTP receiver can drop it.
 * Failed: attempts + 1, last_error, next_attempt_at after the backoff; the last attempt failed: an error logged, no more tries.
 * Answers how many were sent and how many failed.
 */
export async function sendDueOrderMails(deps: OrderMailDeps, now = Date.now(), options: { orderId?: number } = {}): Promise<{ sent: number; failed: number }> {
  const { db } = deps;
  let query = db
    .selectFrom('order_mails')
    .select(['id', 'order_id', 'kind', 'culture', 'link', 'attempts'])
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where('attempts', '<', ORDER_MAIL_MAX_ATTEMPTS)
    .orderBy('id');
  if (options.orderId !== undefined) query = query.where('order_id', '=', options.orderId);
  const due = await query.execute();
  const outcome = { sent: 0, failed: 0 };
  const claimMs = (deps.config.ORDER_MAIL_CLAIM_SECONDS ?? ORDER_MAIL_CLAIM_MINUTES * 60) * 1000;
  for (const row of due) {
    const claimed = await db
      .updateTable('order_mails')
      .set({ next_attempt_at: now + claimMs })
      .where('id', '=', row.id)
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    try {
      const order = await findOrderById(db, row.order_id);
      if (!order) throw new Error(`No order ${row.order_id}`);
      const messageId = orderMailMessageId(row.id, order, deps.config.SHOP_EMAIL);
      await sendOrderConfirmation({ mailer: deps.mailer, t: deps.localization.translator(row.culture as Culture), link: row.link, bank: bankTransferDetails(deps.config), messageId }, order);
      await db.updateTable('order_mails').set({ sent_at: Date.now(), last_error: null }).where('id', '=', row.id).execute();
      outcome.sent += 1;
    } catch (error) {
      const attempts = toNumber(row.attempts) + 1;
      const wait = ORDER_MAIL_BACKOFF_MINUTES[attempts - 1];
      const message = error instanceof Error ? error.message : String(error);
      await db
        .updateTable('order_mails')
        .set({ attempts, last_error: message.slice(0, 2000), next_attempt_at: wait === undefined ? now : now + wait * 60_000 })
        .where('id', '=', row.id)
        .execute();
      outcome.failed += 1;
      if (wait === undefined) deps.logger.error({ err: error, orderId: row.order_id, mail: row.id, attempts }, 'order mail given up');
      else deps.logger.warn({ err: error, orderId: row.order_id, mail: row.id, attempts }, 'order mail failed, will retry');
    }
  }
  return outcome;
}
