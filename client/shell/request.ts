// The fetch wrapper behaviours use: htmx-style headers, the CSRF token, and the shared error mapping.
import { csrfToken } from './context';
import { reportRequestError } from './errors';

export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`Request to ${url} failed with status ${status}`);
    this.name = 'RequestError';
  }
}

export interface RequestOptions extends Omit<RequestInit, 'headers'> {
  headers?: Record<string, string>;
  /** Id of the element the answer goes into; the server then renders that region only. */
  target?: string;
  /** Error statuses the caller handles itself, e.g. 400 for a form answered with its field errors. */
  expectedStatuses?: number[];
}

function requestHeaders(options: RequestOptions, method: string): Record<string, string> {
  const headers: Record<string, string> = { ...options.headers, 'HX-Request': 'true', 'HX-Current-URL': location.href };
  if (options.target) headers['HX-Target'] = options.target;
  if (method !== 'GET' && method !== 'HEAD') headers['X-CSRF-Token'] = csrfToken();
  return headers;
}

export async function request(url: string, options: RequestOptions = {}): Promise<Response> {
  const method = (options.method ?? 'GET').toUpperCase();
  const { target: _target, expectedStatuses = [], ...init } = options;
  let response: Response;
  try {
    response = await fetch(url, { ...init, method, headers: requestHeaders(options, method), credentials: 'same-origin' });
  } catch {
    reportRequestError(0, url);
    throw new RequestError(0, url);
  }
  if (!response.ok && !expectedStatuses.includes(response.status)) {
    // A page that needs a login comes back to itself after it, not to the page the link was on.
    const returnTo = method === 'GET' && options.target === 'page' ? url : undefined;
    reportRequestError(response.status, url, returnTo);
    throw new RequestError(response.status, url);
  }
  return response;
}
