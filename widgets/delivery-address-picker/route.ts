import { type Request, Router } from 'express';
import { currentUser } from '../../server/accounts/current-user';
import { listAddresses } from '../../server/account-pages/address-book';
import { addressId } from '../../server/checkout/address-form';
import { addressBookFlags, defaultChoice, pickerLocals } from '../../server/checkout/address-picker';
import { appLocals } from '../../server/http/locals';
import { BadInput, Unauthorized } from '../../server/http/errors';
import { renderWidget } from '../../server/http/render';

/** The asked choice of a picker: null when not asked, 0 for none, or the id; BadInput when malformed. */
function askedChoices(req: Request): { billing: number | null; shipping: number | null } {
  const billing = addressId(req.query.ExistingBillingAddressId);
  const shipping = addressId(req.query.ExistingShippingAddressId);
  const bad: Record<string, string> = {};
  if (billing === null) bad.ExistingBillingAddressId = 'Validation.integer';
  if (shipping === null) bad.ExistingShippingAddressId = 'Validation.integer';
  if (Object.keys(bad).length) throw new BadInput(bad);
  return {
    billing: req.query.ExistingBillingAddressId === undefined ? null : billing,
    shipping: req.query.ExistingShippingAddressId === undefined ? null : shipping,
  };
}

/**
 * GET {app}/widget/DeliveryAddressPicker?ExistingBillingAddressId&ExistingShippingAddressId&hasCreation&hasEdit:
 * the signed-in customer's address pickers alone, which the checkout refetches after the popup saved an address.
 */
export function deliveryAddressPickerWidget(): Router {
  const router = Router();
  router.get('/widget/DeliveryAddressPicker', async (req, res) => {
    const user = currentUser(res);
    if (!user) throw new Unauthorized();
    const asked = askedChoices(req);
    const addresses = await listAddresses(appLocals(req).db, user.id, res.locals.culture);
    const allowed = addressBookFlags(res);
    const flags = { hasCreation: allowed.hasCreation && req.query.hasCreation !== 'false', hasEdit: allowed.hasEdit && req.query.hasEdit !== 'false' };
    const billingId = defaultChoice(addresses, 'Billing', asked.billing);
    const shippingId = defaultChoice(addresses, 'Shipping', asked.shipping);
    res.set('Cache-Control', 'no-store');
    await renderWidget(req, res, 'delivery-address-picker', pickerLocals(res, { addresses, billingId, shippingId, flags }));
  });
  return router;
}
