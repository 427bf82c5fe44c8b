// The currency widget with JS: a change calls the converter. OK reloads; a warning (a cart to re-price)
// opens a confirm dialog whose force retries with /true; anything else shows the reason text (a failed
// call: 'A error has occurred'), and the select goes back to the visitor's currency.
// A change made before this chunk arrived is not replayed by the registry (only clicks and submits
// are): start() catches up with a select that no longer shows the page's currency.
import { request } from '../shell/api';
import { growl } from '../shell/growl';
import { loadStrings, t } from '../shell/localization';
import { closeModal, openModal, setModalTitle } from '../shell/modal';

interface ChangeAnswer {
  ResponseCode: string;
  ReasonType: string;
  ReasonResourceKey: string;
  Message?: string;
}

const busy = new WeakSet<HTMLFormElement>();

function showError(title: string, message: string): void {
  growl({ kind: 'error', title, message, marker: ['data-currency-error', ''] });
}

const selectOf = (form: HTMLFormElement) => form.querySelector<HTMLSelectElement>('[data-currency-select]');

/** The currency the page was rendered in (the option marked selected by the server). */
function pageCurrency(select: HTMLSelectElement): string {
  return [...select.options].find((option) => option.defaultSelected)?.value ?? select.options[0]?.value ?? '';
}

/** Nothing changed (cancelled or refused): the select shows the visitor's currency again. */
function revert(form: HTMLFormElement): void {
  const select = selectOf(form);
  if (select) select.value = pageCurrency(select);
}

function confirmForce(message: string, onForce: () => void, onCancel: () => void): void {
  const text = document.createElement('p');
  text.textContent = message;
  const footer = document.createElement('div');
  footer.className = 'modal-actions';
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.className = 'button';
  cancel.setAttribute('data-modal-close', '');
  cancel.textContent = t('Currencies.Cancel');
  const force = document.createElement('button');
  force.type = 'button';
  force.className = 'button button-primary';
  force.setAttribute('data-currency-force', '');
  force.textContent = t('Currencies.Confirm');
  footer.append(cancel, force);
  const body = document.createElement('div');
  body.append(text, footer);
  const dialog = openModal({ body, closeLabel: t('Core.Close') });
  setModalTitle(dialog, t('Currencies.Confirm'));
  let forced = false;
  force.addEventListener('click', () => {
    forced = true;
    closeModal(dialog);
    onForce();
  });
  // Cancel, the close button, Escape or the backdrop: nothing changes.
  dialog.addEventListener('close', () => forced || onCancel());
}

async function change(form: HTMLFormElement, code: string, force = false): Promise<void> {
  if (busy.has(form)) return;
  busy.add(form);
  try {
    await loadStrings();
    const url = `${form.dataset.currencyApi}${encodeURIComponent(code)}${force ? '/true' : ''}`;
    let answer: ChangeAnswer | null = null;
    try {
      // Refusals (400) and server failures come back here: the widget tells them in its own growl.
      const response = await request(url, { method: 'POST', headers: { Accept: 'application/json' }, expectedStatuses: [400, 500, 502, 503, 504] });
      if (response.status < 500) answer = (await response.json()) as ChangeAnswer;
    } catch {
      answer = null;
    }
    if (!answer) {
      revert(form);
      return showError(t('Currencies.Label'), t('Coupons.Error'));
    }
    if (answer.ResponseCode === 'OK') return location.reload();
    const reason = answer.Message || t(answer.ReasonResourceKey);
    if (answer.ReasonType === 'warning') {
      return confirmForce(reason, () => void change(form, code, true), () => revert(form));
    }
    revert(form);
    showError(reason, '');
  } finally {
    busy.delete(form);
  }
}

/** Asks for the select's currency, unless it is the one the page already shows. */
function changeFrom(form: HTMLFormElement): void {
  const select = selectOf(form);
  if (select && select.value && select.value !== pageCurrency(select)) void change(form, select.value);
}

export function start(): void {
  document.addEventListener(
    'submit',
    (event) => {
      const form = (event.target as Element).closest<HTMLFormElement>('form[data-currency-widget]');
      if (!form) return;
      event.preventDefault();
      changeFrom(form);
    },
    true,
  );
  document.addEventListener('change', (event) => {
    const select = (event.target as Element).closest?.<HTMLSelectElement>('[data-currency-select]');
    const form = select?.closest<HTMLFormElement>('form[data-currency-widget]');
    if (form) changeFrom(form);
  });
  // The change that loaded this chunk has passed: act on it now.
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-currency-widget]')) changeFrom(form);
}
