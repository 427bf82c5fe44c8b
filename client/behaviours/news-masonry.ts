// The news masonry wall (000 sections 4, 9): masonry-layout places the cards; lazy pictures load through
// lozad 1000 px ahead of the viewport, and the wall is laid out again 200 ms after the last one arrives.
import type Masonry from 'masonry-layout';
import lozad from 'lozad';
import { masonryWall } from '../masonry/masonry-wall';
import { LAZY_ROOT_MARGIN, loadLazyImage } from './catalog-lazy-images';

const walls = new WeakMap<Element, Masonry>();

function build(list: Element): void {
  if (walls.has(list)) return;
  // The class first: it gives the items their column widths, which masonry measures.
  list.classList.add('is-laid-out');
  walls.set(list, masonryWall(list, '.news-masonry-item').masonry);
  lozad(list.querySelectorAll('img.lozad'), { rootMargin: LAZY_ROOT_MARGIN, threshold: 0, load: loadLazyImage }).observe();
}

export function bind(root: Element): void {
  const lists = root.matches('[data-news-masonry]') ? [root] : Array.from(root.querySelectorAll('[data-news-masonry]'));
  lists.forEach((element) => element.querySelectorAll('.news-masonry-items').forEach(build));
}
