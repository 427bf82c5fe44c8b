// The model of the delivery address picker (widgets/delivery-address-picker): which saved addresses
// serve as billing / shipping address, which are selected, and the links to the address popup. The
// checkout page and the widget's URL build it alike.
import type { Response } from 'express';
import { currentUser } from '../accounts/current-user';
import type { SavedAddress } from '../account-pages/address-book';
import type { AddressType } from '../orders/tables';

/** The page's address-book flags (has-creation, has-edit): a signed-in customer may do both. */
export interface AddressBookFlags {
  hasCreation: boolean;
  hasEdit: boolean;
}

export function addressBookFlags(res: Response): AddressBookFlags {
  const signedIn = Boolean(currentUser(res));
  return { hasCreation: signedIn, hasEdit: signedIn };
}

/** Whether an address of this type serves as a billing / shipping address. */
export function serves(address: { type: AddressType }, use: 'Billing' | 'Shipping'): boolean {
  return address.type === 'Both' || address.type === use;
}

/** The selected saved addresses of the checkout: the asked ones when they serve, else the first that does (or 0). */
export function defaultChoice(addresses: SavedAddress[], use: 'Billing' | 'Shipping', asked: number | null): number {
  if (asked !== null && addresses.some((a) => a.id === asked && serves(a, use))) return asked;
  if (asked === 0) return 0;
  return addresses.find((a) => serves(a, use))?.id ?? 0;
}

export interface PickerModel {
  addresses: SavedAddress[];
  billingId: number;
  shippingId: number;
  flags: AddressBookFlags;
}

/** The href of the address popup for an address (0: a new one), carrying the checkout's current choices. */
function popupHref(res: Response, id: number, type: AddressType, model: { billingId: number; shippingId: number }): string {
  const query = new URLSearchParams({ Id: String(id), AddressType: type, ExistingBillingAddressId: String(model.billingId), ExistingShippingAddressId: String(model.shippingId) });
  return res.locals.href(`checkout/address?${query}`);
}

/** The locals of widgets/delivery-address-picker/delivery-address-picker.ejs, which the checkout page includes too. */
export function pickerLocals(res: Response, model: PickerModel) {
  return { ...model, popupHref: (id: number, type: AddressType) => popupHref(res, id, type, model), serves };
}
