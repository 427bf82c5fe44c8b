// A masonry-layout wall laid out again, debounced, each time a lazy picture inside it loads: the news wall
// (client/behaviours/news-masonry.ts) and a project's gallery (client/behaviours/projects-gallery.ts).
import Masonry from 'masonry-layout';

export const RELAYOUT_DEBOUNCE_MS = 200;

export function debounce(action: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(action, ms);
  };
}

/** Masonry over the container's items (their selector gives the column width too), and its debounced relayout. */
export function masonryWall(container: Element, itemSelector: string, afterLayout: () => void = () => undefined): { masonry: Masonry; relayout: () => void } {
  const masonry = new Masonry(container, { itemSelector, columnWidth: itemSelector, percentPosition: true, transitionDuration: 0 });
  const relayout = debounce(() => {
    masonry.layout();
    afterLayout();
  }, RELAYOUT_DEBOUNCE_MS);
  // A lazy picture's load event does not bubble: caught on the way down.
  container.addEventListener('load', relayout, true);
  return { masonry, relayout };
}
