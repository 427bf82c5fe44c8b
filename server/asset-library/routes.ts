// The asset library's mount points (server/app.ts): the multipart reader for its two upload addresses,
// its JSON calls at site level, its pages at culture level.
import { multipartUploads } from './multipart';

export { assetLibraryApiRoutes } from './api-routes';
export { assetLibraryPageRoutes } from './page-routes';

export const assetLibraryUploadBodies = () => multipartUploads([/^\/api\/v1\/assetslibrary\/assets\/upload\/?$/, /^\/[a-z]{2}\/backoffice\/assets\/upload\/?$/]);
