// The one-step checkout on top of its no-JS form: same-address, bank-transfer and business-fields toggles, the
// submit button's loading state (only when the form is valid, else back to the top), the VAT
// states (the page reloads when the check's answer changes, except from false to null), and the
// address book: a saved address fills the form, the address popup opens in a modal and, once saved,
// the pickers are fetched again ({app}/widget/DeliveryAddressPicker) with the new address chosen.
import { htmx, isModifiedClick, pageContext, request } from '../shell/api';
import { openPageDialog } from '../shell/dialogs';
import { closeModal } from '../shell/modal';

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
  // The company name and VAT number are asked of a business only (a private buyer's are ignored anyway).
  const business = form.querySelector<HTMLElement>('[data-checkout-business]');
  const accountType = form.querySelector<HTMLInputElement>('input[name="AccountType"]:checked');
  if (business && accountType) business.hidden = accountType.value !== 'Company';
}

/**
 * The spec's console warnings (second document, section 8): a checkout rendered without its billing
 * hidden fields, its account-type radios or, with the address pickers, a selected address id. Nothing
 * for the visitor: what the behaviour relies on is missing, so its toggles and address filling will not work.
 */
function warnIfIncomplete(form: HTMLFormElement): void {
  if (!form.querySelector('[name="ExistingBillingAddressId"]') || !form.querySelector('[name="ExistingShippingAddressId"]')) {
    console.warn('checkout: missing billing hidden fields (ExistingBillingAddressId, ExistingShippingAddressId)');
  }
  if (!form.querySelector('input[type="radio"][name="AccountType"]')) console.warn('checkout: missing account type radios (AccountType)');
  const pickers = form.querySelector('[data-address-pickers]');
  if (pickers && !pickers.querySelector('input[name="ExistingBillingAddressId"]:checked')) console.warn('checkout: missing selected-address-id (ExistingBillingAddressId)');
}

async function checkVat(form: HTMLFormElement): Promise<void> {
  const vat = form.querySelector<HTMLInputElement>('input[name="BillingVAT"]')?.value.trim() ?? '';
  const countryId = form.querySelector<HTMLSelectElement>('select[name="BillingCountry"]')?.value ?? '';
  if (!vat || !countryId) return; // the check runs only when the field is not empty
  const { basePath } = pageContext();
  const query = new URLSearchParams({ countryId, VAT: vat, customerId: '0' });
  const answer = await request(`${basePath}/api/v1/sales/customers/checkisvatvalid/?${query}`, { expectedStatuses: [400] });
  const body = (await answer.json()) as { IsVATValidWebService: boolean | null; ErrorMessage?: string };
  const slot = form.querySelector<HTMLElement>('[data-valmsg-for="BillingVAT"]');
  // A malformed number (400) is the local format check, not an answer of VIES: a message, no state.
  if (answer.status === 400) {
    if (slot) slot.textContent = body.ErrorMessage ?? '';
    return;
  }
  const next = String(body.IsVATValidWebService) as VatState;
  const previous = (sessionStorage.getItem(vatStateKey) ?? '') as VatState;
  sessionStorage.setItem(vatStateKey, next);
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

type Use = 'Billing' | 'Shipping';
const swapSpec = { swapDelay: 0, settleDelay: 0, ignoreTitle: true };

/** Copies the chosen saved address (its radio's data-address) into the form's Billing* / Shipping* fields. */
function fillFromSaved(form: HTMLFormElement, use: Use): void {
  const radio = form.querySelector<HTMLInputElement>(`input[name="Existing${use}AddressId"]:checked`);
  const data = radio?.dataset.address;
  if (!data) return;
  for (const [name, value] of Object.entries(JSON.parse(data) as Record<string, string>)) {
    const control = form.elements.namedItem(name);
    if (control instanceof RadioNodeList) control.value = value;
    else if (control instanceof HTMLInputElement && control.type === 'radio') continue;
    else if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) control.value = value;
  }
  if (use === 'Shipping') {
    const same = form.querySelector<HTMLInputElement>('input[name="SameAddressForShipping"]');
    if (same) same.checked = false;
  }
  toggle(form);
}

/** Fetches the pickers again with this choice (after a save) and fills the form from it. */
async function refreshPickers(choice: Record<string, string>): Promise<void> {
  const container = document.querySelector<HTMLElement>('[data-address-pickers]');
  const form = container?.closest<HTMLFormElement>('form[data-checkout]');
  if (!container || !form) return;
  const { basePath, culture } = pageContext();
  const query = new URLSearchParams({
    ...choice,
    hasCreation: container.dataset.hasCreation ?? 'false',
    hasEdit: container.dataset.hasEdit ?? 'false',
    culture,
  });
  const html = await (await request(`${basePath}/widget/DeliveryAddressPicker?${query}`)).text();
  htmx.swap(container, html, { ...swapSpec, swapStyle: 'outerHTML' });
  fillFromSaved(form, 'Billing');
  fillFromSaved(form, 'Shipping');
}

