// [data-copy="text"] or [data-copy-target="#id"] copies text and shows a short-lived message.
import { COPY_MESSAGE_CLOSE_MS, COPY_MESSAGE_OPEN_MS, COPY_MESSAGE_REMOVE_MS } from '../shell/api';
import { translate } from '../shell/localization';

const TRIGGERS = '[data-copy], [data-copy-target]';

export function textToCopy(trigger: HTMLElement): string {
  const selector = trigger.dataset.copyTarget;
  if (!selector) return trigger.dataset.copy ?? '';
  const source = document.querySelector(selector);
  if (source instanceof HTMLInputElement || source instanceof HTMLTextAreaElement) return source.value;
  return source?.textContent?.trim() ?? '';
}

/** Opens after 100 ms, closes at 2000 ms and is removed at 2500 ms, counted from the copy. */
export function showCopyMessage(trigger: HTMLElement, text: string): HTMLElement {
  const message = document.createElement('span');
  message.className = 'copy-message';
  message.setAttribute('role', 'status');
  message.textContent = text;
  trigger.after(message);
  setTimeout(() => message.classList.add('open'), COPY_MESSAGE_OPEN_MS);
  setTimeout(() => message.classList.remove('open'), COPY_MESSAGE_CLOSE_MS);
  setTimeout(() => message.remove(), COPY_MESSAGE_REMOVE_MS);
  return message;
}

export async function copy(trigger: HTMLElement): Promise<void> {
  const label = trigger.dataset.copyMessage;
  try {
    const [, text] = await Promise.all([
      navigator.clipboard.writeText(textToCopy(trigger)),
      label ? Promise.resolve(label) : translate('Core.CopiedToClipboard'),
    ]);
    showCopyMessage(trigger, text);
  } catch (error) {
    console.warn(error);
  }
}

export function start(): void {
  document.addEventListener('click', (event) => {
    const trigger = (event.target as Element).closest<HTMLElement>(TRIGGERS);
    if (!trigger) return;
    event.preventDefault();
    void copy(trigger);
  });
}
