// The menus editor, {app}/{culture}/backoffice/menus (behind requireBackOffice, server/backoffice/routes.ts):
// the menus, one menu's items (labels in six cultures, target, reorder, add, remove with a confirmation
// page). Every form posts and redirects (PRG) without JS; a stale Version shows the menu again with the
// editor's values and the conflict (409), bad input 400 with the field's message.
import { type Request, type Response, Router } from 'express';
import { BadInput } from '../http/errors';
import { seeOther, setFlash } from '../http/forms';
import { appLocals } from '../http/locals';
import { pathId } from '../shared/ids';
import { actorIdOf } from '../backoffice/access';
import { moveForm, versionForm } from '../backoffice/pages/forms';
import { VersionConflict } from '../backoffice/revisions';
import { menuItemForm, newMenuItemForm } from './admin-forms';
import { addItem, itemFieldsOf, type MenuChange, moveMenuItem, type PostedItem, removeItem, saveItem } from './admin-service';
import { loadMenu, menusHref, renderEdit, renderList, renderRemove, translated } from './admin-views';

const changeOf = (req: Request, res: Response, version: string): MenuChange => ({ db: appLocals(req).db, actorId: actorIdOf(res), menuId: pathId(req.params.id), version: Number(version) });
const editHref = (req: Request, res: Response) => menusHref(res, `/${pathId(req.params.id)}`);

/** Runs a posted item form's change: 400 with its messages, 409 with its values kept, else PRG to the menu. */
async function itemChange(req: Request, res: Response, itemId: number | null, form: typeof menuItemForm | typeof newMenuItemForm, act: (at: MenuChange, data: PostedItem & { ParentId?: string }) => Promise<unknown>) {
  const menu = await loadMenu(req, pathId(req.params.id));
  const posted = form.validate(req.body, res.locals.t);
  if (!posted.ok) return renderEdit(req, res, menu, { itemId, values: posted.values, errors: posted.errors as Record<string, string> }, 400);
  try {
    await act(changeOf(req, res, posted.data.Version), posted.data as unknown as PostedItem & { ParentId?: string });
    setFlash(req, 'success', itemId === null ? 'BackOffice.Items.Created' : 'BackOffice.Items.Saved');
    seeOther(res, editHref(req, res));
  } catch (error) {
    if (error instanceof VersionConflict) return renderEdit(req, res, await loadMenu(req, menu.id), { itemId, values: posted.values, errors: {} }, 409, true);
    if (error instanceof BadInput) return renderEdit(req, res, menu, { itemId, values: posted.values, errors: translated(res, error.fields) }, 400);
    throw error;
  }
}

/** A version-only action (move, remove): a stale version goes back to the menu with the conflict notice. */
function versioned(form: typeof versionForm | typeof moveForm, act: (at: MenuChange, itemId: number, data: Record<string, string>) => Promise<unknown>, done?: string) {
  return async (req: Request, res: Response) => {
    const posted = form.validate(req.body, res.locals.t);
    if (!posted.ok) throw new BadInput(posted.errors);
    try {
      await act(changeOf(req, res, posted.data.Version), pathId(req.params.itemId), posted.data as Record<string, string>);
      if (done) setFlash(req, 'success', done);
    } catch (error) {
      if (!(error instanceof VersionConflict)) throw error;
      setFlash(req, 'error', 'BackOffice.Conflict');
    }
    seeOther(res, editHref(req, res));
  };
}

export function menusBackOfficeRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/backoffice/menus', renderList);
  router.get('/backoffice/menus/:id', async (req, res) => renderEdit(req, res, await loadMenu(req, pathId(req.params.id))));
  router.post('/backoffice/menus/:id/items', (req, res) =>
    itemChange(req, res, null, newMenuItemForm, async (at, data) => addItem(at, data.ParentId ? Number(data.ParentId) : null, await itemFieldsOf(at.db, data))),
  );
  router.post('/backoffice/menus/:id/items/:itemId', (req, res) =>
    itemChange(req, res, pathId(req.params.itemId), menuItemForm, async (at, data) => saveItem(at, pathId(req.params.itemId), await itemFieldsOf(at.db, data))),
  );
  router.post('/backoffice/menus/:id/items/:itemId/move', versioned(moveForm, (at, itemId, data) => moveMenuItem(at, itemId, data.Direction as 'up' | 'down')));
  router.get('/backoffice/menus/:id/items/:itemId/remove', async (req, res) => renderRemove(req, res, await loadMenu(req, pathId(req.params.id)), pathId(req.params.itemId)));
  router.post('/backoffice/menus/:id/items/:itemId/remove', versioned(versionForm, (at, itemId) => removeItem(at, itemId), 'BackOffice.Items.Deleted'));
  return router;
}
