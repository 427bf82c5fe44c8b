// A content page's gallery (views/partials/content/blocks/gallery.ejs): each thumbnail links to its
// large picture; with JavaScript the lightbox (client/catalog/lightbox.ts, glightbox) opens at it.
import { type LightboxItem, openLightbox } from '../catalog/lightbox';
import { isModifiedClick } from '../shell/links';

function items(gallery: HTMLElement): LightboxItem[] {
  return Array.from(gallery.querySelectorAll<HTMLAnchorElement>('[data-content-gallery-item]')).map((link) => ({ href: link.href, alt: link.dataset.alt ?? '' }));
}

/** Without its widget or slides container the overlay does not open (a console message only, spec 000 section 8). */
export async function open(gallery: HTMLElement | null, index: number): Promise<void> {
  if (!gallery) return console.error('Widget container not found');
  if (!gallery.querySelector('[data-gallery-slides]')) return console.error('Slides container not found');
  const labels = JSON.parse(gallery.dataset.lightboxLabels ?? '{}');
  await openLightbox(items(gallery), index, { css: gallery.dataset.lightboxCss ?? '', labels });
}

function onClick(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('[data-content-gallery-item]');
  if (!link || isModifiedClick(event)) return;
  event.preventDefault();
  void open(link.closest<HTMLElement>('[data-content-gallery]'), Number(link.dataset.contentGalleryItem ?? 0));
}

export function start(): void {
  document.addEventListener('click', onClick);
}
