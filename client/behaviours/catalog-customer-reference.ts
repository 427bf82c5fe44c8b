// The customer reference form by fetch: the answer {Status, Message} shows in a modal that closes
// after 3000 ms or in a growl notice, as the form's data-message-mode says; a failure shows the
// server's Message (Catalog.CustomerRefUpdateError). Without JS the form posts and redirects back.
import { closeModal, openModal } from '../shell/modal';
import { request } from '../shell/api';
import { growl } from '../shell/growl';

export const REFERENCE_MESSAGE_MS = 3000;
const FORM = 'form[data-customer-reference-form]';

interface ReferenceAnswer {
  Status: boolean;
  Message: string;
}


function modal(answer: ReferenceAnswer, closeLabel: string): void {
  const message = document.createElement('p');
  message.className = answer.Status ? 'reference-message success' : 'reference-message error';
  message.setAttribute('role', answer.Status ? 'status' : 'alert');
  message.textContent = answer.Message;
  const dialog = openModal({ body: message, closeLabel });
  setTimeout(() => closeModal(dialog), REFERENCE_MESSAGE_MS);
}

export async function submitReference(form: HTMLFormElement): Promise<void> {
  form.setAttribute('aria-busy', 'true');
  try {
    const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    const response = await request(form.action, { method: 'POST', body, headers: { Accept: 'application/json' }, expectedStatuses: [400] });
    const answer = (await response.json()) as ReferenceAnswer;
    if (form.dataset.messageMode === 'growl') growl({ kind: answer.Status ? 'success' : 'error', message: answer.Message, ms: REFERENCE_MESSAGE_MS });
    else modal(answer, form.dataset.closeLabel ?? '');
  } catch {
    // request() has shown the error dialog.
  } finally {
    form.removeAttribute('aria-busy');
  }
}

export function start(): void {
  document.addEventListener('submit', (event) => {
    const form = event.target instanceof HTMLFormElement && event.target.matches(FORM) ? event.target : null;
    if (!form) return;
    event.preventDefault();
    if (form.getAttribute('aria-busy') !== 'true') void submitReference(form);
  });
}
