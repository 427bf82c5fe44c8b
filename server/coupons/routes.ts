import { type Request, type Response, Router } from 'express';
import { currentUser } from '../accounts/current-user';
import { findCart, summarizeCart } from '../cart/cart';
import { formatMoney } from '../shared/money';
import type { Db } from '../db/index';
import { toNumber } from '../db/normalise';
import { BadInput, Unauthorized, Forbidden } from '../http/errors';
import { seeOther, setFlash } from '../http/forms';
import { renderFile, viewsDir } from '../http/render';
import { csrfTokenFor } from '../http/security';
import { checkCoupon, normaliseCouponCode } from './discount';
import path from 'node:path';

const maxCodeLength = 50;

/** The posted CouponCode, upper-cased: 400 (localised) when missing, empty, not text or too long. */
function postedCode(body: unknown): string {
  const value = (body as Record<string, unknown> | undefined)?.CouponCode;
  if (typeof value !== 'string' || !value.trim()) throw new BadInput({ CouponCode: 'Coupons.CodeRequired' }, 'Coupons.Title');
  if (value.trim().length > maxCodeLength) throw new BadInput({ CouponCode: 'Coupons.CodeTooLong' }, 'Coupons.Title');
  return normaliseCouponCode(value);
}

/** Applies `code` to the visitor's cart (carts.coupon_code) when it applies to it now; false otherwise. */
async function applyToCart(req: Request, res: Response, code: string): Promise<boolean> {
  const db = req.app.locals.db as Db;
  const cart = await findCart(req);
  if (!cart) return false;
  const summary = await summarizeCart(db, cart, { culture: res.locals.culture });
  if (summary.itemsCount === 0) return false;
  const user = currentUser(res);
  const verdict = await checkCoupon(db, {
    code,
    subtotalInclCents: summary.subtotalInclCents,
    currency: summary.currency,
    userId: cart.userId ?? user?.id ?? null,
    email: user?.email ?? null,
  });
  if (!verdict.applies) return false;
  await db.updateTable('carts').set({ coupon_code: verdict.code, updated_at: Date.now() }).where('id', '=', cart.id).execute();
  return true;
}

async function removeFromCart(req: Request): Promise<void> {
  const cart = await findCart(req);
  if (!cart || cart.couponCode === null) return;
  await (req.app.locals.db as Db).updateTable('carts').set({ coupon_code: null, updated_at: Date.now() }).where('id', '=', cart.id).execute();
}

export interface ListedCoupon {
  code: string;
  label: string;
  kind: 'Percent' | 'Amount';
  value: number;
  currency: string;
  minOrderCents: number;
  validUntil: number | null;
  own: boolean;
}

/**
 * The coupons a visitor may choose now: public ones and (signed in) their own, active, within their
 * dates and not used up; labelled in the culture. `onlyOwn` keeps a customer's own coupons alone.
 */
export async function availableCoupons(db: Db, { culture, userId, onlyOwn = false, now = Date.now() }: { culture: string; userId: number | null; onlyOwn?: boolean; now?: number }): Promise<ListedCoupon[]> {
  const rows = await db
    .selectFrom('coupons as c')
    .leftJoin('coupon_translations as ct', (join) => join.onRef('ct.coupon_id', '=', 'c.id').on('ct.culture', '=', culture))
    .select(['c.code', 'c.kind', 'c.value', 'c.currency', 'c.min_order_cents', 'c.valid_until', 'c.user_id', 'ct.label'])
    .where('c.is_active', '=', 1)
    .where((eb) => eb.or([eb('c.valid_from', 'is', null), eb('c.valid_from', '<=', now)]))
    .where((eb) => eb.or([eb('c.valid_until', 'is', null), eb('c.valid_until', '>', now)]))
    .where((eb) => eb.or([eb('c.usage_limit', 'is', null), eb('c.used_count', '<', eb.ref('c.usage_limit'))]))
    .where((eb) => {
      if (onlyOwn) return userId === null ? eb.val(false) : eb('c.user_id', '=', userId);
      return eb.or([eb('c.user_id', 'is', null), ...(userId === null ? [] : [eb('c.user_id', '=', userId)])]);
    })
    .orderBy('c.user_id', 'desc')
    .orderBy('c.code')
    .execute();
  return rows.map((row) => ({
    code: row.code,
    label: row.label ?? row.code,
    kind: row.kind,
    value: row.value,
    currency: row.currency,
    minOrderCents: row.min_order_cents,
    validUntil: row.valid_until === null ? null : toNumber(row.valid_until),
    own: row.user_id !== null,
  }));
}

