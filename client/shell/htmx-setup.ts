// htmx settings that keep it within the CSP, the CSRF header, and the shared error mapping.
import htmx from 'htmx.org';
import { csrfToken } from './context';
import { reportRequestError } from './errors';

/** The same settings the layout writes into <meta name="htmx-config">; the meta tag wins if both differ. */
export const CSP_SAFE_CONFIG = {
  includeIndicatorStyles: false,
  allowEval: false,
  allowScriptTags: false,
  historyEnabled: false,
  historyCacheSize: 0,
  historyRestoreAsHxRequest: false,
  selfRequestsOnly: true,
  attributesToSettle: ['class', 'width', 'height'],
  // A form refused with 400/422 comes back with its field messages: swap it like a success.
  responseHandling: [
    { code: '204', swap: false },
    { code: '[23]..', swap: true },
    { code: '400|422', swap: true },
    { code: '[45]..', swap: false, error: true },
  ],
};

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
  Object.assign(htmx.config, CSP_SAFE_CONFIG);
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
