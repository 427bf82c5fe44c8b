// Collapses of content pages (views/partials/content/blocks/collapses.ejs): <details> open and close
// without JavaScript; with it they slide, 350 ms (spec 000 section 9: collapse transition), unless the
// visitor asks for reduced motion.
import { isModifiedClick } from '../shell/links';

export const COLLAPSE_MS = 350;

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function slide(details: HTMLDetailsElement, opening: boolean): void {
  const body = details.querySelector<HTMLElement>('.content-collapse-body');
  if (!body) return void (details.open = opening);
  details.classList.add('collapsing');
  if (opening) details.open = true;
  const height = `${body.scrollHeight}px`;
  const animation = body.animate(
    opening ? [{ height: '0px', opacity: 0 }, { height, opacity: 1 }] : [{ height, opacity: 1 }, { height: '0px', opacity: 0 }],
    { duration: COLLAPSE_MS, easing: 'ease' },
  );
  animation.onfinish = () => {
    if (!opening) details.open = false;
    details.classList.remove('collapsing');
  };
}

function onClick(event: MouseEvent): void {
  const summary = (event.target as Element | null)?.closest?.('[data-content-collapses] summary');
  const details = summary?.parentElement;
  if (!(details instanceof HTMLDetailsElement) || isModifiedClick(event) || reducedMotion()) return;
  if (details.classList.contains('collapsing')) return void event.preventDefault();
  event.preventDefault();
  slide(details, !details.open);
}

export function start(): void {
  document.addEventListener('click', onClick);
}
