// The asset library's JSON calls (docs/asset-library.md): upload, crop a temp image, read, rename and
// delete an asset, the folder tree and its changes. Site level (no culture segment): texts in the
// culture of ?culture=, the Referer or Accept-Language. Editors and administrators only.
import { type NextFunction, type Request, type Response, Router } from 'express';
import { BadInput } from '../http/errors';
import { siteCulture } from '../http/culture';
import { firstText, optionalId } from '../shared/ids';
import { requireLibraryAccess, libraryParts } from './access';
import { allFolders } from './data';
import { assetFields } from './fields';
import { createFolder, moveFolder, removeFolder, renameFolder } from './folders';
import { deleteLibraryAsset, existingFolder, libraryAsset, renameLibraryAsset } from './library';
import { cropTemp, parseCrop } from './temp';
import { folderTree } from './tree';
import { postedFiles, type UploadOutcome, uploadFiles } from './uploads';
import { bodyId, pathIdOf } from './ids';
import { noteStorageFault, storageFaults, StorageUnavailable } from '../storage';
import { decodeBusyHeaders } from './decode-queue';

const api = '/api/v1/assetslibrary';

export function assetLibraryApiRoutes(): Router {
  const router = Router();
  // The crop call answers JSON, errors included (the spec's { Error }), whatever Accept the modal sends.
  router.use('/assets/croptempimg', answersJson, siteCulture);
  router.use([api, '/assets/croptempimg'], requireLibraryAccess());

  router.post(`${api}/assets/upload`, async (req, res) => {
    const files = postedFiles(req);
    const parts = libraryParts(req, res);
    const folderId = await existingFolder(parts.db, optionalId(req.body?.folderId, 'folderId'));
    const onStorageFault = (error: StorageUnavailable) => noteStorageFault(req, error);
    const outcomes = await uploadFiles({ ...parts, onStorageFault }, { files, folderId, temp: firstText(req.body?.temp) === 'true' });
    res.json(outcomes.map((outcome) => answerOf(res, outcome)));
  });

  router.get('/assets/croptempimg/:tmpName/:x/:y/:w/:h/:cropWidth/:cropHeight', async (req, res) => {
    const parts = libraryParts(req, res);
    try {
      const crop = parseCrop(req.params);
      const folderId = await existingFolder(parts.db, optionalId(req.query.folderId, 'folderId'));
      const asset = await cropTemp({ ...parts, folderId }, { tmpName: req.params.tmpName, crop, keepOriginal: req.query.keepOriginal === 'true' });
      res.json(assetFields(res.locals.basePath, asset));
    } catch (error) {
      // The crop modal shows the answer's Error: the message, and the size after the minimum-size one.
      if (error instanceof StorageUnavailable) throw new StorageUnavailable(error.cause, { extra: { Error: res.locals.t(error.resourceKey) } });
      if (!(error instanceof BadInput)) throw error;
      const size = error.extra.size ? ` ${String(error.extra.size)}` : '';
      throw new BadInput(error.fields, error.titleKey, { resourceKey: error.resourceKey, extra: { Error: res.locals.t(error.resourceKey) + size } });
    }
  });

  router.get(`${api}/assets/:assetId`, async (req, res) => {
    const asset = await libraryAsset(req.app.locals.db, pathIdOf(req.params.assetId));
    res.json(assetFields(res.locals.basePath, asset));
  });

  router.post(`${api}/assets/:assetId/rename`, async (req, res) => {
    const asset = await renameLibraryAsset(libraryParts(req, res), { assetId: pathIdOf(req.params.assetId), name: req.body?.Name });
    res.json(assetFields(res.locals.basePath, asset));
  });

  router.post(`${api}/assets/:assetId/delete`, async (req, res) => {
    const assetId = pathIdOf(req.params.assetId);
    await deleteLibraryAsset(libraryParts(req, res), { assetId });
    res.json({ AssetId: assetId });
  });

  router.get(`${api}/folders/hierarchy`, async (req, res) => {
    const folderId = await existingFolder(req.app.locals.db, optionalId(req.query.folderId, 'folderId'));
    res.json(folderTree(await allFolders(req.app.locals.db), folderId));
  });

  router.post(`${api}/folders`, async (req, res) => {
    res.json(await createFolder(libraryParts(req, res), { name: req.body?.Name, parentId: bodyId(req.body?.ParentId, 'ParentId') }));
  });

  router.post(`${api}/folders/:folderId/rename`, async (req, res) => {
    res.json(await renameFolder(libraryParts(req, res), { folderId: pathIdOf(req.params.folderId), name: req.body?.Name }));
  });

  router.post(`${api}/folders/:folderId/move`, async (req, res) => {
    res.json(await moveFolder(libraryParts(req, res), { folderId: pathIdOf(req.params.folderId), parentId: bodyId(req.body?.ParentId, 'ParentId') }));
  });

  router.post(`${api}/folders/:folderId/delete`, async (req, res) => {
    const folderId = pathIdOf(req.params.folderId);
    await removeFolder(libraryParts(req, res), { folderId });
    res.json({ FolderId: folderId });
  });
  router.use(storageFaults(), decodeBusyHeaders());
  return router;
}

function answersJson(req: Request, _res: Response, next: NextFunction): void {
  req.headers.accept = 'application/json';
  next();
}

/** One file's entry of the upload answer: the asset, the temp image, or its name and the reason. */
function answerOf(res: Response, outcome: UploadOutcome) {
  if ('asset' in outcome) return assetFields(res.locals.basePath, outcome.asset);
  if ('temp' in outcome) return outcome.temp;
  return { name: outcome.refused.name, Error: res.locals.t(outcome.refused.errorKey, outcome.refused.params ?? {}) };
}
