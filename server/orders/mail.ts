import type { TFunction } from 'i18next';
import { formatMoney } from '../catalog/money';
import type { Mailer } from '../mail/mailer';
import type { BankDetails } from './bank';
import type { OrderView } from './orders';

/** The order confirmation, in the order's culture: lines, totals, and for a bank transfer where to pay. */
export function confirmationText(t: TFunction, order: OrderView, link: string, bank: BankDetails): string {
  const money = (cents: number) => formatMoney({ cents, currency: order.currency }, order.culture);
  const lines = order.lines.map((line) => `${line.quantity} × ${line.name} (${line.sku})  ${money(line.totalInclCents)}`);
  const totals = [
    `${t('Orders.Subtotal')}: ${money(order.subtotalInclCents)}`,
    ...(order.shippingInclCents ? [`${t('Orders.Shipping')}: ${money(order.shippingInclCents)}`] : []),
    ...(order.discountInclCents ? [`${t('Orders.Discount')}: -${money(order.discountInclCents)}`] : []),
    `${t('Orders.Tax')}: ${money(order.taxCents)}`,
    `${t('Orders.Total')}: ${money(order.totalInclCents)}`,
    ...(order.reverseCharge ? [t('Orders.ReverseCharge')] : []),
  ];
  const transfer =
    order.paymentMethod === 'BankTransfer'
      ? ['', t('Orders.BankTransferIntro'), `${t('Orders.BankHolder')}: ${bank.holder}`, `IBAN: ${bank.iban}`, `BIC: ${bank.bic}`, `${t('Orders.BankReference')}: ${order.number}`]
      : [];
  return [t('Orders.MailIntro', { number: order.number }), '', ...lines, '', ...totals, ...transfer, '', link, ''].join('\n');
}

export async function sendOrderConfirmation(deps: { mailer: Mailer; t: TFunction; link: string; bank: BankDetails }, order: OrderView): Promise<void> {
  await deps.mailer.send({
    to: order.email,
    subject: deps.t('Orders.MailSubject', { number: order.number }),
    text: confirmationText(deps.t, order, deps.link, deps.bank),
  });
}
