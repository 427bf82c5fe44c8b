// The cart page's coupon form with JS: apply (Enter or the button) and remove by ajax, then reload the
// page region and say what happened (as the no-JS form's notice does); the 'choose a coupon' link opens the chooser in a modal, where a legend entry applies its coupon.
// Not applied: a growl titled 'Coupons' saying 'no coupon available'; a failed call: 'A error has occurred'.
import { navigate, pageContext, request } from '../shell/api';
import { openPageDialog } from '../shell/dialogs';
import { growl } from '../shell/growl';
import { loadStrings, t } from '../shell/localization';
import { closeModal } from '../shell/modal';
import { refreshMiniCart } from './cart';

const GROWL_MS = 3000;
// Server failures come back to the behaviour, which tells them in its own growl (not the shell's dialog too).
const FAILURES = [500, 502, 503, 504];

function tell(kind: 'error' | 'notice', title: string, message: string): void {
  growl({ kind, title, message, marker: ['data-coupon-growl', kind], ms: GROWL_MS });
}

function apiOf(form: HTMLFormElement | null): string {
  return form?.dataset.couponApi ?? `${pageContext().basePath}/api/v1/shoppingcarts/coupon`;
}

async function failed(): Promise<void> {
  await loadStrings();
  tell('error', t('Coupons.Title'), t('Coupons.Error'));
}

/**
 * The cart page again (new totals, the code in its field), then the same notice the no-JS form gets
 * after its redirect ('Coupons.Applied' or 'Coupons.Removed'), kept beside the form, not a passing growl.
 */
async function showCart(key: 'Coupons.Applied' | 'Coupons.Removed'): Promise<void> {
  await navigate(location.pathname + location.search, { push: false, disableCache: true, scrollTop: window.scrollY });
  const form = document.querySelector<HTMLFormElement>('form[data-coupon]');
  const notice = document.createElement('p');
  notice.className = 'alert alert-success coupon-notice';
  notice.setAttribute('role', 'status');
  notice.dataset.couponNotice = key;
  notice.textContent = t(key);
  form?.prepend(notice);
  await refreshMiniCart();
}

/** Applies a code; when the cart took it the cart shows its new totals and says so. */
async function apply(code: string, api: string): Promise<void> {
  await loadStrings();
  if (!code.trim()) return tell('error', t('Coupons.Title'), t('Coupons.CodeRequired'));
  try {
    const response = await request(api, { method: 'POST', body: JSON.stringify({ CouponCode: code }), headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, expectedStatuses: [400, ...FAILURES] });
    if (FAILURES.includes(response.status)) return void (await failed());
    const answer = (await response.json()) as unknown;
    if (response.ok && answer) return await showCart('Coupons.Applied');
    tell('notice', t('Coupons.Title'), t('Coupons.NoCouponAvailable'));
  } catch {
    await failed();
  }
}

async function remove(form: HTMLFormElement): Promise<void> {
  const input = form.querySelector<HTMLInputElement>('[data-coupon-code]');
  if (!input || !input.value.trim()) return; // nothing to remove
  try {
    const response = await request(apiOf(form), { method: 'DELETE', headers: { Accept: 'application/json' }, expectedStatuses: FAILURES });
    if (!response.ok) return void (await failed());
    await loadStrings();
    await showCart('Coupons.Removed');
  } catch {
    await failed();
  }
}

export function start(): void {
  document.addEventListener(
    'submit',
    (event) => {
      const form = (event.target as Element).closest<HTMLFormElement>('form[data-coupon]');
      if (!form) return;
      event.preventDefault();
      const submitter = (event as SubmitEvent).submitter;
      if (submitter?.hasAttribute('data-coupon-remove')) return void remove(form);
      void apply(form.querySelector<HTMLInputElement>('[data-coupon-code]')?.value ?? '', apiOf(form));
    },
    true,
  );
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element;
      const choose = target.closest<HTMLAnchorElement>('a[data-coupon-choose]');
      if (choose) {
        event.preventDefault();
        void openPageDialog(choose.href);
        return;
      }
      const choice = target.closest<HTMLElement>('[data-coupon-choice]');
      if (choice) {
        event.preventDefault();
        const dialog = choice.closest('dialog');
        const form = document.querySelector<HTMLFormElement>('form[data-coupon]');
        const input = form?.querySelector<HTMLInputElement>('[data-coupon-code]');
        if (input) input.value = choice.dataset.couponChoice ?? '';
        if (dialog) closeModal(dialog as HTMLDialogElement);
        void apply(choice.dataset.couponChoice ?? '', apiOf(form));
      }
    },
    true,
  );
}
