// The two sales-tax JSON calls of the specification: the VAT number check and the current country.
import { type Request, type Response, Router } from 'express';
import { BadInput } from '../http/errors';
import { appLocals } from '../http/locals';
import { firstText, idOf } from '../shared/ids';
import { findCountry } from '../shipping/data';
import { setCurrentCountry } from './current-country';
import { checkVat, viesOf } from './vat';

/** {app}/api/v1/sales/customers/checkisvatvalid/?countryId&VAT&customerId */
async function checkIsVatValid(req: Request, res: Response): Promise<void> {
  const t = res.locals.t;
  const countryId = idOf(String(firstText(req.query.countryId) ?? '').trim());
  const value = typeof req.query.VAT === 'string' ? req.query.VAT.trim() : '';
  const country = countryId === null ? null : await findCountry(appLocals(req).db, { id: countryId });
  if (!country) throw new BadInput({ countryId: t(countryId === null && req.query.countryId ? 'Catalog.InvalidId' : 'Checkout.UnknownCountry') });
  if (!value) throw new BadInput({ VAT: t('Validation.required') });
  const check = await checkVat(viesOf(req), country, value);
  res.set('Cache-Control', 'no-store');
  if (check.status === 'malformed') {
    const extra = { IsVATValidWebService: false, ErrorMessage: t('Checkout.VatFormat') };
    throw new BadInput({ VAT: 'Checkout.VatFormat' }, undefined, { resourceKey: 'Checkout.VatFormat', extra });
  }
  const message = check.valid === false ? t('Checkout.VatNotValid') : check.valid === null ? t('Checkout.VatUnverified') : '';
  res.json({ IsVATValidWebService: check.valid, ErrorMessage: message });
}

/** PUT {app}/api/v1/salestaxes/currentcountry {currentCountry}: the country whose VAT the cart charges. */
async function putCurrentCountry(req: Request, res: Response): Promise<void> {
  const raw = String((req.body as Record<string, unknown> | undefined)?.currentCountry ?? '').trim();
  const country = await setCurrentCountry(req, res, raw);
  res.set('Cache-Control', 'no-store').json({ currentCountry: country.id, CountryCode: country.code, VatRate: country.vatRateBp / 100, IsEu: country.isEu });
}

export function taxRoutes(): Router {
  const router = Router();
  router.get('/api/v1/sales/customers/checkisvatvalid', checkIsVatValid);
  router.put('/api/v1/salestaxes/currentcountry', putCurrentCountry);
  return router;
}
