// The asset library's pages at culture level: the back office's library page ({culture}/backoffice/assets,
// works without JavaScript: every change is a form posted, then a redirect back with a notice) and the
// fragment of a folder's assets ({culture}/assetslibrary/asset/assetsbyfolder/…) that the folder tree
// loads into its marked element. Editors and administrators only.
import { type Request, type Response, Router } from 'express';
import { HttpError } from '../http/errors';
import { seeOther, setFlash } from '../http/forms';
import { renderPage, renderWidget } from '../http/render';
import { optionalId } from '../shared/ids';
import { libraryParts, requireLibraryAccess } from './access';
import { createFolder, moveFolder, removeFolder, renameFolder } from './folders';
import { deleteLibraryAsset, existingFolder, renameLibraryAsset } from './library';
import { bodyId, pathIdOf } from './ids';
import { folderAssetsModel, libraryPageModel } from './page-model';
import { postedFiles, uploadFiles } from './uploads';
import { noteStorageFault, StorageUnavailable } from '../storage';
import { decodeBusyHeaders } from './decode-queue';

const page = '/backoffice/assets';

export function assetLibraryPageRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.use(['/backoffice/assets', '/assetslibrary'], requireLibraryAccess());

  router.get(page, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    const folderId = await existingFolder(req.app.locals.db, optionalId(req.query.folderId, 'folderId'));
    await renderPage(req, res, 'backoffice/assets', await libraryPageModel(req, res, folderId));
  });

  router.get(['/assetslibrary/asset/assetsbyfolder/', '/assetslibrary/asset/assetsbyfolder/:folderId/:rootFolderId'], async (req, res) => {
    const folderId = req.params.folderId === undefined ? null : pathIdOf(req.params.folderId, 'folderId');
    const rootFolderId = req.params.rootFolderId === undefined ? null : pathIdOf(req.params.rootFolderId, 'rootFolderId');
    await existingFolder(req.app.locals.db, folderId);
    res.set('Cache-Control', 'private, no-store');
    await renderWidget(req, res, 'assets-by-folder', await folderAssetsModel(req, res, { folderId, rootFolderId }));
  });

  router.post(`${page}/upload`, (req, res) =>
    backToLibrary(req, res, async () => {
      const files = postedFiles(req);
      const parts = libraryParts(req, res);
      const folderId = await existingFolder(parts.db, optionalId(req.body?.folderId, 'folderId'));
      const onStorageFault = (error: StorageUnavailable) => noteStorageFault(req, error);
      for (const outcome of await uploadFiles({ ...parts, onStorageFault }, { files, folderId, temp: false })) {
        if ('refused' in outcome) setFlash(req, 'error', 'AssetsLibrary.FileRefused', { name: outcome.refused.name, reason: res.locals.t(outcome.refused.errorKey, outcome.refused.params ?? {}) });
        else setFlash(req, 'success', 'AssetsLibrary.FileAdded');
      }
    }),
  );
  router.post(`${page}/folders`, (req, res) =>
    backToLibrary(req, res, async () => {
      const folder = await createFolder(libraryParts(req, res), { name: req.body?.Name, parentId: bodyId(req.body?.ParentId, 'ParentId') });
      setFlash(req, 'success', 'AssetsLibrary.FolderCreated');
      return folder.FolderId;
    }),
  );
  const folderChanges = {
    rename: (req: Request, res: Response, folderId: number) => renameFolder(libraryParts(req, res), { folderId, name: req.body?.Name }),
    move: (req: Request, res: Response, folderId: number) => moveFolder(libraryParts(req, res), { folderId, parentId: bodyId(req.body?.ParentId, 'ParentId') }),
    delete: (req: Request, res: Response, folderId: number) => removeFolder(libraryParts(req, res), { folderId }),
  };
  const folderNotices = { rename: 'AssetsLibrary.FolderRenamed', move: 'AssetsLibrary.FolderMoved', delete: 'AssetsLibrary.FolderDeleted' };
  for (const action of ['rename', 'move', 'delete'] as const) {
    router.post(`${page}/folders/:folderId/${action}`, (req, res) =>
      backToLibrary(req, res, async () => {
        const folderId = pathIdOf(req.params.folderId, 'folderId');
        await folderChanges[action](req, res, folderId);
        setFlash(req, 'success', folderNotices[action]);
        return action === 'delete' ? null : folderId;
      }),
    );
  }
  router.post(`${page}/:assetId/rename`, (req, res) =>
    backToLibrary(req, res, async () => {
      await renameLibraryAsset(libraryParts(req, res), { assetId: pathIdOf(req.params.assetId, 'assetId'), name: req.body?.Name });
      setFlash(req, 'success', 'AssetsLibrary.NameChanged');
    }),
  );
  router.post(`${page}/:assetId/delete`, (req, res) =>
    backToLibrary(req, res, async () => {
      await deleteLibraryAsset(libraryParts(req, res), { assetId: pathIdOf(req.params.assetId, 'assetId') });
      setFlash(req, 'success', 'AssetsLibrary.FileDeleted');
    }),
  );
  router.use(decodeBusyHeaders());
  return router;
}

/**
 * Runs a form's change, then sends the editor back to the library page (303) in the folder it names
 * (or the posted folderId): a refused change is a notice there, never a half-done one; so is a
 * storage that cannot be reached (the change did not happen: the form can be sent again).
 */
async function backToLibrary(req: Request, res: Response, change: () => Promise<number | null | void>): Promise<void> {
  let folderId: number | null | void = null;
  try {
    folderId = await change();
  } catch (error) {
    if (error instanceof StorageUnavailable) noteStorageFault(req, error);
    else if (!(error instanceof HttpError) || error.status >= 500) throw error;
    setFlash(req, 'error', (error as HttpError).resourceKey);
  }
  const shown = folderId === undefined || folderId === null ? idOrNull(req.body?.folderId) : folderId;
  seeOther(res, res.locals.href(`backoffice/assets${shown ? `?folderId=${shown}` : ''}`));
}

function idOrNull(value: unknown): number | null {
  return typeof value === 'string' && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}
