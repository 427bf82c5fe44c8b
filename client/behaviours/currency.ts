// The currency widget with JS: a change calls the converter. OK reloads; a warning (a cart to re-price)
// opens a confirm dialog whose force retries with /true; anything else shows the reason text.
import { request } from '../shell/api';
import { loadStrings, t } from '../shell/localization';
import { closeModal, openModal, setModalTitle } from '../shell/modal';

interface ChangeAnswer {
  ResponseCode: string;
  ReasonType: string;
  ReasonResourceKey: string;
  Message?: string;
}

function showError(title: string, message: string): void {
  const notice = document.createElement('div');
  notice.className = 'growl growl-error';
  notice.setAttribute('role', 'alert');
  notice.setAttribute('data-currency-error', '');
  const heading = document.createElement('strong');
  heading.textContent = title;
  notice.append(heading, ' ', message);
  document.body.append(notice);
  setTimeout(() => notice.remove(), 4000);
}

function confirmForce(message: string, onForce: () => void): void {
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
  force.addEventListener('click', () => {
    closeModal(dialog);
    onForce();
  });
}

async function change(form: HTMLFormElement, code: string, force = false): Promise<void> {
  await loadStrings();
  const url = `${form.dataset.currencyApi}${encodeURIComponent(code)}${force ? '/true' : ''}`;
  let answer: ChangeAnswer;
  try {
    const response = await request(url, { method: 'POST', headers: { Accept: 'application/json' }, expectedStatuses: [400] });
    answer = (await response.json()) as ChangeAnswer;
  } catch {
    return showError(t('Coupons.Title'), t('Coupons.Error'));
  }
  if (answer.ResponseCode === 'OK') return location.reload();
  const reason = answer.Message || t(answer.ReasonResourceKey);
  if (answer.ReasonType === 'warning') return confirmForce(reason, () => void change(form, code, true));
  showError(reason, '');
}

export function start(): void {
  const handle = (event: Event) => {
    const form = (event.target as Element).closest<HTMLFormElement>('form[data-currency-widget]');
    if (!form) return;
    if (event.type === 'submit') event.preventDefault();
    const select = form.querySelector<HTMLSelectElement>('[data-currency-select]');
    if (select) void change(form, select.value);
  };
  document.addEventListener('submit', handle, true);
  document.addEventListener('change', (event) => {
    if ((event.target as Element).matches?.('[data-currency-select]')) handle(event);
  });
}
