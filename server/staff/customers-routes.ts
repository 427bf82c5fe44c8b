// The staff's customer tools (staff only): the customer search GET {app}/api/v1/sales/customers?q=
// (at least 2 characters; [{CustomerId, Email}]), the same search as a page ({culture}/staff/customers,
// a GET form that works without JS), a customer's page (profile, prepaid accounts, orders) and the
// edit-customer form, opened in a modal with JS: on error the form again (400), on success a redirect
// to the customer (the behaviour then closes the modal and reloads). Every edit is audited. Only plain
// customers: an account with a staff, editor or administrator role is not found (404) by any of them.
import { type Request, type Response, Router } from 'express';
import { currentUser, requireRole } from '../accounts/current-user';
import { mailEmailChange } from '../accounts/email-changes';
import { inBackground } from '../accounts/mail';
import { BadInput, NotFound } from '../http/errors';
import { seeOther, setFlash } from '../http/forms';
import { appLocals } from '../http/locals';
import { renderPage } from '../http/render';
import { listAccounts } from '../prepaid/data';
import { firstText, pathId } from '../shared/ids';
import { moneyFormatter } from '../shared/money';
import { shopDateFormat } from '../shared/time-zone';
import { saveCustomerProfile } from './customer-edit';
import { type CustomerProfile, emailTaken, findCustomer, ordersOfCustomer, searchCustomers } from './customers-data';
import { customerForm } from './customers-form';

const staffOnly = requireRole('staff');
export const CUSTOMER_SEARCH_MIN = 2;

/** The search text: at least 2 characters (specification, section 9), at most 100. */
function searchText(req: Request, { optional = false } = {}): string | null {
  const text = (firstText(req.query.q) ?? '').trim();
  if (optional && text === '') return null;
  if (text.length < CUSTOMER_SEARCH_MIN || text.length > 100) throw new BadInput({ q: 'Sales.Customers.SearchTooShort' });
  return text;
}

async function searchApi(req: Request, res: Response): Promise<void> {
  const customers = await searchCustomers(appLocals(req).db, { text: searchText(req)! });
  res.set('Cache-Control', 'no-store');
  res.json(customers.map((customer) => ({ CustomerId: customer.id, Email: customer.email })));
}

async function searchPage(req: Request, res: Response): Promise<void> {
  const text = searchText(req, { optional: true });
  const customers = text ? await searchCustomers(appLocals(req).db, { text }) : [];
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'staff/customers', { title: res.locals.t('Sales.Customers.Title'), q: text ?? '', searched: text !== null, customers, minLength: CUSTOMER_SEARCH_MIN });
}

async function customerOrThrow(req: Request): Promise<CustomerProfile> {
  const customer = await findCustomer(appLocals(req).db, { customerId: pathId(req.params.id) });
  if (!customer) throw new NotFound();
  return customer;
}

async function customerPage(req: Request, res: Response): Promise<void> {
  const { db } = appLocals(req);
  const customer = await customerOrThrow(req);
  const culture = res.locals.culture;
  const [accounts, orders] = await Promise.all([listAccounts(db, { userId: customer.id }), ordersOfCustomer(db, { customerId: customer.id })]);
  const date = shopDateFormat(culture, { dateStyle: 'medium' });
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'staff/customer', {
    title: res.locals.t('Sales.Customers.CustomerTitle', { email: customer.email }),
    customer,
    accounts: accounts.map((account) => ({ ...account, balance: moneyFormatter(account.currency, culture)(account.balanceCents) })),
    orders: orders.map((order) => ({ ...order, date: date.format(order.createdAt), total: moneyFormatter(order.currency, culture)(order.totalInclCents) })),
  });
}

async function editPage(req: Request, res: Response, customer: CustomerProfile, values?: Record<string, string>, errors: Record<string, string> = {}, status = 200) {
  res.set('Cache-Control', 'no-store');
  const shown = values ?? { FirstName: customer.firstName, LastName: customer.lastName, Email: customer.email, Culture: customer.culture };
  await renderPage(req, res, 'staff/customer-edit', { title: res.locals.t('Sales.Customers.EditTitle', { email: customer.email }), customer, form: customerForm, values: shown, errors }, status);
}

async function editForm(req: Request, res: Response): Promise<void> {
  await editPage(req, res, await customerOrThrow(req));
}

/** Name and culture are saved at once; a new e-mail only waits for the link mailed to it (the old address is told who asked). */
async function saveCustomer(req: Request, res: Response): Promise<void> {
  const { db } = appLocals(req);
  const before = await customerOrThrow(req);
  const result = customerForm.validate(req.body, res.locals.t);
  if (!result.ok) return editPage(req, res, before, result.values, result.errors as Record<string, string>, 400);
  const after = { id: before.id, firstName: result.data.FirstName.trim(), lastName: result.data.LastName.trim(), email: result.data.Email.trim().toLowerCase(), culture: result.data.Culture };
  if (await emailTaken(db, { email: after.email, exceptId: before.id })) return editPage(req, res, before, result.values, { Email: res.locals.t('Sales.Customers.EmailTaken') }, 400);
  const staff = currentUser(res)!;
  const requestedBy = { id: staff.id, staffName: `${staff.firstName} ${staff.lastName}`.trim() || staff.email };
  const asked = await saveCustomerProfile(db, { before, after, staff: requestedBy, now: Date.now() });
  if (asked?.outcome === 'taken') return editPage(req, res, before, result.values, { Email: res.locals.t('Sales.Customers.EmailTaken') }, 400);
  if (asked?.outcome === 'requested') inBackground(req, (mail) => mailEmailChange(mail, asked.pending));
  setFlash(req, 'success', asked?.outcome === 'requested' ? 'Sales.Customers.EmailChangeSent' : 'Sales.Customers.Saved', { email: after.email });
  seeOther(res, res.locals.href(`staff/customers/${before.id}`));
}

export function staffCustomerSiteRoutes(): Router {
  const router = Router();
  router.get('/api/v1/sales/customers', staffOnly, searchApi);
  return router;
}

export function staffCustomerRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.use('/staff/customers', staffOnly);
  router.get('/staff/customers', searchPage);
  router.get('/staff/customers/:id', customerPage);
  router.get('/staff/customers/:id/edit', editForm);
  router.post('/staff/customers/:id/edit', saveCustomer);
  return router;
}
