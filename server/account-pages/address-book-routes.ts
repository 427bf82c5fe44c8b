// The customer's address book under {app}/{culture}/account/addresses: the saved addresses (the ones the
// checkout's pickers and address popup use), a new one, an edit and a delete confirmed by a second page.
// Forms post without JS and redirect with a notice; only the owner reaches an address (anyone else: 404).
import { type Request, type Response, Router } from 'express';
import { currentUser, requireUser } from '../accounts/current-user';
import { pathId } from '../shared/ids';
import { type AddressValues, addressFields, addressForm, type CheckedAddress, checkAddressInput } from '../checkout/address-form';
import { countryOptions } from '../checkout/vat';
import { NotFound } from '../http/errors';
import { seeOther, setFlash } from '../http/forms';
import { appLocals } from '../http/locals';
import { renderPage } from '../http/render';
import { createAddress, deleteAddress, listAddresses, ownAddress, type SavedAddress, updateAddress } from './address-book';

const listPath = 'account/addresses';

interface FormPage {
  /** The address edited, 0 for a new one. */
  addressId: number;
  values: AddressValues;
  errors: AddressValues;
}


/** The signed-in customer's address with this path id; 404 for anyone else's or none. */
async function ownOrNotFound(req: Request, res: Response): Promise<SavedAddress> {
  const own = await ownAddress(appLocals(req).db, currentUser(res)!.id, pathId(req.params.id), res.locals.culture);
  if (!own.found) throw new NotFound();
  return own.address;
}

/** The posted address, checked as the checkout's address popup checks it. */
function checkPosted(req: Request, res: Response): Promise<CheckedAddress> {
  const { t } = res.locals;
  return checkAddressInput(appLocals(req).db, addressForm.validate(req.body, t), t);
}

async function renderForm(req: Request, res: Response, { addressId, values, errors }: FormPage, status = 200): Promise<void> {
  const { t } = res.locals;
  res.set('Cache-Control', 'no-store');
  await renderPage(
    req,
    res,
    'account/address-form',
    {
      title: t(addressId ? 'Checkout.Addresses.EditTitle' : 'Checkout.Addresses.NewTitle'),
      action: `${listPath}/${addressId || 'new'}`,
      form: addressForm,
      countries: await countryOptions(appLocals(req).db, res.locals.culture),
      values,
      errors,
    },
    status,
  );
}

async function list(req: Request, res: Response): Promise<void> {
  const addresses = await listAddresses(appLocals(req).db, currentUser(res)!.id, res.locals.culture);
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'account/addresses', { title: res.locals.t('Security.Account.Addresses.Title'), addresses });
}

async function newForm(req: Request, res: Response): Promise<void> {
  const user = currentUser(res)!;
  const values = { AddressType: 'Both', AccountType: 'Private', BillingFirstName: user.firstName, BillingLastName: user.lastName };
  await renderForm(req, res, { addressId: 0, values, errors: {} });
}

async function create(req: Request, res: Response): Promise<void> {
  const checked = await checkPosted(req, res);
  if (!checked.ok) return renderForm(req, res, { addressId: 0, values: checked.values, errors: checked.errors }, 400);
  await createAddress(appLocals(req).db, { userId: currentUser(res)!.id, row: checked.row });
  setFlash(req, 'success', 'Checkout.Addresses.Saved');
  seeOther(res, res.locals.href(listPath));
}

async function editForm(req: Request, res: Response): Promise<void> {
  const address = await ownOrNotFound(req, res);
  await renderForm(req, res, { addressId: address.id, values: { AddressType: address.type, ...addressFields(address, 'Billing') }, errors: {} });
}

async function update(req: Request, res: Response): Promise<void> {
  // The owner check first: another customer's address is refused whatever the fields say.
  const address = await ownOrNotFound(req, res);
  const checked = await checkPosted(req, res);
  if (!checked.ok) return renderForm(req, res, { addressId: address.id, values: checked.values, errors: checked.errors }, 400);
  if (!(await updateAddress(appLocals(req).db, { userId: currentUser(res)!.id, id: address.id, row: checked.row }))) throw new NotFound();
  setFlash(req, 'success', 'Checkout.Addresses.Saved');
  seeOther(res, res.locals.href(listPath));
}

async function confirmDelete(req: Request, res: Response): Promise<void> {
  const address = await ownOrNotFound(req, res);
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'account/address-delete', { title: res.locals.t('Security.Account.Addresses.DeleteTitle'), address });
}

async function remove(req: Request, res: Response): Promise<void> {
  if (!(await deleteAddress(appLocals(req).db, { userId: currentUser(res)!.id, id: pathId(req.params.id) }))) throw new NotFound();
  setFlash(req, 'success', 'Security.Account.Addresses.Deleted');
  seeOther(res, res.locals.href(listPath));
}

/** {app}/{culture}/account/addresses[/new | /{id} | /{id}/delete], signed-in accounts only. */
export function addressBookRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.use(`/${listPath}`, requireUser());
  router.get(`/${listPath}`, list);
  router.get(`/${listPath}/new`, newForm);
  router.post(`/${listPath}/new`, create);
  router.get(`/${listPath}/:id`, editForm);
  router.post(`/${listPath}/:id`, update);
  router.get(`/${listPath}/:id/delete`, confirmDelete);
  router.post(`/${listPath}/:id/delete`, remove);
  return router;
}
