// One delegated click listener applies the link rules to every link of the document.
import { entryState, saveScrollPosition } from './history';
import { linkAction } from './links';
import { navigate } from './navigation';
import { showAnchor } from './scroll';

export async function followAnchor(anchor: HTMLAnchorElement): Promise<void> {
  const url = new URL(anchor.href);
  saveScrollPosition();
  history.pushState(entryState(url, false, window.scrollY), '', url.href);
  await showAnchor(url.hash);
}

function onClick(event: MouseEvent): void {
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return;
  const action = linkAction(anchor, event, location);
  if (action === 'native') return;
  event.preventDefault();
  if (action === 'anchor') void followAnchor(anchor);
  else void navigate(anchor.href, { disableCache: anchor.hasAttribute('data-no-cache') });
}

export function startLinkHandling(): void {
  document.addEventListener('click', onClick);
}
