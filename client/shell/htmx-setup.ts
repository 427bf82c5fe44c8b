// The CSRF header and the shared error mapping for htmx requests. htmx's settings (CSP-safe, history
// off, 400/422 swapped) come from <meta name="htmx-config">, written by server/http/layout.ts.
import { csrfToken } from './context';
import { reportRequestError } from './errors';

interface RequestDetail {
  verb: string;
  headers: Record<string, string>;
}

interface ErrorDetail {
  xhr?: XMLHttpRequest;
  pathInfo?: { requestPath?: string };
}

function errorDetail(event: Event): ErrorDetail {
  return (event as CustomEvent<ErrorDetail>).detail ?? {};
}

export function configureHtmx(): void {
  document.addEventListener('htmx:configRequest', (event) => {
    const detail = (event as CustomEvent<RequestDetail>).detail;
    if (detail.verb.toLowerCase() !== 'get') detail.headers['X-CSRF-Token'] = csrfToken();
  });
  document.addEventListener('htmx:responseError', (event) => {
    const detail = errorDetail(event);
    void reportRequestError(detail.xhr?.status ?? 0, detail.pathInfo?.requestPath ?? '');
  });
  document.addEventListener('htmx:sendError', (event) => {
    void reportRequestError(0, errorDetail(event).pathInfo?.requestPath ?? '');
  });
}
