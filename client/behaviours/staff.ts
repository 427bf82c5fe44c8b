// The staff's customer tools with JS (never on visitors' pages: only staff pages hold these attributes).
// - Customer search: from 2 typed characters, suggestions from GET {app}/api/v1/sales/customers (CustomerId,
//   Email), each a link to the customer. The GET form works without it.
// - Edit customer: the form opens in a modal; posted, an answer holding the form again replaces it,
//   otherwise the modal closes and the page reloads; a failure shows the answer's message.
// - Change delivery address: the form opens in a modal; the answer's messages element decides: an error
//   message is shown and the modal closes; a success message is shown, the modal closes and the trigger
//   button is disabled and retitled 'email sent'; anything else resets the button.
import { htmx, request } from '../shell/api';
import { openPageDialog } from '../shell/dialogs';
import { growl } from '../shell/growl';
import { closeModal } from '../shell/modal';

const swapSpec = { swapStyle: 'innerHTML', swapDelay: 0, settleDelay: 0, ignoreTitle: true };
const MIN_SEARCH = 2;
const SEARCH_DELAY_MS = 250;
let searchTimer: ReturnType<typeof setTimeout> | undefined;
let deliveryTrigger: HTMLAnchorElement | null = null;

async function suggest(form: HTMLFormElement, text: string): Promise<void> {
  const list = form.querySelector('[data-customer-suggestions]');
  if (!list) return;
  if (text.trim().length < MIN_SEARCH) return void list.replaceChildren();
  const response = await request(`${form.dataset.api}?q=${encodeURIComponent(text.trim())}`, { headers: { Accept: 'application/json' }, expectedStatuses: [400] });
  if (!response.ok) return void list.replaceChildren();
  const customers = (await response.json()) as { CustomerId: number; Email: string }[];
  list.replaceChildren(...customers.map((customer) => {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `${form.dataset.href}${customer.CustomerId}`;
    link.textContent = customer.Email;
    item.append(link);
    return item;
  }));
}

/** Posts a modal's form; answers the HTML of the answer (the form again, a result) or null after a failure told. */
async function postModalForm(form: HTMLFormElement): Promise<{ html: string; status: number } | null> {
  const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
  const response = await request(form.action, { method: 'POST', body, target: 'modal-body', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, expectedStatuses: [400, 403, 404, 409] });
  return { html: await response.text(), status: response.status };
}

function messageOf(html: string): string {
  const page = new DOMParser().parseFromString(html, 'text/html');
  return page.querySelector('.error-page p, .field-error:not(:empty)')?.textContent?.trim() ?? '';
}

async function saveCustomer(form: HTMLFormElement): Promise<void> {
  const answer = await postModalForm(form);
  if (!answer) return;
  const body = form.closest('.modal-body');
  const dialog = form.closest('dialog');
  if (answer.html.includes('data-customer-edit-form') && body) return void htmx.swap(body, answer.html, swapSpec);
  if (answer.status >= 400) return void growl({ kind: 'error', message: messageOf(answer.html), marker: ['data-staff-growl', 'error'] });
  if (dialog) closeModal(dialog as HTMLDialogElement);
  location.reload();
}

async function changeAddress(form: HTMLFormElement): Promise<void> {
  const answer = await postModalForm(form);
  const dialog = form.closest('dialog') as HTMLDialogElement | null;
  if (!answer) return;
  if (answer.html.includes('data-delivery-address-form')) return void htmx.swap(form.closest('.modal-body')!, answer.html, swapSpec);
  const messages = new DOMParser().parseFromString(answer.html, 'text/html').querySelector('.messages');
  const error = messages?.querySelector('.error-msg')?.textContent?.trim();
  const success = messages?.querySelector('.success-msg')?.textContent?.trim();
  if (dialog) closeModal(dialog);
  if (error) return void growl({ kind: 'error', message: error, marker: ['data-staff-growl', 'error'] });
  if (success && deliveryTrigger) {
    growl({ kind: 'success', message: success, marker: ['data-staff-growl', 'success'] });
    deliveryTrigger.setAttribute('aria-disabled', 'true');
    deliveryTrigger.classList.add('disabled');
    deliveryTrigger.removeAttribute('href');
    deliveryTrigger.textContent = deliveryTrigger.dataset.sentTitle ?? '';
  }
}

function onClick(event: Event): void {
  const target = event.target as Element;
  const edit = target.closest<HTMLAnchorElement>('a[data-customer-edit]');
  const address = target.closest<HTMLAnchorElement>('a[data-delivery-address-trigger][href]');
  const link = edit ?? address;
  if (!link) return;
  event.preventDefault();
  if (address) deliveryTrigger = address;
  void openPageDialog(link.href);
}

function onSubmit(event: Event): void {
  const form = event.target as HTMLFormElement;
  const kind = form.matches('[data-customer-edit-form]') ? saveCustomer : form.matches('[data-delivery-address-form]') ? changeAddress : null;
  if (!kind || !form.closest('dialog')) return;
  event.preventDefault();
  void kind(form).catch(() => {
    // The call failed (the shell told the status): the change's own words, 'unknown errors'.
    if (kind === changeAddress) growl({ kind: 'error', message: deliveryTrigger?.dataset.unknownErrors ?? '', marker: ['data-staff-growl', 'error'] });
  });
}

export function start(): void {
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('input', (event) => {
    const input = event.target as HTMLInputElement;
    const form = input.closest<HTMLFormElement>('form[data-customer-search]');
    if (!form || input.name !== 'q') return;
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => void suggest(form, input.value).catch(() => undefined), SEARCH_DELAY_MS);
  });
}
