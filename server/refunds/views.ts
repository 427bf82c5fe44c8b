// The refund pages' models: the request form's rows (open quantity, the chosen one, the refunded amount
// with 2 decimals and a comma), its totals, and a request as the customer and staff pages show it.
import type { Response } from 'express';
import { refundAmountText, refundTotals } from '../../common/refund-amounts';
import { firstText } from '../shared/ids';
import { moneyFormatter } from '../shared/money';
import { shopDateFormat } from '../shared/time-zone';
import type { RefundRequestView } from './data';
import type { RefundForm } from './requests';
import { openQuantity, quantityField } from './rules';

/** The form's model: each line with its select (0 to what is open) and amount, the totals, the messages translated. */
export function formModel(res: Response, form: RefundForm, posted: Record<string, unknown>, errors: Record<string, string>) {
  const money = moneyFormatter(form.order.currency, res.locals.culture);
  const lines = form.lines.map((line) => {
    const field = quantityField(line.id);
    const open = openQuantity(line);
    const asked = Number(firstText(posted[field]) ?? 0);
    const quantity = Number.isInteger(asked) && asked >= 0 && asked <= open ? asked : 0;
    return { ...line, field, open, quantity, unitPrice: money(line.unitInclCents), amount: refundAmountText(line.unitInclCents * quantity), error: errors[field] ? res.locals.t(errors[field]) : '' };
  });
  const totals = refundTotals(lines);
  return {
    order: form.order,
    refundable: form.refundable,
    lines,
    currency: form.order.currency,
    totalQuantity: totals.quantity,
    totalAmount: refundAmountText(totals.cents),
    reason: firstText(posted.Reason) ?? '',
    errors: Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, res.locals.t(key)])),
  };
}

/** A request in a list: number, order, date, state and amount. */
export function rowModel(res: Response, request: RefundRequestView) {
  const date = shopDateFormat(res.locals.culture, { dateStyle: 'medium' });
  return { ...request, date: date.format(request.createdAt), amount: moneyFormatter(request.currency, res.locals.culture)(request.amountCents) };
}

/** A request with its lines' amounts (2 decimals, comma) and totals. */
export function requestModel(res: Response, request: RefundRequestView) {
  const money = moneyFormatter(request.currency, res.locals.culture);
  const totals = refundTotals(request.lines);
  return {
    ...rowModel(res, request),
    refunded: money(request.refundedCents),
    lines: request.lines.map((line) => ({ ...line, unitPrice: money(line.unitInclCents), amountText: refundAmountText(line.amountCents) })),
    totalQuantity: totals.quantity,
    totalAmount: refundAmountText(totals.cents),
  };
}
