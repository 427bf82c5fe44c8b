// Changing an order's delivery address for a customer (staff): while the order is not yet shipped
// (Placed, AwaitingPayment, Paid), the new address replaces the order's snapshot, the change is audited
// and the customer gets an e-mail saying so. Answers the message the modal shows (success or error).
import type { Request, Response } from 'express';
import { currentUser } from '../accounts/current-user';
import { inBackground } from '../accounts/mail';
import { writeAudit } from '../audit/data';
import { appLocals } from '../http/locals';
import { setShippingAddress } from '../orders/data';
import type { OrderAddress } from '../orders/model';
import { findOrderByNumber } from '../orders/reads';
import type { OrderState } from '../orders/states';
import { sendCustomerMail } from '../prepaid/mail';
import { idOf } from '../shared/ids';
import { findCountry } from '../shipping/data';
import { staffMayActFor } from './customer-scope';

export const ADDRESS_CHANGE_STATES: readonly OrderState[] = ['Placed', 'AwaitingPayment', 'Paid'];

export type AddressChange = { ok: true; message: string } | { ok: false; message: string; status: number };

type Posted = Record<'OrderNumber' | 'ShippingFirstName' | 'ShippingLastName' | 'ShippingStreet1' | 'ShippingStreet2' | 'ShippingPostalCode' | 'ShippingCity' | 'ShippingCountry' | 'ShippingPhone', string>;

function addressOf(posted: Posted, countryId: number, before: OrderAddress): OrderAddress {
  return {
    ...before,
    firstName: posted.ShippingFirstName.trim(),
    lastName: posted.ShippingLastName.trim(),
    street1: posted.ShippingStreet1.trim(),
    street2: (posted.ShippingStreet2 ?? '').trim(),
    postalCode: posted.ShippingPostalCode.trim(),
    city: posted.ShippingCity.trim(),
    countryId,
    phone: (posted.ShippingPhone ?? '').trim(),
  };
}

/** The change of a checked form: the order by number (unknown, or a privileged account's: 404 message), a shop country, a state not yet shipped. */
export async function changeDeliveryAddress(req: Request, res: Response, posted: Posted): Promise<AddressChange> {
  const { db } = appLocals(req);
  const t = res.locals.t;
  const order = await findOrderByNumber(db, posted.OrderNumber.trim());
  if (!order || !(await staffMayActFor(db, { userId: order.userId }))) return { ok: false, message: t('Core.NotFoundText'), status: 404 };
  const countryId = idOf(posted.ShippingCountry.trim());
  if (countryId === null || !(await findCountry(db, { id: countryId }))) return { ok: false, message: t('Sales.DeliveryAddress.UnknownCountry'), status: 400 };
  const address = addressOf(posted, countryId, order.shipping);
  const changed = await db.transaction().execute(async (trx) => {
    if (!(await setShippingAddress(trx, { orderId: order.id, address, states: ADDRESS_CHANGE_STATES, now: Date.now() }))) return false;
    await writeAudit(trx, { actorId: currentUser(res)!.id, action: 'order.delivery-address', entity: 'order', entityId: order.number, before: order.shipping, after: address });
    return true;
  });
  if (!changed) return { ok: false, message: t('Sales.DeliveryAddress.TooLate'), status: 409 };
  inBackground(req, (deps) =>
    sendCustomerMail(deps, { email: order.email, firstName: order.billing.firstName, culture: order.culture }, {
      keyPrefix: 'Sales.DeliveryAddress.Mail',
      path: order.userId ? `account/orders/${order.number}` : `orders/confirmation/${order.number}`,
      values: { number: order.number, address: [address.street1, address.street2, `${address.postalCode} ${address.city}`].filter(Boolean).join(', ') },
    }),
  );
  return { ok: true, message: t('Sales.DeliveryAddress.Changed', { number: order.number }) };
}
