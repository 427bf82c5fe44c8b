// Shows a same-page anchor; the scrolling code is a chunk, loaded only when a page has an anchor.
import { loadChunk } from './chunks';

export async function showAnchor(hash: string): Promise<boolean> {
  if (hash.length < 2) return false;
  const anchors = await loadChunk(() => import('./anchors'));
  return anchors.scrollToAnchor(hash);
}
