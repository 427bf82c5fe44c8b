// A block marked [data-link-block] is clickable as a whole: a click on it follows its link.
import { LINK_BLOCK_GUARD_MS } from '../shell/api';

const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="button"]';
let lastFollowed = 0;

function onClick(event: MouseEvent): void {
  const target = event.target as Element;
  const block = target.closest('[data-link-block]');
  if (!block || target.closest(INTERACTIVE)) return;
  const link = block.querySelector<HTMLAnchorElement>('a[href]');
  // The guard stops a double click (or a click that bubbles twice) from following the link twice.
  const now = Date.now();
  if (!link || now - lastFollowed < LINK_BLOCK_GUARD_MS) return;
  lastFollowed = now;
  link.click();
}

export function start(): void {
  document.addEventListener('click', onClick);
}
