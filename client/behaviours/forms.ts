// Ajax forms: <form data-ajax-form="replace|replace-with" data-ajax-target="#id"> post by fetch and
// swap the answer into the target; without JavaScript the same form posts and the server redirects.
// A form with data-redirect-target="url" goes to that page when the server accepts it with an empty answer.
import { htmx, navigate, request, type RequestOptions } from '../shell/api';

const BUSY = 'loading-block';
// A refused form comes back with its field messages, to be swapped in like a success; so does a form
// locked by a rate limit (429), which says why and for how long.
const FORM_ERROR_STATUSES = [400, 422, 429];

function formRequest(form: HTMLFormElement, submitter: HTMLElement | null): { url: string; init: RequestOptions } {
  const data = new FormData(form, submitter);
  const method = (submitter?.getAttribute('formmethod') ?? form.getAttribute('method') ?? 'get').toUpperCase();
  const url = new URL(submitter?.getAttribute('formaction') ?? form.action, location.href);
  const multipart = form.enctype === 'multipart/form-data';
  const fields = new URLSearchParams(data as unknown as Record<string, string>);
  if (method === 'GET') {
    url.search = fields.toString();
    return { url: url.href, init: { method } };
  }
  return { url: url.href, init: { method, body: multipart ? data : fields } };
}

// The server may answer with htmx's response headers instead of a fragment.
function followDirective(response: Response): boolean {
  const redirect = response.headers.get('HX-Redirect');
  const refresh = response.headers.get('HX-Refresh') === 'true';
  const nextPage = response.headers.get('HX-Location');
  if (redirect) window.location.assign(redirect);
  else if (refresh) window.location.reload();
  else if (nextPage) void navigate(nextPage);
  return Boolean(redirect || refresh || nextPage);
}

function setBusy(form: HTMLFormElement, busy: boolean): void {
  form.classList.toggle(BUSY, busy);
  form.setAttribute('aria-busy', String(busy));
}

export async function submitAjaxForm(form: HTMLFormElement, submitter: HTMLElement | null): Promise<void> {
  const target = document.querySelector(form.dataset.ajaxTarget ?? '') ?? form;
  const swapStyle = form.dataset.ajaxForm === 'replace-with' ? 'outerHTML' : 'innerHTML';
  const { url, init } = formRequest(form, submitter);
  setBusy(form, true);
  try {
    const response = await request(url, { ...init, target: target.id || undefined, expectedStatuses: FORM_ERROR_STATUSES });
    if (followDirective(response)) return;
    const html = await response.text();
    const redirectTarget = form.dataset.redirectTarget;
    if (response.ok && redirectTarget && html.trim() === '') window.location.assign(redirectTarget);
    else htmx.swap(target, html, { swapStyle, swapDelay: 0, settleDelay: 0, ignoreTitle: true });
  } catch {
    // request() has already reported the failure to the visitor.
  } finally {
    setBusy(form, false);
  }
}

export function start(): void {
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches('[data-ajax-form]')) return;
    event.preventDefault();
    if (form.getAttribute('aria-busy') === 'true') return;
    void submitAjaxForm(form, event.submitter);
  });
}
