// The news masonry wall (000 sections 4, 9): masonry-layout places the cards; lazy pictures load through
// lozad 1000 px ahead of the viewport, and the wall is laid out again 200 ms after the last one arrives.
import Masonry from 'masonry-layout';
import lozad from 'lozad';

export const LAZY_ROOT_MARGIN = '1000px 0px';
export const RELAYOUT_DEBOUNCE_MS = 200;

const walls = new WeakMap<Element, Masonry>();

function load(image: Element): void {
  const { sizes, srcset, src } = (image as HTMLImageElement).dataset;
  if (sizes) image.setAttribute('sizes', sizes);
  if (srcset) image.setAttribute('srcset', srcset);
  if (src) image.setAttribute('src', src);
}

function debounce(action: () => void, delay: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(action, delay);
  };
}

function build(list: Element): void {
  if (walls.has(list)) return;
  // The class first: it gives the items their column widths, which masonry measures.
  list.classList.add('is-laid-out');
  const wall = new Masonry(list, { itemSelector: '.news-masonry-item', columnWidth: '.news-masonry-item', percentPosition: true, transitionDuration: 0 });
  walls.set(list, wall);
  const relayout = debounce(() => wall.layout(), RELAYOUT_DEBOUNCE_MS);
  list.addEventListener('load', relayout, true);
  lozad(list.querySelectorAll('img.lozad'), { rootMargin: LAZY_ROOT_MARGIN, threshold: 0, load }).observe();
}

export function bind(root: Element): void {
  const lists = root.matches('[data-news-masonry]') ? [root] : Array.from(root.querySelectorAll('[data-news-masonry]'));
  lists.forEach((element) => element.querySelectorAll('.news-masonry-items').forEach(build));
}
