// The wishlist calls of the specification under {app}/api/v1/catalog/wishlist/... (JSON for scripts),
// and the same calls posted by the no-JS forms under {app}/{culture}/catalog/wishlist/... (a redirect to
// the list page with a notice; with htmx targeting #wishlist-items, the list's lines again). Signed-in
// customers only (401 otherwise); another customer's list or line is a 404.
import { type Request, type Response, Router } from 'express';
import { currentUser, requireUser } from '../accounts/current-user';
import { loadSummary } from '../cart/actions';
import { cartInfo } from '../cart/view';
import { NotFound } from '../http/errors';
import { seeOther, setFlash, wantsJson } from '../http/forms';
import { renderWidget, wantsFragment } from '../http/render';
import { pathId, requiredId } from '../shared/ids';
import { apiParams, chosenList, formParams, type Params, requiredParam } from './input';
import { parseListDescription, parseListName, parseListQuantity } from './rules';
import { addToWishlistEvent, itemsModel, variantCard, wishlistPageUrl } from './view';
import {
  addVariant, changeItemQuantity, describeWishlist, isInList, orderWishlist, ownWishlist, removeFromAllLists, removeFromList,
  removeWishlist, renameWishlist, wishlistCount,
} from './wishlists';

/** What a change answers: its JSON, the list it touched (the page and fragment to show), the notice and where a form goes. */
interface Outcome {
  json: unknown;
  wishlistId: number | null;
  notice: string;
  redirect?: string;
}

type Change = (req: Request, res: Response, userId: number, param: Params) => Promise<Outcome>;

const db = (req: Request) => req.app.locals.db;

/** One answer for every change: JSON for a script, the lines for htmx, else back to the list page with a notice. */
function changeWith(run: Change, params: (req: Request) => Params) {
  return async (req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store');
    const userId = currentUser(res)!.id;
    const outcome = await run(req, res, userId, params(req));
    if (wantsJson(req)) return void res.json(outcome.json);
    if (outcome.wishlistId && wantsFragment(req, 'wishlist-items')) {
      const list = await ownWishlist(db(req), { userId, wishlistId: outcome.wishlistId });
      return renderWidget(req, res, 'wishlist-items', { wishlistItems: await itemsModel(req, res, { userId, list }) });
    }
    setFlash(req, 'success', outcome.notice);
    seeOther(res, outcome.redirect ?? wishlistPageUrl(res, outcome.wishlistId));
  };
}

const addProductVariant: Change = async (req, res, userId, param) => {
  const variantId = requiredParam(param, 'productVariantId');
  const quantity = parseListQuantity(param('Quantity'), { required: false });
  const wishlistId = chosenList(param);
  const newName = wishlistId === null && param('Name') ? parseListName(param('Name')) : res.locals.t('Wishlists.DefaultName');
  const card = await variantCard(req, res, variantId);
  if (!card) throw new NotFound('Wishlists.UnknownVariant');
  const added = await addVariant(db(req), { userId, variantId, quantity, wishlistId, newName });
  const json = { Message: res.locals.t('Wishlists.Added', { name: card.name }), DataLayer: addToWishlistEvent(card, quantity), WishlistId: added.wishlistId, Quantity: added.quantity };
  const redirect = `${res.locals.href('catalog/wishlist/popup')}?productVariantId=${variantId}&added=${added.wishlistId}`;
  return { json, wishlistId: added.wishlistId, notice: 'Wishlists.AddedNotice', redirect };
};

const updateQuantity: Change = async (req, _res, userId, param) => {
  const itemId = requiredParam(param, 'Id');
  const item = await changeItemQuantity(db(req), { userId, itemId, quantity: parseListQuantity(param('Quantity')) });
  return { json: { IsSuccessfull: true, WishlistProductId: item.id, Quantity: item.quantity }, wishlistId: item.wishlistId, notice: 'Wishlists.QuantityChanged' };
};

const updateName: Change = async (req, _res, userId, param) => {
  const wishlistId = requiredParam(param, 'Id');
  const name = parseListName(param('Name'));
  await renameWishlist(db(req), { userId, wishlistId, name });
  return { json: { IsSuccessfull: true, Id: wishlistId, Name: name }, wishlistId, notice: 'Wishlists.NameChanged' };
};

const updateDescription: Change = async (req, _res, userId, param) => {
  const wishlistId = requiredParam(param, 'Id');
  const description = parseListDescription(param('Description'));
  await describeWishlist(db(req), { userId, wishlistId, description });
  return { json: { IsSuccessfull: true, Id: wishlistId, Description: description }, wishlistId, notice: 'Wishlists.DescriptionChanged' };
};

