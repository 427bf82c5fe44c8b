// Shows a same-page anchor; the scrolling code is a chunk, loaded only when a page has an anchor.
import { loadChunk } from './chunks';
import { NAVIGATION_MINIMISED_THRESHOLD_PX } from './constants';

export async function showAnchor(hash: string): Promise<boolean> {
  if (hash.length < 2) return false;
  const anchors = await loadChunk(() => import('./anchors'));
  return anchors.scrollToAnchor(hash);
}

/** body.main-navigation-minimised once the page is scrolled past the threshold (spec section 9). */
export function startMinimisedNavigation(): void {
  const update = () => document.body.classList.toggle('main-navigation-minimised', window.scrollY > NAVIGATION_MINIMISED_THRESHOLD_PX);
  update();
  window.addEventListener('scroll', update, { passive: true });
}
