// A content page's product carousel (views/partials/content/blocks/product-carousel.ejs): CSS scroll
// snap lays it out and it scrolls by hand; previous and next move it by one view and are disabled at
// either end.

function updateButtons(carousel: Element): void {
  const track = carousel.querySelector<HTMLElement>('[data-content-carousel-track]');
  if (!track) return;
  const previous = carousel.querySelector<HTMLButtonElement>('[data-content-carousel-prev]');
  const next = carousel.querySelector<HTMLButtonElement>('[data-content-carousel-next]');
  if (previous) previous.disabled = track.scrollLeft <= 1;
  if (next) next.disabled = track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;
}

function onClick(event: MouseEvent): void {
  const button = (event.target as Element | null)?.closest?.('[data-content-carousel-prev], [data-content-carousel-next]');
  const track = button?.closest('[data-content-carousel]')?.querySelector<HTMLElement>('[data-content-carousel-track]');
  if (!button || !track) return;
  const direction = button.matches('[data-content-carousel-prev]') ? -1 : 1;
  track.scrollBy({ left: direction * track.clientWidth, behavior: 'smooth' });
}

export function start(): void {
  document.addEventListener('click', onClick);
  document.addEventListener('scroll', (event) => {
    const carousel = event.target instanceof Element ? event.target.closest('[data-content-carousel]') : null;
    if (carousel) updateButtons(carousel);
  }, true);
}

export function bind(root: Element): void {
  (root.matches('[data-content-carousel]') ? [root] : Array.from(root.querySelectorAll('[data-content-carousel]'))).forEach(updateButtons);
}
