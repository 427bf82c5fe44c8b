// The staff's tools for a customer's order (staff only): the tools page {culture}/staff/orders/{number}/tools
// (customer, delivery address with the change-address button, make payment from one of the customer's
// prepaid accounts, the order's lines back into a cart), the payment itself (audited with the debit),
// and the change-delivery-address modal form {culture}/sales/order/ChangeDeliveryAddressRequest, whose
// answer is HTML with a messages element carrying success-msg or error-msg. The order of a privileged
// account (staff, editor, administrator) is not found by any of them (customer-scope.ts).
import { type Request, type Response, Router } from 'express';
import { currentUser, requireRole } from '../accounts/current-user';
import { NotFound } from '../http/errors';
import { seeOther, setFlash } from '../http/forms';
import { appLocals } from '../http/locals';
import { renderPage } from '../http/render';
import { findOrderByNumber } from '../orders/reads';
import type { OrderView } from '../orders/model';
import { prepaidChoices } from '../prepaid/choices';
import { accountIdOf } from '../prepaid/input';
import { payOrderFromAccount } from '../prepaid/ledger';
import { mailIfLowBalance } from '../prepaid/low-balance';
import { firstText } from '../shared/ids';
import { formatMoney } from '../shared/money';
import { isOrderNumber } from '../shared/order-numbers';
import { countryNames, listCountries } from '../shipping/data';
import { staffMayActFor } from './customer-scope';
import { ADDRESS_CHANGE_STATES, changeDeliveryAddress } from './delivery-address';
import { deliveryAddressForm } from './delivery-address-form';

const staffOnly = requireRole('staff');

async function orderOf(req: Request, number: unknown): Promise<OrderView> {
  const { db } = appLocals(req);
  const order = isOrderNumber(number) ? await findOrderByNumber(db, number) : null;
  if (!order || !(await staffMayActFor(db, { userId: order.userId }))) throw new NotFound();
  return order;
}

async function toolsPage(req: Request, res: Response): Promise<void> {
  const { db } = appLocals(req);
  const order = await orderOf(req, req.params.number);
  const culture = res.locals.culture;
  const countries = await countryNames(db, { ids: [order.shipping.countryId], culture });
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'staff/order-tools', {
    title: res.locals.t('Sales.OrderTools.Title', { number: order.number }),
    order,
    amount: formatMoney({ cents: order.totalInclCents, currency: order.currency }, culture),
    shippingCountry: countries.get(order.shipping.countryId) ?? '',
    canChangeAddress: ADDRESS_CHANGE_STATES.includes(order.state),
    prepaid: await prepaidChoices(db, { order, culture }),
  });
}

async function payForCustomer(req: Request, res: Response): Promise<void> {
  const order = await orderOf(req, req.params.number);
  const payment = await payOrderFromAccount(appLocals(req).db, { orderId: order.id, accountId: accountIdOf(req.body?.PrepaidAccountId), note: `staff:${currentUser(res)!.id}`, actorId: currentUser(res)!.id });
  mailIfLowBalance(req, payment);
  setFlash(req, 'success', 'Sales.Prepaid.Paid', { number: order.number });
  seeOther(res, res.locals.href(`staff/orders/${order.number}/tools`));
}

async function addressForm(req: Request, res: Response, order: OrderView, values?: Record<string, string>, errors: Record<string, string> = {}, status = 200) {
  const countries = await listCountries(appLocals(req).db, { culture: res.locals.culture });
  const address = order.shipping;
  const shown = values ?? {
    OrderNumber: order.number, ShippingFirstName: address.firstName, ShippingLastName: address.lastName, ShippingStreet1: address.street1, ShippingStreet2: address.street2,
    ShippingPostalCode: address.postalCode, ShippingCity: address.city, ShippingCountry: String(address.countryId), ShippingPhone: address.phone,
  };
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'staff/delivery-address', { title: res.locals.t('Sales.DeliveryAddress.Title', { number: order.number }), order, form: deliveryAddressForm, values: shown, errors, countries, messages: null }, status);
}

async function addressFormPage(req: Request, res: Response): Promise<void> {
  await addressForm(req, res, await orderOf(req, firstText(req.query.OrderNumber)));
}

/** POST: the form's errors (the form again, 400), or the change's message in the messages element. */
async function addressChange(req: Request, res: Response): Promise<void> {
  const result = deliveryAddressForm.validate(req.body, res.locals.t);
  if (!result.ok) return addressForm(req, res, await orderOf(req, firstText(req.body?.OrderNumber)), result.values, result.errors as Record<string, string>, 400);
  const change = await changeDeliveryAddress(req, res, result.data);
  res.set('Cache-Control', 'no-store');
  const messages = change.ok ? { success: change.message, error: '' } : { success: '', error: change.message };
  await renderPage(req, res, 'staff/delivery-address-result', { title: res.locals.t('Sales.DeliveryAddress.Title', { number: result.data.OrderNumber }), number: result.data.OrderNumber, messages }, change.ok ? 200 : change.status);
}

export function staffOrderToolRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/staff/orders/:number/tools', staffOnly, toolsPage);
  router.post('/staff/orders/:number/prepaid', staffOnly, payForCustomer);
  router.get('/sales/order/ChangeDeliveryAddressRequest', staffOnly, addressFormPage);
  router.post('/sales/order/ChangeDeliveryAddressRequest', staffOnly, addressChange);
  return router;
}