/** How a listed coupon reads: "10 %" or "5,00 €", and its minimum when it has one. */
function couponTerms(coupon: ListedCoupon, culture: string) {
  const amount = coupon.kind === 'Percent' ? `${(coupon.value / 100).toLocaleString(culture)} %` : formatMoney({ cents: coupon.value, currency: coupon.currency }, culture);
  const minimum = coupon.minOrderCents > 0 ? formatMoney({ cents: coupon.minOrderCents, currency: coupon.currency }, culture) : null;
  const until = coupon.validUntil === null ? null : new Intl.DateTimeFormat(culture, { dateStyle: 'medium', timeZone: 'UTC' }).format(coupon.validUntil);
  return { amount, minimum, until };
}

function cartPageOf(res: Response): string {
  return res.locals.href('shoppingcarts');
}

/**
 * Site routes ({app}/…, culture from ?culture=, the page that asked, or Accept-Language):
 * POST api/v1/shoppingcarts/coupon {CouponCode} answers true when applied to the cart, false when it
 * does not apply (400 when empty); DELETE removes it (answers true); GET api/v1/couponcode/user/{id}
 * lists the signed-in customer's own coupons (401 for a visitor, 403 for another customer's id).
 */
export function siteRoutes(): Router {
  const router = Router();
  router.post('/api/v1/shoppingcarts/coupon', async (req, res) => {
    const code = postedCode(req.body);
    res.set('Cache-Control', 'no-store').json(await applyToCart(req, res, code));
  });
  router.delete('/api/v1/shoppingcarts/coupon', async (req, res) => {
    await removeFromCart(req);
    res.set('Cache-Control', 'no-store').json(true);
  });
  router.get('/api/v1/couponcode/user/:id', async (req, res) => {
    const user = currentUser(res);
    if (!user) throw new Unauthorized();
    const id = Number(req.params.id);
    if (!/^\d{1,9}$/.test(String(req.params.id))) throw new BadInput({ id: 'Coupons.InvalidUser' });
    if (id !== user.id) throw new Forbidden();
    const coupons = await availableCoupons(req.app.locals.db, { culture: res.locals.culture, userId: user.id, onlyOwn: true });
    res.set('Cache-Control', 'no-store').json(
      coupons.map((coupon) => ({
        CouponCode: coupon.code,
        Label: coupon.label,
        Kind: coupon.kind,
        Value: coupon.value,
        Currency: coupon.currency,
        MinOrderCents: coupon.minOrderCents,
        ValidUntil: coupon.validUntil === null ? null : new Date(coupon.validUntil).toISOString(),
      })),
    );
  });
  return router;
}

/**
 * Culture routes: GET widget/couponcodes/list (the chooser: each legend entry is a form applying its
 * coupon, taken over by the coupon behaviour), and the cart page's coupon form without JS:
 * POST shoppingcarts/coupon {CouponCode} and POST shoppingcarts/coupon/remove, each back to the cart
 * page with a notice.
 */
export function cultureRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/couponcodes/list', async (req, res) => {
    const { culture } = res.locals;
    const coupons = await availableCoupons(req.app.locals.db, { culture, userId: currentUser(res)?.id ?? null });
    const csrfToken = Object.hasOwn(res.locals, 'csrfToken') ? res.locals.csrfToken : csrfTokenFor(req, res);
    const html = await renderFile(req, path.join(viewsDir, 'partials', 'coupons', 'chooser.ejs'), {
      ...res.locals,
      csrfToken,
      coupons: coupons.map((coupon) => ({ ...coupon, ...couponTerms(coupon, culture) })),
    });
    res.set('Cache-Control', 'no-store').vary('Cookie').type('html').send(html);
  });
  router.post('/shoppingcarts/coupon', async (req, res) => {
    const code = postedCode(req.body);
    const applied = await applyToCart(req, res, code);
    setFlash(req, applied ? 'success' : 'error', applied ? 'Coupons.Applied' : 'Coupons.NoCouponAvailable');
    seeOther(res, cartPageOf(res));
  });
  router.post('/shoppingcarts/coupon/remove', async (req, res) => {
    await removeFromCart(req);
    setFlash(req, 'success', 'Coupons.Removed');
    seeOther(res, cartPageOf(res));
  });
  return router;
}
