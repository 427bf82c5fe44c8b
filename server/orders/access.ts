// Who may see an order: the customer who placed it, or the guest visitor who placed it (known by the
// session or by the browser's cart cookie). Payments and the checkout ask the same question.
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { cartToken } from '../cart/cart';
import type { OrderView } from './model';

declare module 'express-session' {
  interface SessionData {
    /** Numbers of the orders this visitor placed in this session (a guest may see their confirmation). */
    placedOrders?: string[];
  }
}

/** Remembers that this session placed the order, so its confirmation page opens without an account. */
export function rememberPlacedOrder(req: Request, number: string): void {
  req.session.placedOrders = [...(req.session.placedOrders ?? []).filter((n) => n !== number).slice(-19), number];
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Who placed an order, as the order keeps it (orders.placed_by): a hash, never the value itself, of the
 * visitor's cart cookie (a guest has no session before the order) or else of the session id.
 */
export function visitorKey(req: Request): string {
  const token = cartToken(req);
  if (token) return hash(`cart:${token}`);
  return req.sessionID ? hash(`session:${req.sessionID}`) : '';
}

function visitorKeys(req: Request): string[] {
  const token = cartToken(req);
  return [token ? hash(`cart:${token}`) : '', req.sessionID ? hash(`session:${req.sessionID}`) : ''].filter(Boolean);
}

/**
 * The customer who placed it, or the visitor who placed it (the order remembered in the session, or the
 * visitor recorded on the order: a parallel submit of the same form finds its order before any session is
 * saved). Nobody else sees an order.
 */
export function maySeeOrder(req: Request, res: Response, order: Pick<OrderView, 'userId' | 'number'> & { placedBy?: string }): boolean {
  const user = res.locals.user;
  if (user && order.userId === user.id) return true;
  if ((req.session?.placedOrders ?? []).includes(order.number)) return true;
  return Boolean(order.placedBy) && visitorKeys(req).includes(order.placedBy!);
}