/** The popup's post: JSON when saved (close, refresh the pickers), the form with its messages when not. */
async function saveAddress(form: HTMLFormElement): Promise<void> {
  const body = form.closest('.modal-body') ?? form.parentElement!;
  form.setAttribute('aria-busy', 'true');
  try {
    const answer = await request(form.action, {
      method: 'POST',
      body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      target: body.id || 'modal-body',
      expectedStatuses: [400],
    });
    if (answer.status === 400) {
      htmx.swap(body, await answer.text(), { ...swapSpec, swapStyle: 'innerHTML' });
      return;
    }
    const saved = (await answer.json()) as { ExistingBillingAddressId: string; ExistingShippingAddressId: string };
    const dialog = form.closest('dialog');
    if (dialog) closeModal(dialog);
    await refreshPickers({ ExistingBillingAddressId: String(saved.ExistingBillingAddressId ?? '0'), ExistingShippingAddressId: String(saved.ExistingShippingAddressId ?? '0') });
  } catch {
    // request() has already told the visitor.
  } finally {
    form.removeAttribute('aria-busy');
  }
}

export function start(): void {
  // The address popup: a modal with JS (the link opens the page without).
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-address-popup]');
      if (!link || isModifiedClick(event)) return;
      event.preventDefault();
      void openPageDialog(link.href);
    },
    true,
  );
  document.addEventListener('submit', (event) => {
    const form = (event.target as Element | null)?.closest?.<HTMLFormElement>('form[data-address-form]');
    if (!form || !form.closest('dialog')) return;
    event.preventDefault();
    if (form.getAttribute('aria-busy') === 'true') return;
    // Let validation have its say first (an invalid form shows its messages and is not posted).
    setTimeout(() => {
      if (form.querySelector('[aria-invalid="true"]')) return;
      void saveAddress(form);
    }, 0);
  });
  document.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement | null;
    const form = target?.closest?.<HTMLFormElement>('form[data-checkout]');
    if (!form || !target) return;
    if (['SameAddressForShipping', 'PaymentMethod', 'AccountType'].includes(target.name)) toggle(form);
    if (target.name === 'ExistingBillingAddressId') fillFromSaved(form, 'Billing');
    if (target.name === 'ExistingShippingAddressId') fillFromSaved(form, 'Shipping');
    if (target.name === 'BillingVAT') void checkVat(form).catch(() => undefined);
    if (target.name === 'BillingCountry') void countryChanged(form).catch(() => undefined);
  });
  // After validation had its say: loading, or back to the top. Captured, because jquery-validation
  // stops an invalid submit on the form itself; the verdict is read once the event is over.
  document.addEventListener(
    'submit',
    (event) => {
      const form = (event.target as Element | null)?.closest?.<HTMLFormElement>('form[data-checkout]');
      if (!form) return;
      setTimeout(() => {
        const button = form.querySelector<HTMLButtonElement>('[data-checkout-submit]');
        if (form.querySelector('[aria-invalid="true"]')) {
          window.scrollTo({ top: 0, behavior: 'smooth' });
          return;
        }
        // Held by something else (the validation still arriving replays it): no verdict yet.
        if (event.defaultPrevented) return;
        button?.classList.add('is-loading');
        button?.setAttribute('aria-busy', 'true');
      }, 0);
    },
    true,
  );
}

/**
 * A change made while this behaviour was still arriving (a change is not held and replayed like a click):
 * a billing country or VAT number that differs from what the page was rendered with is acted on now.
 */
function catchUp(form: HTMLFormElement): void {
  const country = form.querySelector<HTMLSelectElement>('select[name="BillingCountry"]');
  const vat = form.querySelector<HTMLInputElement>('input[name="BillingVAT"]');
  if (country && country.selectedOptions[0] && !country.selectedOptions[0].defaultSelected) void countryChanged(form).catch(() => undefined);
  else if (vat && vat.value !== vat.defaultValue && document.activeElement !== vat) void checkVat(form).catch(() => undefined);
}

export function bind(root: Element): void {
  const form = root.matches('form[data-checkout]') ? (root as HTMLFormElement) : root.querySelector<HTMLFormElement>('form[data-checkout]');
  if (!form) return;
  toggle(form);
  if (!caughtUp.has(form)) {
    caughtUp.add(form);
    warnIfIncomplete(form);
    catchUp(form);
  }
}

const caughtUp = new WeakSet<HTMLFormElement>();
