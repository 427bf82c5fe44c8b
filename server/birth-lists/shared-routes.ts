// Birth lists beyond the owner's pages: the add-to-birth-list modal's page and its form (the owner,
// signed in), and the shared page {app}/{culture}/birthlists/{token}, from which anyone with the link
// buys (the cart line remembers the list; paid orders count as bought).
import { type Request, type Response, Router } from 'express';
import { currentUser, requireUser } from '../accounts/current-user';
import { loadSummary } from '../cart/actions';
import { cartInfo } from '../cart/view';
import { NotFound } from '../http/errors';
import { seeOther, setFlash, wantsJson } from '../http/forms';
import { renderPage } from '../http/render';
import { optionalId, requiredId } from '../shared/ids';
import { formParams, requiredParam } from '../wishlists/input';
import { listsHoldingVariant } from '../wishlists/data';
import { askedVariant } from '../wishlists/page-routes';
import { parseListQuantity } from '../wishlists/rules';
import { variantCard } from '../wishlists/view';
import { addToBirthList, buyFromBirthList, sharedBirthList } from './birth-lists';
import { listBirthLists } from './data';
import { birthDateText, birthListItemsModel, ownerPath } from './view';

const db = (req: Request) => req.app.locals.db;

async function popupPage(req: Request, res: Response): Promise<void> {
  const userId = currentUser(res)!.id;
  const variantId = await askedVariant(req, res, 'birthlists/popup');
  if (variantId === null) return;
  const card = await variantCard(req, res, variantId);
  if (!card) throw new NotFound('Wishlists.UnknownVariant');
  const [lists, holding] = await Promise.all([listBirthLists(db(req), { userId }), listsHoldingVariant(db(req), { kind: 'birthLists', userId, variantId })]);
  const added = optionalId(req.query.added, 'added');
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'birth-lists/popup', {
    title: res.locals.t('BirthLists.AddTitle'),
    card,
    lists: lists.map((list) => ({ id: list.id, childName: list.childName, quantity: holding.get(list.id) ?? null })),
    added: added !== null && lists.some((list) => list.id === added) ? { url: res.locals.href(ownerPath(added)), quantity: holding.get(added) ?? null } : null,
  });
}

/** POST {app}/{culture}/birthlists/addproductvariant (productVariantId, birthListId, Quantity): JSON for script, else back to the modal's page. */
async function addProductVariant(req: Request, res: Response): Promise<void> {
  res.set('Cache-Control', 'no-store');
  const param = formParams(req);
  const variantId = requiredParam(param, 'productVariantId');
  const birthListId = requiredParam(param, 'birthListId');
  const quantity = parseListQuantity(param('Quantity'), { required: false });
  const card = await variantCard(req, res, variantId);
  if (!card) throw new NotFound('Wishlists.UnknownVariant');
  await addToBirthList(db(req), { userId: currentUser(res)!.id, birthListId, variantId, quantity });
  if (wantsJson(req)) return void res.json({ Message: res.locals.t('BirthLists.Added', { name: card.name }), BirthListId: birthListId, Quantity: quantity });
  setFlash(req, 'success', 'BirthLists.AddedNotice');
  seeOther(res, `${res.locals.href('birthlists/popup')}?productVariantId=${variantId}&added=${birthListId}`);
}

async function sharedPage(req: Request, res: Response): Promise<void> {
  const list = await sharedBirthList(db(req), String(req.params.token));
  const items = await birthListItemsModel(req, res, list);
  res.set('Cache-Control', 'no-store');
  const title = res.locals.t('BirthLists.SharedTitle', { name: list.childName });
  await renderPage(req, res, 'birth-lists/shared', { title, list, items, birthDate: birthDateText(res.locals.culture, list.birthDate) });
}

/** POST {app}/{culture}/birthlists/{token}/addtocart (ProductVariantId, Quantity): into the visitor's cart, for this list. */
async function addToCart(req: Request, res: Response): Promise<void> {
  res.set('Cache-Control', 'no-store');
  const token = String(req.params.token);
  const variantId = requiredId(req.body?.ProductVariantId, 'ProductVariantId');
  const quantity = parseListQuantity(req.body?.Quantity, { required: false });
  const added = await buyFromBirthList(req, res, { token, variantId, quantity });
  if (wantsJson(req)) return void res.json({ IsSuccessfull: true, Quantity: added.line.quantity, Cart: cartInfo((await loadSummary(req, res))?.summary ?? null, res.locals.culture) });
  setFlash(req, 'success', 'BirthLists.AddedToCart');
  seeOther(res, res.locals.href('shoppingcarts'));
}

export function birthListSharedRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/birthlists/popup', requireUser(), popupPage);
  router.post('/birthlists/addproductvariant', requireUser(), addProductVariant);
  router.get('/birthlists/:token', sharedPage);
  router.post('/birthlists/:token/addtocart', addToCart);
  return router;
}
