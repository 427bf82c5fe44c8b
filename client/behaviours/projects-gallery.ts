// A project's gallery ([data-projects-gallery], views/partials/projects/gallery.ejs): masonry-layout
// places the pictures in columns of different heights (CSS columns stand in without JS), and lays them
// out again, debounced 200 ms (section 9), each time lozad loads one of them (1000 px ahead, the
// catalog's lazy-image code) and when the window is resized (150 ms).
import { debounce, masonryWall } from '../masonry/masonry-wall';
import * as lazyImages from './catalog-lazy-images';

export const RESIZE_DEBOUNCE_MS = 150;

let lazyStarted = false;

function mount(grid: HTMLElement): void {
  grid.classList.add('is-masonry');
  const { masonry, relayout } = masonryWall(grid, '.projects-gallery-item', () => {
    grid.dataset.layouts = String(Number(grid.dataset.layouts ?? '0') + 1);
  });
  window.addEventListener('resize', debounce(() => masonry.layout(), RESIZE_DEBOUNCE_MS));
  relayout();
}

export function bind(root: Element): void {
  if (!lazyStarted) {
    lazyStarted = true;
    lazyImages.start();
  }
  lazyImages.bind();
  const grids = root.matches('[data-projects-gallery]') ? [root] : [...root.querySelectorAll('[data-projects-gallery]')];
  for (const grid of grids as HTMLElement[]) {
    if (grid.dataset.masonryMounted) continue;
    grid.dataset.masonryMounted = 'true';
    mount(grid);
  }
}
