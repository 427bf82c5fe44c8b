// The one-step checkout on top of its no-JS form: same-address and bank-transfer toggles, the
// submit button's loading state (only when the form is valid, else back to the top), and the VAT
// states: the page reloads when the check's answer changes, except from false to null.
import { pageContext, request } from '../shell/api';

const vatStateKey = 'checkout.vatState';
type VatState = 'true' | 'false' | 'null' | '';

/** Whether a new VAT check answer should reload the page (the spec's rule: any change but false -> null). */
export function vatReloadNeeded(previous: VatState, next: VatState): boolean {
  if (previous === next) return false;
  return !(previous === 'false' && next === 'null');
}

function toggle(form: HTMLFormElement): void {
  const same = form.querySelector<HTMLInputElement>('input[name="SameAddressForShipping"]');
  const shipping = form.querySelector<HTMLElement>('[data-checkout-shipping]');
  if (same && shipping) shipping.hidden = same.checked;
  const method = form.querySelector<HTMLInputElement>('input[name="PaymentMethod"]:checked');
  const bank = form.querySelector<HTMLElement>('[data-bank-transfer]');
  if (bank) bank.hidden = method?.value !== 'BankTransfer';
}

async function checkVat(form: HTMLFormElement): Promise<void> {
  const vat = form.querySelector<HTMLInputElement>('input[name="BillingVAT"]')?.value.trim() ?? '';
  const countryId = form.querySelector<HTMLSelectElement>('select[name="BillingCountry"]')?.value ?? '';
  if (!vat || !countryId) return; // the check runs only when the field is not empty
  const { basePath } = pageContext();
  const query = new URLSearchParams({ countryId, VAT: vat, customerId: '0' });
  const answer = await request(`${basePath}/api/v1/sales/customers/checkisvatvalid/?${query}`, { expectedStatuses: [400] });
  const body = (await answer.json()) as { IsVATValidWebService: boolean | null; ErrorMessage?: string };
  const next = String(body.IsVATValidWebService) as VatState;
  const previous = (sessionStorage.getItem(vatStateKey) ?? '') as VatState;
  sessionStorage.setItem(vatStateKey, next);
  const slot = form.querySelector<HTMLElement>('[data-valmsg-for="BillingVAT"]');
  if (slot) slot.textContent = body.ErrorMessage ?? '';
  if (previous !== '' && vatReloadNeeded(previous, next)) location.reload();
}

async function countryChanged(form: HTMLFormElement): Promise<void> {
  const vat = form.querySelector<HTMLInputElement>('input[name="BillingVAT"]')?.value.trim();
  if (vat) return checkVat(form); // a typed VAT number is checked again for the new country
  const countryId = form.querySelector<HTMLSelectElement>('select[name="BillingCountry"]')?.value;
  if (!countryId) return;
  const { basePath } = pageContext();
  await request(`${basePath}/api/v1/salestaxes/currentcountry`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ currentCountry: countryId }),
  });
  location.reload();
}

export function start(): void {
  document.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement | null;
    const form = target?.closest?.<HTMLFormElement>('form[data-checkout]');
    if (!form || !target) return;
    if (target.name === 'SameAddressForShipping' || target.name === 'PaymentMethod') toggle(form);
    if (target.name === 'BillingVAT') void checkVat(form).catch(() => undefined);
    if (target.name === 'BillingCountry') void countryChanged(form).catch(() => undefined);
  });
  // After validation had its say (it cancels an invalid submit): loading, or back to the top.
  document.addEventListener('submit', (event) => {
    const form = (event.target as Element | null)?.closest?.<HTMLFormElement>('form[data-checkout]');
    if (!form) return;
    setTimeout(() => {
      const button = form.querySelector<HTMLButtonElement>('[data-checkout-submit]');
      if (event.defaultPrevented || form.querySelector('[aria-invalid="true"]')) {
        window.scrollTo({ top: 0, behavior: 'smooth' });
        return;
      }
      button?.classList.add('is-loading');
      button?.setAttribute('aria-busy', 'true');
    }, 0);
  });
}

export function bind(root: Element): void {
  const form = root.matches('form[data-checkout]') ? (root as HTMLFormElement) : root.querySelector<HTMLFormElement>('form[data-checkout]');
  if (form) toggle(form);
}
