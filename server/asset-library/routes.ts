// The asset library's mount points (server/app.ts): the multipart reader for its two upload addresses,
// its JSON calls at site level, its pages at culture level.
import type { RequestHandler } from 'express';
import { multipartUploads } from './multipart';

export { assetLibraryApiRoutes } from './api-routes';
export { assetLibraryPageRoutes } from './page-routes';

/** Given the site's session middleware: the uploader's account is known before the body is read. */
export const assetLibraryUploadBodies = (session: RequestHandler) => multipartUploads([/^\/api\/v1\/assetslibrary\/assets\/upload\/?$/, /^\/[a-z]{2}\/backoffice\/assets\/upload\/?$/], session);
