// The brand carousel: CSS scroll snap sets how many brands show (6, 3 below 1024 px, 2 below 600 px,
// 1 below 480 px); previous and next move it by one view and are disabled at either end.

function track(button: Element): HTMLElement | null {
  return button.closest('[data-carousel]')?.querySelector<HTMLElement>('[data-carousel-track]') ?? null;
}

export function updateButtons(carousel: Element): void {
  const strip = carousel.querySelector<HTMLElement>('[data-carousel-track]');
  if (!strip) return;
  const previous = carousel.querySelector<HTMLButtonElement>('[data-carousel-prev]');
  const next = carousel.querySelector<HTMLButtonElement>('[data-carousel-next]');
  if (previous) previous.disabled = strip.scrollLeft <= 1;
  if (next) next.disabled = strip.scrollLeft + strip.clientWidth >= strip.scrollWidth - 1;
}

function onClick(event: MouseEvent): void {
  const button = (event.target as Element | null)?.closest?.('[data-carousel-prev], [data-carousel-next]');
  const strip = button && track(button);
  if (!button || !strip) return;
  const direction = button.matches('[data-carousel-prev]') ? -1 : 1;
  strip.scrollBy({ left: direction * strip.clientWidth, behavior: 'smooth' });
}

export function start(): void {
  document.addEventListener('click', onClick);
  document.addEventListener('scroll', (event) => {
    const carousel = event.target instanceof Element ? event.target.closest('[data-carousel]') : null;
    if (carousel) updateButtons(carousel);
  }, true);
}

export function bind(root: Element): void {
  (root.matches('[data-carousel]') ? [root] : Array.from(root.querySelectorAll('[data-carousel]'))).forEach(updateButtons);
}
