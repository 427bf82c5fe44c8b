import { type Request, type Response, Router } from 'express';
import { pathId } from '../shared/ids';
import { assetPath } from '../catalog/urls';
import type { Config } from '../config';
import { HttpError, NotFound } from '../http/errors';
import { noteStorageFault, type Storage, storageFaults, storageFor, StorageUnavailable } from '../storage';
import { RenditionCache } from './cache';
import { assetMetaCache, findAssetMeta, isCatalogPicture, loadAssetContent, type ServedAsset } from './data';
import { assetKeyQuery, isAssetKey, useAssetKeySecret } from './keys';
import { noPhotoSvg, renderRendition } from './render';
import { chooseFormat, mimeOf, offeredSize, type OutputFormat, type Size } from './sizes';

const noPhotoVersion = 'v1';
const noPhotoNatural: Size = { width: 400, height: 400 };

/**
 * GET {app}/assets/{AssetId}/{width}x{height}/{AssetName}: the stored original resized on first
 * request, then served from the storage's renditions; GET {app}/assets/{width}x{height}/nophoto.jpg: the
 * "no photo" picture at that size; GET {app}/assets/file/{AssetId}/{AssetName}: the stored file itself.
 * Both with `?key=` (server/assets/keys.ts), but for the catalog's pictures: without it, or with a
 * wrong one, an asset is a 404, as an unknown id is. Mounted at site level, ahead of sessions: images
 * need none.
 */
export function assetRoutes(config: Parameters<typeof storageFor>[0] & Pick<Config, 'BASE_PATH' | 'SESSION_SECRET'>): Router {
  // The keys every address carries (written by assetPath, anywhere in the app) follow the app's secret.
  useAssetKeySecret(config.SESSION_SECRET);
  const storage = storageFor(config);
  const cache = new RenditionCache(storage);
  const router = Router();
  router.get('/assets/file/:assetId/:name', (req, res) => sendFile(req, res, storage, config.BASE_PATH));

  const sendNoPhoto = (req: Request, res: Response, box: Size, cacheControl?: string) => {
    const format = chooseFormat(req.get('accept'), 'image/svg+xml');
    const name = `${noPhotoVersion}-${box.width}x${box.height}.${format}`;
    return send(req, res, cache, {
      key: `nophoto/${name}`,
      etag: `"nophoto-${name}"`,
      format,
      cacheControl,
      drawWithoutStorage: true,
      render: () => drawNoPhoto(box, format),
    });
  };

  router.get('/assets/:size/nophoto.jpg', (req, res) => sendNoPhoto(req, res, sizeOf(req)));

  router.get('/assets/:assetId/:size/:name', async (req, res) => {
    const box = sizeOf(req);
    const asset = await assetOf(req);
    // A renamed asset keeps its old addresses working: they point, permanently, at the current name.
    if (req.params.name !== asset.name) return res.redirect(301, config.BASE_PATH + assetPath(asset, box.width, box.height));
    const format = chooseFormat(req.get('accept'), asset.mime);
    const name = `${asset.version}-${box.width}x${box.height}.${format}`;
    const render = async () => {
      const content = await loadAssetContent(req.app.locals.db, storage, { assetId: asset.id });
      if (!content) throw new NotFound();
      return renderRendition({ content, mime: asset.mime, natural: asset, box, format });
    };
    try {
      await send(req, res, cache, { key: `${asset.id}/${name}`, etag: `"${asset.id}-${name}"`, format, render, drawWithoutStorage: !asset.inStorage });
    } catch (error) {
      if (error instanceof StorageUnavailable && !res.headersSent) return sendFaultPicture(req, res, box, error);
      if (error instanceof HttpError || res.headersSent) throw error;
      // An original that cannot be decoded (corrupt, or over the pixel limit) shows as "no photo", briefly cached.
      req.app.locals.logger.warn({ err: error, assetId: asset.id }, 'asset cannot be rendered');
      await sendNoPhoto(req, res, box, 'public, max-age=300');
    }
  });
  router.use(storageFaults());
  return router;
}

