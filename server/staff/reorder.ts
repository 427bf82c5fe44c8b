// An order's lines back into a cart: PUT {app}/api/v1/sales/orders/addtocart (form-serialized: OrderId,
// the order's number), line by line through the cart's own rules (cart/actions.ts): a variant no longer
// sold is left out and named. The customer's own order goes into their cart. Staff reordering a
// customer's order prepare it for that CUSTOMER: the lines go into the customer's own cart (made if
// none), which the customer finds when signing in; the staff member's cart is left alone, and it is
// audited. A guest's order (no account to hold a cart) is refused (409). JSON {ItemsCount, Added,
// Skipped, Url}; a plain form post (no JS, POST) is sent to the cart, or for staff back to the order's tools.
import type { Request, Response } from 'express';
import { currentUser } from '../accounts/current-user';
import { writeAudit } from '../audit/data';
import { addToCart, addToCartOf } from '../cart/actions';
import { ensureCustomerCart } from '../cart/cart';
import { countItems } from '../cart/data';
import { BadInput, Conflict, HttpError, NotFound } from '../http/errors';
import { appLocals } from '../http/locals';
import { findOrderByNumber } from '../orders/reads';
import { firstText } from '../shared/ids';
import { isOrderNumber } from '../shared/order-numbers';
import { staffMayActFor } from './customer-scope';

function notFound(): never {
  throw new NotFound();
}

export interface Reordered {
  /** The lines went into the order's customer's cart (staff), not the requester's. */
  forCustomer: boolean;
  itemsCount: number;
  added: string[];
  skipped: string[];
}

/** The order a request names, if the requester may put it back in a cart (someone else's: 404). */
async function orderFor(req: Request, res: Response) {
  const number = firstText(req.body?.OrderId)?.trim() ?? '';
  if (number === '') throw new BadInput({ OrderId: 'Sales.Reorder.OrderRequired' });
  const user = currentUser(res)!;
  const { db } = appLocals(req);
  const order = isOrderNumber(number) ? await findOrderByNumber(db, number) : null;
  if (!order || order.userId === user.id) return order ?? notFound();
  // Someone else's order: staff only, and only a plain customer's or a guest's (customer-scope.ts).
  if (!user.roles.includes('staff') || !(await staffMayActFor(db, { userId: order.userId }))) return notFound();
  return order;
}

export async function reorder(req: Request, res: Response): Promise<Reordered> {
  const order = await orderFor(req, res);
  const user = currentUser(res)!;
  const forCustomer = order.userId !== user.id;
  if (forCustomer && order.userId === null) throw new Conflict('Sales.Reorder.GuestOrder');
  // Staff: the customer's own cart (found by their account at sign-in), never the staff member's.
  const customerCart = forCustomer ? await ensureCustomerCart(req, { userId: order.userId!, currency: order.currency }) : null;
  const added: string[] = [];
  const skipped: string[] = [];
  let cartId: number | null = customerCart?.id ?? null;
  for (const line of order.lines) {
    try {
      const input = { variantId: line.variantId, quantity: line.quantity, origin: 'Order', itemKey: '' };
      const { cart } = customerCart ? await addToCartOf(req, customerCart, input) : await addToCart(req, res, input);
      cartId = cart.id;
      added.push(line.sku);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 400) throw error;
      skipped.push(line.sku);
    }
  }
  if (forCustomer) await writeAudit(appLocals(req).db, { actorId: user.id, action: 'order.reorder', entity: 'order', entityId: order.number, after: { customerId: order.userId, cartId, added, skipped } });
  return { forCustomer, itemsCount: cartId === null ? 0 : await countItems(appLocals(req).db, cartId), added, skipped };
}
