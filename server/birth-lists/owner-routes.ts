// The owner's birth lists under {app}/{culture}/account/birthlists: the lists and a form that makes one,
// one list's page (its details edited, its shared link, its lines with what was wished, bought and is
// left, each line's quantity and removal), and its deletion. Forms post without JS and come back with a
// notice; only the owner reaches a list (anyone else: 404).
import { type Request, type Response, Router } from 'express';
import { currentUser, requireUser } from '../accounts/current-user';
import { seeOther, setFlash } from '../http/forms';
import { renderPage } from '../http/render';
import { pathId } from '../shared/ids';
import { parseListQuantity } from '../wishlists/rules';
import { changeBirthList, changeBirthListItem, createBirthList, ownBirthList, removeBirthList, removeBirthListItem } from './birth-lists';
import { type BirthListFields, listBirthLists } from './data';
import { birthListForm } from './form';
import { birthDateInput, birthDateText, birthListItemsModel, ownerPath, shareUrl } from './view';

type Values = Record<string, string>;
const userIdOf = (res: Response) => currentUser(res)!.id;
const db = (req: Request) => req.app.locals.db;

async function renderIndex(req: Request, res: Response, { values = {}, errors = {} }: { values?: Values; errors?: Values } = {}, status = 200) {
  const lists = await listBirthLists(db(req), { userId: userIdOf(res) });
  res.set('Cache-Control', 'no-store');
  const dated = lists.map((list) => ({ ...list, birthDateText: birthDateText(res.locals.culture, list.birthDate) }));
  await renderPage(req, res, 'birth-lists/index', { title: res.locals.t('BirthLists.Title'), lists: dated, form: birthListForm, values, errors }, status);
}

async function renderManage(req: Request, res: Response, { values, errors = {} }: { values?: Values; errors?: Values } = {}, status = 200) {
  const list = await ownBirthList(db(req), { userId: userIdOf(res), birthListId: pathId(req.params.id) });
  const items = await birthListItemsModel(req, res, list);
  const shown = values ?? { ChildName: list.childName, BirthDate: birthDateInput(res.locals.culture, list.birthDate), Message: list.message };
  res.set('Cache-Control', 'no-store');
  await renderPage(req, res, 'birth-lists/manage', { title: list.childName, list, items, shareUrl: shareUrl(req, res, list), form: birthListForm, values: shown, errors }, status);
}

/** The posted details, checked by the declared form: the fields, or the values and messages to show again. */
function postedFields(req: Request, res: Response): { fields: BirthListFields } | { values: Values; errors: Values } {
  const result = birthListForm.validate(req.body, res.locals.t);
  if (!result.ok) return { values: result.values, errors: result.errors as Values };
  return { fields: { childName: result.data.ChildName.trim(), birthDate: result.data.BirthDate, message: result.data.Message.trim() } };
}

async function create(req: Request, res: Response): Promise<void> {
  const posted = postedFields(req, res);
  if (!('fields' in posted)) return renderIndex(req, res, posted, 400);
  const id = await createBirthList(db(req), { userId: userIdOf(res), fields: posted.fields });
  setFlash(req, 'success', 'BirthLists.Created');
  seeOther(res, res.locals.href(ownerPath(id)));
}

async function update(req: Request, res: Response): Promise<void> {
  const birthListId = (await ownBirthList(db(req), { userId: userIdOf(res), birthListId: pathId(req.params.id) })).id;
  const posted = postedFields(req, res);
  if (!('fields' in posted)) return renderManage(req, res, posted, 400);
  await changeBirthList(db(req), { userId: userIdOf(res), birthListId, fields: posted.fields });
  setFlash(req, 'success', 'BirthLists.Saved');
  seeOther(res, res.locals.href(ownerPath(birthListId)));
}

async function remove(req: Request, res: Response): Promise<void> {
  await removeBirthList(db(req), { userId: userIdOf(res), birthListId: pathId(req.params.id) });
  setFlash(req, 'success', 'BirthLists.Deleted');
  seeOther(res, res.locals.href(ownerPath()));
}

async function changeItem(req: Request, res: Response): Promise<void> {
  const ids = { userId: userIdOf(res), birthListId: pathId(req.params.id), itemId: pathId(req.params.itemId) };
  await changeBirthListItem(db(req), { ...ids, quantity: parseListQuantity(req.body?.Quantity) });
  setFlash(req, 'success', 'Wishlists.QuantityChanged');
  seeOther(res, res.locals.href(ownerPath(ids.birthListId)));
}

async function removeItem(req: Request, res: Response): Promise<void> {
  const ids = { userId: userIdOf(res), birthListId: pathId(req.params.id), itemId: pathId(req.params.itemId) };
  await removeBirthListItem(db(req), ids);
  setFlash(req, 'success', 'Wishlists.Removed');
  seeOther(res, res.locals.href(ownerPath(ids.birthListId)));
}

/** {app}/{culture}/account/birthlists[/{id}[/delete | /items/{itemId}[/delete]]], signed-in accounts only. */
export function birthListOwnerRoutes(): Router {
  const router = Router({ mergeParams: true });
  const base = `/${ownerPath()}`;
  router.use(base, requireUser());
  router.get(base, (req, res) => renderIndex(req, res));
  router.post(base, create);
  router.get(`${base}/:id`, (req, res) => renderManage(req, res));
  router.post(`${base}/:id`, update);
  router.post(`${base}/:id/delete`, remove);
  router.post(`${base}/:id/items/:itemId`, changeItem);
  router.post(`${base}/:id/items/:itemId/delete`, removeItem);
  return router;
}