/** deletefromlist?productVariantId=&listId= (query form) and deletefromlist/{productVariantId}/{listId}. */
function deleteFromList(ids: (req: Request, param: Params) => { variantId: number; wishlistId: number }): Change {
  return async (req, _res, userId, param) => {
    const { variantId, wishlistId } = ids(req, param);
    await removeFromList(db(req), { userId, wishlistId, variantId });
    return { json: { IsSuccessfull: true }, wishlistId, notice: 'Wishlists.Removed' };
  };
}

const deleteFromAllLists: Change = async (req, _res, userId) => {
  const deleted = await removeFromAllLists(db(req), { userId, variantId: pathId(req.params.productVariantId) });
  return { json: { IsSuccessfull: true, Deleted: deleted }, wishlistId: null, notice: 'Wishlists.Removed' };
};

/** POST delete {Id}: the answer carries Uri, the list page to go to next. */
const deleteList: Change = async (req, res, userId, param) => {
  const next = await removeWishlist(db(req), { userId, wishlistId: requiredParam(param, 'Id') });
  const uri = wishlistPageUrl(res, next);
  return { json: { IsSuccessfull: true, Uri: uri }, wishlistId: null, notice: 'Wishlists.ListDeleted', redirect: uri };
};

/** POST products/addwishlisttocart {Id}: every line of the list into the cart (the cart's own writer). */
const addWishlistToCart: Change = async (req, res, userId, param) => {
  const wishlistId = requiredId(param('Id') ?? param('WishlistId'), 'Id');
  const added = await orderWishlist(req, res, { userId, wishlistId });
  const summary = (await loadSummary(req, res))?.summary ?? null;
  const json = { IsSuccessfull: true, Added: added, Message: res.locals.t('Wishlists.AddedToCart'), Cart: cartInfo(summary, res.locals.culture) };
  return { json, wishlistId, notice: 'Wishlists.AddedToCart', redirect: res.locals.href('shoppingcarts') };
};

async function countCall(req: Request, res: Response): Promise<void> {
  res.set('Cache-Control', 'no-store');
  res.json(await wishlistCount(db(req), currentUser(res)!.id));
}

async function isInTheListCall(req: Request, res: Response): Promise<void> {
  const userId = currentUser(res)!.id;
  const variantId = requiredId(req.query.productVariantId, 'productVariantId');
  const wishlistId = requiredId(req.query.listId, 'listId');
  res.set('Cache-Control', 'no-store');
  res.json(await isInList(db(req), { userId, wishlistId, variantId }));
}

const namedIds = (_req: Request, param: Params) => ({ variantId: requiredParam(param, 'productVariantId'), wishlistId: requiredParam(param, 'listId') });
const pathIds = (req: Request) => ({ variantId: pathId(req.params.productVariantId), wishlistId: pathId(req.params.listId) });

/** The changes, for the API (`prefix` /api/v1/catalog) and for the culture's no-JS forms (/catalog, deletes posted). */
function mountChanges(router: Router, prefix: string, { forms }: { forms: boolean }): void {
  const remove = forms ? router.post.bind(router) : router.delete.bind(router);
  // A form's ids come from its body only; the API's from the query too, on a script's call (./input.ts).
  const change = (run: Change) => changeWith(run, forms ? formParams : apiParams);
  router.post(`${prefix}/wishlist/addproductvariant`, change(addProductVariant));
  router.post(`${prefix}/wishlist/updatequantity`, change(updateQuantity));
  router.post(`${prefix}/wishlist/updatename`, change(updateName));
  router.post(`${prefix}/wishlist/updatedescription`, change(updateDescription));
  router.post(`${prefix}/wishlist/delete`, change(deleteList));
  remove(`${prefix}/wishlist/deletefromlist`, change(deleteFromList(namedIds)));
  remove(`${prefix}/wishlist/deletefromlist/:productVariantId/:listId`, change(deleteFromList(pathIds)));
  remove(`${prefix}/wishlist/deletefromalllist/:productVariantId`, change(deleteFromAllLists));
  router.post(`${prefix}/${forms ? 'wishlist' : 'products'}/addwishlisttocart`, change(addWishlistToCart));
}

/** {app}/api/v1/catalog/wishlist/... and {app}/api/v1/catalog/products/addwishlisttocart. */
export function wishlistApiRoutes(): Router {
  const router = Router();
  router.use(['/api/v1/catalog/wishlist', '/api/v1/catalog/products/addwishlisttocart'], requireUser());
  router.get('/api/v1/catalog/wishlist/products/count', countCall);
  router.get('/api/v1/catalog/wishlist/isinthelist', isInTheListCall);
  mountChanges(router, '/api/v1/catalog', { forms: false });
  return router;
}

/** {app}/{culture}/catalog/wishlist/...: the forms' posts (the pages are in page-routes.ts). */
export function wishlistFormRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.post('/catalog/wishlist/*splat', requireUser());
  mountChanges(router, '/catalog', { forms: true });
  return router;
}
