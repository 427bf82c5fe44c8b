import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { appLocals } from '../http/locals';
import { cartCookieName } from '../http/page-cache';
import { type CartRow, findCartRowOfToken, findCartRowOfUser, insertCart } from './data';

// The cart's identity: it lives in the database (carts, cart_items), found by the `cart` cookie's random
// token or, for a signed-in customer, by the account. Nothing of it is kept in the session.

export { cartCookieName };

export interface Cart {
  id: number;
  token: string;
  userId: number | null;
  currency: string;
  shippingCountryId: number | null;
  billingCountryId: number | null;
  cityId: number | null;
  shippingMethodId: number | null;
  couponCode: string | null;
  /** The saved-pickup-point payload (parsed JSON) or null. */
  pickupPoint: unknown;
  vatNumber: string | null;
}

const cartCookieMaxAgeMs = 60 * 24 * 60 * 60 * 1000;
const tokenPattern = /^[\w-]{32}$/;

/** A stored pickup point that is not JSON is dropped (the visitor chooses again), and logged. */
function pickupPointOf(row: CartRow, logger: Pick<Logger, 'warn'>): unknown {
  if (!row.pickup_point) return null;
  try {
    return JSON.parse(row.pickup_point);
  } catch (error) {
    logger.warn({ err: error, cartId: row.id }, 'cart pickup point is not JSON, dropped');
    return null;
  }
}

export function toCart(row: CartRow, logger: Pick<Logger, 'warn'>): Cart {
  return {
    id: row.id,
    token: row.token,
    userId: row.user_id,
    currency: row.currency,
    shippingCountryId: row.shipping_country_id,
    billingCountryId: row.billing_country_id,
    cityId: row.city_id,
    shippingMethodId: row.shipping_method_id,
    couponCode: row.coupon_code,
    pickupPoint: pickupPointOf(row, logger),
    vatNumber: row.vat_number,
  };
}

const loggerOf = (req: Request) => appLocals(req).logger as Logger;

/** The token the visitor's cookie carries (or the one this answer just gave out). */
const issuedTokens = new WeakMap<Request, string>();

export function cartToken(req: Request): string | null {
  const issued = issuedTokens.get(req);
  if (issued) return issued;
  const header = req.get('Cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    // A token is [\w-] only, so it needs no decoding: a value that is not one (a malformed escape like %FF included) is no cart.
    if (name === cartCookieName) return tokenPattern.test(value.join('=')) ? value.join('=') : null;
  }
  return null;
}

/**
 * The cart of this request: a signed-in customer's own (by account), else the visitor's by the cookie
 * token. A visitor's token never opens a customer's cart (after sign-out the cart stays with the account).
 */
export async function findCart(req: Request): Promise<Cart | null> {
  const { db } = appLocals(req);
  const user = req.res?.locals.user ?? null;
  const token = user ? null : cartToken(req);
  if (!user && !token) return null;
  const row = user ? await findCartRowOfUser(db, { userId: user.id }) : await findCartRowOfToken(db, { token: token! });
  return row ? toCart(row, loggerOf(req)) : null;
}

function setCartCookie(req: Request, res: Response, token: string): void {
  const config = appLocals(req).config as Config;
  res.cookie(cartCookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.app.get('env') === 'production' && req.secure,
    path: config.BASE_PATH || '/',
    maxAge: cartCookieMaxAgeMs,
  });
  issuedTokens.set(req, token);
}

/** The cart of this request, made when there is none (its cookie given out with this answer). */
export async function ensureCart(req: Request, res: Response, { currency = 'EUR' }: { currency?: string } = {}): Promise<Cart> {
  const existing = await findCart(req);
  if (existing) return existing;
  const token = randomBytes(24).toString('base64url');
  const row = await insertCart(appLocals(req).db, { token, userId: req.res?.locals.user?.id ?? null, currency });
  setCartCookie(req, res, token);
  return toCart(row, loggerOf(req));
}

/**
 * A customer's own cart, made for them when they have none (no cookie: it is found by the account when
 * they sign in). For staff preparing a cart for a customer (server/staff/reorder.ts), never the request's.
 */
export async function ensureCustomerCart(req: Request, { userId, currency }: { userId: number; currency: string }): Promise<Cart> {
  const { db } = appLocals(req);
  const row = (await findCartRowOfUser(db, { userId })) ?? (await insertCart(db, { token: randomBytes(24).toString('base64url'), userId, currency }));
  return toCart(row, loggerOf(req));
}