/** The "no photo" picture drawn in memory (it needs no storage), once per size and format. */
const drawnNoPhotos = new Map<string, Promise<Buffer>>();
function drawNoPhoto(box: Size, format: OutputFormat): Promise<Buffer> {
  const key = `${box.width}x${box.height}.${format}`;
  let drawn = drawnNoPhotos.get(key);
  if (!drawn) {
    drawn = renderRendition({ content: noPhotoSvg(), mime: 'image/svg+xml', natural: noPhotoNatural, box, format });
    drawnNoPhotos.set(key, drawn);
    drawn.catch(() => drawnNoPhotos.delete(key));
  }
  return drawn;
}

/**
 * A picture whose original is in a storage that cannot be reached: the "no photo" picture, 200 with
 * no-store and no ETag. Browsers show it in the page's layout and keep nothing, so the next view, once
 * the storage is back, gets the real one; no cache (browser, nginx, a CDN) keeps it. Not a 503: nginx
 * counts an idempotent request's 503 as the instance's failure (proxy_next_upstream http_503,
 * max_fails), so a page of pictures would take every instance out of its upstream, pages included.
 */
async function sendFaultPicture(req: Request, res: Response, box: Size, error: StorageUnavailable) {
  noteStorageFault(req, error);
  const format = chooseFormat(req.get('accept'), 'image/svg+xml');
  const bytes = await drawNoPhoto(box, format);
  res.removeHeader('ETag');
  // end, not send: send would add an ETag to an answer that is never to be kept.
  res.status(200).set({ 'Cache-Control': 'no-store', 'Content-Type': mimeOf[format], 'Content-Length': String(bytes.length) }).end(bytes);
}

/**
 * The stored file under a stable address (a renamed asset's old name redirects). Only images the
 * library re-encoded show inline; any other file is a download that the browser may not sniff.
 */
async function sendFile(req: Request, res: Response, storage: Storage, basePath: string) {
  const asset = await assetOf(req);
  if (req.params.name !== asset.name) return res.redirect(301, `${basePath}/assets/file/${asset.id}/${encodeURIComponent(asset.name)}${assetKeyQuery(asset.id)}`);
  const content = await loadAssetContent(req.app.locals.db, storage, { assetId: asset.id });
  if (!content) throw new NotFound();
  const isImage = asset.fileType === 'Image' && asset.mime.startsWith('image/') && asset.mime !== 'image/svg+xml';
  res.set({
    'Content-Type': isImage ? asset.mime : asset.mime || 'application/octet-stream',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'public, max-age=86400',
    ETag: `"file-${asset.id}-${asset.version}"`,
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
  if (!isImage) res.attachment(asset.name);
  if (req.fresh) return void res.status(304).end();
  res.send(content);
}

/** The asset the address names, when the address may name it: an open asset, or its key given. */
async function assetOf(req: Request): Promise<ServedAsset> {
  const { db } = req.app.locals;
  const assetId = pathId(req.params.assetId);
  // An unknown id is a failed load, which the cache does not keep.
  const asset = await assetMetaCache(db).get(String(assetId), async () => {
    const [meta, open] = await Promise.all([findAssetMeta(db, { assetId }), isCatalogPicture(db, { assetId })]);
    if (!meta) throw new NotFound();
    return { ...meta, open };
  });
  if (!asset.open && !isAssetKey(asset.id, req.query.key)) throw new NotFound();
  return asset;
}

function sizeOf(req: Request): Size {
  const size = offeredSize(String(req.params.size));
  if (!size) throw new HttpError(400, 'Catalog.ImageSizeInvalid');
  return size;
}

/**
 * Long-lived, content-negotiated answer; a matching If-None-Match gets 304 without touching the disk.
 * Pictures are public: pages and widgets embedded on other sites may show them (cross-origin).
 */
async function send(
  req: Request,
  res: Response,
  cache: RenditionCache,
  parts: { key: string; etag: string; format: OutputFormat; cacheControl?: string; drawWithoutStorage?: boolean; render: () => Promise<Buffer> },
) {
  res.set({
    'Cache-Control': parts.cacheControl ?? 'public, max-age=31536000, immutable',
    'Content-Type': mimeOf[parts.format],
    ETag: parts.etag,
    Vary: 'Accept',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  });
  if (req.fresh) return void res.status(304).end();
  const bytes = await cache.get(parts.key, parts.render, { drawWithoutStorage: parts.drawWithoutStorage }).catch((error: unknown) => {
    // An error answer must not go out under the picture's year-long cache and ETag.
    res.removeHeader('ETag');
    res.removeHeader('Cache-Control');
    throw error;
  });
  res.send(bytes);
}
