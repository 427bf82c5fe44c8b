// The content pages' blocks (views/partials/content/blocks): collapses, tabs, gallery, product carousel
// and video, one small chunk loaded at the first use of any of them, at once where tabs show
// (client/behaviours/registry.ts). The lightbox (glightbox) arrives only when a gallery photo is opened.
import * as carousel from './content-carousel';
import * as collapses from './content-collapses';
import * as gallery from './content-gallery';
import * as tabs from './content-tabs';
import * as video from './video';

export function start(): void {
  collapses.start();
  gallery.start();
  carousel.start();
  video.start();
  tabs.start();
}

export function bind(root: Element): void {
  carousel.bind(root);
  tabs.bind(root);
}
