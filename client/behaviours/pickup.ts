// Pickup points: a link [data-pickup=open] to {app}/{culture}/shippings/pickuppoint/search?… opens the
// search in a modal once the carrier answers 'Success' (POST …/api/v1/shipping/{carrier}/getpickuppoints);
// any other status shows the error growl (Shippings.PickupPoint.ErrorTitle / ErrorMessage). In the modal the search form does the
// same, and a point's choose button posts the saved-pickup-point payload to
// {app}/api/v1/shoppingcarts/externalpickuppoint, then the page reloads. Without JS the link opens the
// page, whose search form and point forms post and redirect.
import { csrfToken, htmx, isModifiedClick, request } from '../shell/api';
import { openPageDialog } from '../shell/dialogs';
import { growl } from '../shell/growl';
import { loadStrings, t } from '../shell/localization';

interface Texts {
  title: string;
  message: string;
}

/** The page's texts when it carries them, else the locale's (Shippings.PickupPoint.ErrorTitle / ErrorMessage). */
async function textsOf(element: Element | null): Promise<Texts> {
  const holder = element?.closest<HTMLElement>('[data-error-title]') ?? document.querySelector<HTMLElement>('[data-error-title]');
  if (holder?.dataset.errorTitle && holder.dataset.errorMessage) return { title: holder.dataset.errorTitle, message: holder.dataset.errorMessage };
  await loadStrings();
  return { title: t('Shippings.PickupPoint.ErrorTitle'), message: t('Shippings.PickupPoint.ErrorMessage') };
}

async function showError(element: Element | null): Promise<void> {
  const texts = await textsOf(element);
  growl({ kind: 'error', title: texts.title, message: texts.message, marker: ['data-pickup-growl', ''] });
}

/** The search request of section 3 from the modal's address (query parameters of the search page). */
function searchRequest(url: URL, radius: number, size: number, countryCode: string) {
  return {
    City: url.searchParams.get('city') ?? '',
    PostalCode: url.searchParams.get('postCode') ?? '',
    CountryCode: countryCode,
    Address: url.searchParams.get('address') ?? '',
    ShippingMethodId: url.searchParams.get('shippingMethodId') || null,
    SearchRadius: radius,
    MaximumListSize: size,
    CultureName: document.documentElement.lang,
  };
}

/** True when the carrier answers 'Success' for that search; otherwise the growl shows. */
async function searchSucceeds(url: URL, origin: HTMLElement): Promise<boolean> {
  const data = origin.closest<HTMLElement>('[data-search-url]')?.dataset ?? origin.dataset;
  const carrier = url.searchParams.get('carrierGatewayId') || data.carrier || 'static';
  const basePath = document.documentElement.dataset.basePath ?? '';
  const searchUrl = data.searchUrl || `${basePath}/api/v1/shipping/${encodeURIComponent(carrier)}/getpickuppoints`;
  const countryCode = data.countryCode || url.searchParams.get('countryCode') || url.searchParams.get('countryId') || '';
  try {
    const response = await request(searchUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(searchRequest(url, Number(data.searchRadius || 10), Number(data.maximumListSize || 10), countryCode)),
      expectedStatuses: [400, 404],
    });
    const answer = (await response.json()) as { ResponseStatusDescription?: string };
    if (answer.ResponseStatusDescription === 'Success') return true;
  } catch {
    // request() reported it
  }
  await showError(origin);
  return false;
}

async function openSearch(link: HTMLAnchorElement): Promise<void> {
  const url = new URL(link.href, location.href);
  // A country given as an id is resolved by the page; the search needs its code, so the page comes first then.
  if (link.dataset.countryCode && !(await searchSucceeds(url, link))) return;
  const dialog = await openPageDialog(url.toString());
  dialog.classList.add('modal-lg');
  const section = dialog.querySelector<HTMLElement>('[data-pickup="search"]');
  const status = section?.querySelector('[data-pickup-status]');
  if (status) await showError(section);
}

async function refine(form: HTMLFormElement): Promise<void> {
  const url = new URL(form.action, location.href);
  for (const [name, value] of new FormData(form)) url.searchParams.set(name, String(value));
  if (!(await searchSucceeds(url, form))) return;
  const body = form.closest('.modal-body');
  if (!body) return void (location.href = url.toString());
  const response = await request(url.toString(), { target: 'modal-body' });
  htmx.swap(body, await response.text(), { swapStyle: 'innerHTML', swapDelay: 0, settleDelay: 0, ignoreTitle: true });
}

function billingName(name: string): string {
  return document.querySelector<HTMLInputElement>(`[name=${name}]`)?.value ?? '';
}

async function choose(form: HTMLFormElement): Promise<void> {
  const item = form.closest<HTMLElement>('[data-pickup-point]');
  const point = item ? (JSON.parse(item.dataset.pickupPoint ?? '{}') as Record<string, unknown>) : {};
  const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
  const payload = {
    ShippingFirstName: billingName('BillingFirstName'),
    ShippingLastName: billingName('BillingLastName'),
    ShippingMethodId: fields.ShippingMethodId,
    PickupPointName: point.ConsigneeName,
    ShippingStreet1: point.Address,
    ShippingPostalCode: point.PostCode,
    ShippingCity: point.City,
    ShippingCountryId: point.CountryId,
    ShippingPhoneNumber: point.PhoneNumber,
    ...point,
    ExternalPickupPointRef: point.PublicAccessPointID,
    // Only the built-in 'static' carrier's points have an id of ours.
    PickupPointId: point.PickupPointId ?? null,
  };
  const button = form.querySelector<HTMLButtonElement>('[data-pickup-choose]');
  button?.setAttribute('aria-busy', 'true');
  if (button) button.disabled = true;
  try {
    await request(form.action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrfToken() },
      body: JSON.stringify(payload),
      expectedStatuses: [400],
    }).then((response) => {
      if (!response.ok) throw new Error(String(response.status));
    });
    location.reload();
  } catch {
    await showError(form);
    button?.removeAttribute('aria-busy');
    if (button) button.disabled = false;
  }
}

export function start(): void {
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-pickup=open]');
      if (!link || isModifiedClick(event)) return;
      event.preventDefault();
      void openSearch(link);
    },
    true,
  );
  document.addEventListener('submit', (event) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    if (!form) return;
    if (form.matches('[data-pickup-search-form]') && form.closest('.modal-body')) {
      event.preventDefault();
      void refine(form);
    } else if (form.matches('[data-pickup-choose-form]')) {
      event.preventDefault();
      void choose(form);
    }
  });
}
