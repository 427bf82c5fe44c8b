// The checkout's address popup ({app}/{culture}/checkout/address): a page without JS, a modal body with
// JS, saving into the signed-in customer's address book and returning to the checkout with the saved
// address chosen. The form and its checks: address-form.ts; the pickers: widgets/delivery-address-picker.
import { type Request, type Response, Router } from 'express';
import { currentUser } from '../accounts/current-user';
import { BadInput, Forbidden, Unauthorized } from '../http/errors';
import { seeOther, setFlash, wantsJson } from '../http/forms';
import { appLocals } from '../http/locals';
import { isHtmxRequest, renderPage } from '../http/render';
import { addressFields, addressForm, addressId, addressTypes, type AddressValues, choiceAfterSave, requireOwnAddress, savePostedAddress } from './address-form';
import { addressBookFlags } from './address-picker';
import { countryOptions } from './vat';
import { withCountryCodes } from './postal-codes';
import { listCountries } from '../shipping/data';

async function renderPopup(req: Request, res: Response, values: AddressValues, errors: AddressValues, status = 200): Promise<void> {
  const isNew = !values.Id || values.Id === '0';
  const { db } = appLocals(req);
  const [countries, codes] = await Promise.all([countryOptions(db, res.locals.culture), listCountries(db, { culture: res.locals.culture })]);
  res.set('Cache-Control', 'no-store');
  const title = res.locals.t(isNew ? 'Checkout.Addresses.NewTitle' : 'Checkout.Addresses.EditTitle');
  const form = withCountryCodes(addressForm, codes);
  await renderPage(req, res, 'checkout/address', { title, form, values, errors, countries, backHref: checkoutHref(res, values) }, status);
}

/** The checkout's address, carrying the choices of its pickers. */
function checkoutHref(res: Response, values: AddressValues): string {
  const query = new URLSearchParams();
  for (const name of ['ExistingBillingAddressId', 'ExistingShippingAddressId'] as const) {
    const id = addressId(values[name]);
    if (id !== null && values[name] !== undefined && values[name] !== '') query.set(name, String(id));
  }
  const search = query.toString();
  return res.locals.href(`checkout${search ? `?${search}` : ''}`);
}

function signedInUser(res: Response) {
  const user = currentUser(res);
  if (!user) throw new Unauthorized();
  return user;
}

async function getPopup(req: Request, res: Response): Promise<void> {
  const user = signedInUser(res);
  const id = addressId(req.query.Id);
  if (id === null) throw new BadInput({ Id: 'Validation.integer' });
  const flags = addressBookFlags(res);
  const type = addressTypes.find((value) => value === req.query.AddressType) ?? 'Both';
  const carried = { ExistingBillingAddressId: String(req.query.ExistingBillingAddressId ?? ''), ExistingShippingAddressId: String(req.query.ExistingShippingAddressId ?? '') };
  if (id === 0) {
    if (!flags.hasCreation) throw new Forbidden();
    return renderPopup(req, res, { Id: '0', AddressType: type, AccountType: 'Private', BillingFirstName: user.firstName, BillingLastName: user.lastName, ...carried }, {});
  }
  if (!flags.hasEdit) throw new Forbidden();
  const address = await requireOwnAddress(appLocals(req).db, { userId: user.id, id, culture: res.locals.culture });
  return renderPopup(req, res, { Id: String(id), AddressType: address.type, ...addressFields(address, 'Billing'), ...carried }, {});
}

async function postPopup(req: Request, res: Response): Promise<void> {
  const user = signedInUser(res);
  const { t, culture } = res.locals;
  const saved = await savePostedAddress(appLocals(req).db, { userId: user.id, flags: addressBookFlags(res), body: req.body, t, culture });
  if (!saved.ok) {
    // A script gets the API's 400 body from the error chain; htmx (the modal) gets the form again with its messages.
    if (wantsJson(req) && !isHtmxRequest(req)) throw new BadInput(saved.errors as Record<string, string>);
    return renderPopup(req, res, saved.values, saved.errors, 400);
  }
  const choice = choiceAfterSave(saved.values, saved);
  if (isHtmxRequest(req) || wantsJson(req)) return void res.set('Cache-Control', 'no-store').json({ Id: saved.id, AddressType: saved.type, ...choice });
  setFlash(req, 'success', 'Checkout.Addresses.Saved');
  seeOther(res, checkoutHref(res, choice));
}

export function addressCultureRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/checkout/address', getPopup);
  router.post('/checkout/address', postPopup);
  return router;
}
