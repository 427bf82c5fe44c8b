// An order's lines back into a cart: PUT {app}/api/v1/sales/orders/addtocart (form-serialized: OrderId,
// the order's number), the customer's own order (staff: any order, audited) into the requester's cart,
// line by line through the cart's own rules (cart/actions.ts addToCart): a variant no longer sold is
// left out and named. JSON {ItemsCount, Added, Skipped, Url}; a plain form post (no JS, POST) is sent to the cart.
import type { Request, Response } from 'express';
import { currentUser } from '../accounts/current-user';
import { writeAudit } from '../audit/data';
import { addToCart } from '../cart/actions';
import { countItems } from '../cart/data';
import { BadInput, HttpError, NotFound } from '../http/errors';
import { appLocals } from '../http/locals';
import { findOrderByNumber } from '../orders/reads';
import { firstText } from '../shared/ids';
import { isOrderNumber } from '../shared/order-numbers';

export interface Reordered {
  itemsCount: number;
  added: string[];
  skipped: string[];
}

/** The order a request names, if the requester may put it back in a cart (someone else's: 404). */
async function orderFor(req: Request, res: Response) {
  const number = firstText(req.body?.OrderId)?.trim() ?? '';
  if (number === '') throw new BadInput({ OrderId: 'Sales.Reorder.OrderRequired' });
  const user = currentUser(res)!;
  const order = isOrderNumber(number) ? await findOrderByNumber(appLocals(req).db, number) : null;
  if (!order || (order.userId !== user.id && !user.roles.includes('staff'))) throw new NotFound();
  return order;
}

export async function reorder(req: Request, res: Response): Promise<Reordered> {
  const order = await orderFor(req, res);
  const added: string[] = [];
  const skipped: string[] = [];
  let cartId: number | null = null;
  for (const line of order.lines) {
    try {
      const { cart } = await addToCart(req, res, { variantId: line.variantId, quantity: line.quantity, origin: 'Order', itemKey: '' });
      cartId = cart.id;
      added.push(line.sku);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 400) throw error;
      skipped.push(line.sku);
    }
  }
  const user = currentUser(res)!;
  if (order.userId !== user.id) await writeAudit(appLocals(req).db, { actorId: user.id, action: 'order.reorder', entity: 'order', entityId: order.number, after: { added, skipped } });
  return { itemsCount: cartId === null ? 0 : await countItems(appLocals(req).db, cartId), added, skipped };
}
