import { Router } from 'express';
import { currentUser } from '../../server/accounts/current-user';
import { chooserCoupons } from '../../server/coupons/chooser';
import { appLocals } from '../../server/http/locals';
import { renderWidget } from '../../server/http/render';

/** GET {app}/{culture}/widget/couponcodes/list: the coupon chooser, alone (the coupon behaviour opens it in a modal). */
export function couponsChooserWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/couponcodes/list', async (req, res) => {
    const coupons = await chooserCoupons(appLocals(req).db, { culture: res.locals.culture, userId: currentUser(res)?.id ?? null });
    // The list depends on who is signed in (their own coupons) and the form carries their token (renderWidget puts it in).
    res.set('Cache-Control', 'no-store').vary('Cookie');
    await renderWidget(req, res, 'coupons-chooser', { coupons });
  });
  return router;
}
