// The product gallery: a thumbnail shows its photo as the main one (on small screens, where the
// thumbnails are a one-per-view slider, it opens the lightbox), the main photo zooms under the pointer
// from the small breakpoint up, and opens the lightbox at its index.
import { isModifiedClick } from '../shell/api';
import { type LightboxItem, openLightbox } from '../catalog/lightbox';

const SMALL_BREAKPOINT = '(min-width: 576px)';
const ZOOM = 2;

function items(gallery: HTMLElement): LightboxItem[] {
  return Array.from(gallery.querySelectorAll<HTMLAnchorElement>('[data-gallery-item]')).map((link) => ({ href: link.href, alt: link.dataset.alt ?? '' }));
}

/** Opens the overlay at a photo; without its widget or slides container it does not open (console only). */
export async function open(gallery: HTMLElement | null, index: number): Promise<void> {
  if (!gallery) return console.error('Widget container not found');
  if (!gallery.querySelector('[data-gallery-slides]')) return console.error('Slides container not found');
  const labels = JSON.parse(gallery.dataset.lightboxLabels ?? '{}');
  await openLightbox(items(gallery), index, { css: gallery.dataset.lightboxCss ?? '', labels });
}

function show(gallery: HTMLElement, link: HTMLAnchorElement): void {
  const image = gallery.querySelector<HTMLImageElement>('[data-gallery-main-image]');
  const main = gallery.querySelector<HTMLAnchorElement>('[data-gallery-open]');
  if (!image || !main) return;
  image.srcset = link.dataset.mainSrcset ?? '';
  image.src = link.dataset.main ?? link.href;
  image.alt = link.dataset.alt ?? '';
  main.href = link.href;
  main.dataset.galleryOpen = link.dataset.galleryItem ?? '0';
  gallery.querySelectorAll('.gallery-thumb').forEach((thumb) => thumb.classList.toggle('active', thumb.contains(link)));
  gallery.querySelectorAll('[data-gallery-item]').forEach((item) => item.toggleAttribute('aria-current', item === link));
}

function onClick(event: MouseEvent): void {
  const target = event.target as Element | null;
  const gallery = target?.closest?.<HTMLElement>('[data-gallery]') ?? null;
  const link = target?.closest?.<HTMLAnchorElement>('[data-gallery-item], [data-gallery-open]');
  if (!link || !gallery || isModifiedClick(event)) return;
  event.preventDefault();
  const thumb = link.dataset.galleryItem;
  if (thumb !== undefined && matchMedia(SMALL_BREAKPOINT).matches) return show(gallery, link);
  void open(gallery, Number(thumb ?? link.dataset.galleryOpen ?? 0));
}

function onPointerMove(event: PointerEvent): void {
  const main = (event.target as Element | null)?.closest?.<HTMLElement>('[data-gallery-main]');
  const image = main?.querySelector<HTMLImageElement>('[data-gallery-main-image]');
  if (!main || !image || event.pointerType === 'touch' || !matchMedia(SMALL_BREAKPOINT).matches) return;
  const box = main.getBoundingClientRect();
  image.style.transformOrigin = `${((event.clientX - box.left) / box.width) * 100}% ${((event.clientY - box.top) / box.height) * 100}%`;
  if (!main.classList.contains('zoomed')) {
    // The zoomed photo needs the largest source of the set.
    image.sizes = `${Math.round(box.width * ZOOM)}px`;
    main.classList.add('zoomed');
  }
}

function onPointerLeave(event: PointerEvent): void {
  const main = event.target instanceof Element && event.target.matches('[data-gallery-main]') ? event.target : null;
  main?.classList.remove('zoomed');
}

export function start(): void {
  // Capture, so the shell's link handling (on the way up) sees the click already taken.
  document.addEventListener('click', onClick, true);
  document.addEventListener('pointermove', onPointerMove);
  document.addEventListener('pointerleave', onPointerLeave, true);
}
