// The refund request's mails to the customer: received (Requested), Accepted, Refused, Refunded, each in
// the customer's culture (Sales.Refunds.Mail.{state}.Subject / Body), sent after the answer.
import type { Request } from 'express';
import { inBackground } from '../accounts/mail';
import { sendCustomerMail } from '../prepaid/mail';
import { moneyFormatter } from '../shared/money';
import type { RefundRequestView } from './data';

export function mailRefundState(req: Request, request: RefundRequestView): void {
  inBackground(req, (deps) =>
    sendCustomerMail(deps, { email: request.email, firstName: request.firstName, culture: request.culture }, {
      keyPrefix: `Sales.Refunds.Mail.${request.state}`,
      path: `account/refunds/${request.id}`,
      values: { number: request.orderNumber, amount: moneyFormatter(request.currency, request.culture)(request.amountCents), note: request.staffNote },
    }),
  );
}
