// A news post's pictures open in the gallery overlay (glightbox, with its stylesheet, on the first open):
// the main picture and the gallery, in order. Without JS each link opens the large picture itself.
import { isModifiedClick } from '../shell/api';
import { openLightbox } from '../catalog/lightbox';

function onClick(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-news-image]');
  const post = link?.closest<HTMLElement>('[data-news-lightbox]');
  if (!link || !post || isModifiedClick(event)) return;
  event.preventDefault();
  event.stopPropagation();
  const items = Array.from(post.querySelectorAll<HTMLAnchorElement>('a[data-news-image]')).map((item) => ({ href: item.href, alt: item.dataset.alt ?? '' }));
  const labels = JSON.parse(post.dataset.lightboxLabels ?? '{}');
  void openLightbox(items, Number(link.dataset.newsImage ?? 0), { css: post.dataset.lightboxCss ?? '', labels });
}

export function start(): void {
  document.addEventListener('click', onClick, true);
}
