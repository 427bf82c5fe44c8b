// The shell's interface for code that loads as a chunk (lazy behaviours, dialogs, islands).
// Chunks import shell code only through this file: the bundler then keeps everything they share with
// the shell in one chunk, instead of one small file per shared module (about 1 KB gzip of overhead).
// Importing it brings htmx and starts the navigation (./boost.ts), as the first intent does (./loader.ts).
export { default as htmx } from 'htmx.org';
export * from './constants';
export { ChunkLoadError, loadChunk } from './chunks';
export { csrfToken, pageContext } from './context';
export { reportRequestError } from './errors';
export { isModifiedClick, shouldLoadByAjax } from './links';
export { navigate } from './navigation';
export { request, RequestError, type RequestOptions } from './request';
import './boost';
