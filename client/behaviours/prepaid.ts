// The prepaid account page with JS. Add prepaid money: an empty Quantity is refused on the spot with a
// growl ('Sales.QuantityIsMandatory', the text from the form's data attribute); otherwise the form's
// call (addtocart) answers the cart's address as a string, which is followed when not empty. The
// low-balance toggle saves at once on change (setnotification, no loader). Without JS both forms post.
import { navigate, request } from '../shell/api';
import { growl } from '../shell/growl';

const bodyOf = (form: HTMLFormElement) => Object.fromEntries([...new FormData(form).entries()].filter(([name]) => name !== '_csrf'));

function tell(kind: 'error' | 'success', message: string): void {
  growl({ kind, message, marker: ['data-prepaid-growl', kind] });
}

async function post(form: HTMLFormElement, body: Record<string, unknown>): Promise<Response> {
  return request(form.action, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, expectedStatuses: [400, 404] });
}

async function addToCart(form: HTMLFormElement): Promise<void> {
  const quantity = form.querySelector<HTMLInputElement>('[name=Quantity]');
  if (!quantity || quantity.value.trim() === '') return tell('error', form.dataset.quantityMandatory ?? '');
  const response = await post(form, bodyOf(form));
  const answer = (await response.json()) as unknown;
  if (!response.ok) return tell('error', (answer as { Message?: string }).Message ?? '');
  if (typeof answer === 'string' && answer !== '') await navigate(answer);
}

async function saveNotification(form: HTMLFormElement, checkbox: HTMLInputElement): Promise<void> {
  const response = await post(form, { PrepaidAccountId: form.querySelector<HTMLInputElement>('[name=PrepaidAccountId]')?.value, IsActivated: checkbox.checked });
  if (!response.ok) tell('error', ((await response.json()) as { Message?: string }).Message ?? '');
}

export function start(): void {
  document.addEventListener(
    'submit',
    (event) => {
      const form = (event.target as Element).closest<HTMLFormElement>('form[data-prepaid-add]');
      if (!form) return;
      event.preventDefault();
      void addToCart(form).catch(() => undefined);
    },
    true,
  );
  document.addEventListener('change', (event) => {
    const checkbox = event.target as HTMLInputElement;
    const form = checkbox.closest<HTMLFormElement>('form[data-prepaid-notification]');
    if (!form || checkbox.type !== 'checkbox') return;
    void saveNotification(form, checkbox).catch(() => undefined);
  });
}
