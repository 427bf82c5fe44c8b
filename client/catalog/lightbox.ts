// The gallery overlay (000 sections 2, 4, 8, 9): glightbox and its stylesheet arrive on the first
// open; previous, next, close, play/pause (slideshow 5000 ms) and toggle-controls; a slide whose image
// fails gets an error style. Constants: transition 300 ms, slideshow transition 500 ms (CSS), preload
// 2 slides (the one either side), swipe threshold 20 px.

import { loadStylesheet } from '../shell/stylesheet';

export const SLIDESHOW_MS = 5000;
export const SWIPE_THRESHOLD_PX = 20;

interface Labels {
  close: string;
  previous: string;
  next: string;
  play: string;
  pause: string;
  controls: string;
}

function escape(text: string): string {
  const span = document.createElement('span');
  span.textContent = text;
  return span.innerHTML.replace(/"/g, '&quot;');
}

function lightboxHtml(labels: Labels): string {
  const button = (name: string, label: string, order: number, inner = '{' + name + 'SVG}') =>
    `<button class="g${name} gbtn" aria-label="${escape(label)}" data-taborder="${order}">${inner}</button>`;
  return `<div id="glightbox-body" class="glightbox-container" tabindex="-1" role="dialog" aria-hidden="false"><div class="gloader visible"></div><div class="goverlay"></div><div class="gcontainer"><div id="glightbox-slider" class="gslider"></div>${button('close', labels.close, 5)}${button('prev', labels.previous, 2)}${button('next', labels.next, 1)}<button type="button" class="gplay gbtn" aria-pressed="false" aria-label="${escape(labels.play)}" data-taborder="3"></button><button type="button" class="gcontrols gbtn" aria-pressed="true" aria-label="${escape(labels.controls)}" data-taborder="4"></button></div></div>`;
}

// Photos have no caption: without glightbox's description block it never sizes one with a style
// attribute, which the CSP refuses.
const SLIDE_HTML = '<div class="gslide"><div class="gslide-inner-content"><div class="ginner-container"><div class="gslide-media"></div></div></div></div>';

/**
 * glightbox keeps the page from shifting under its overlay with an injected <style> (refused by the
 * CSP) when the page has a scrollbar; the scrollbar goes away first, its width kept as a margin.
 */
function holdScrollbar(): () => void {
  const root = document.documentElement;
  const width = window.innerWidth - root.clientWidth;
  const before = { overflow: root.style.overflow, margin: document.body.style.marginRight };
  root.style.overflow = 'hidden';
  if (width > 0) document.body.style.marginRight = `${width}px`;
  return () => {
    root.style.overflow = before.overflow;
    document.body.style.marginRight = before.margin;
  };
}

export interface LightboxItem {
  href: string;
  alt: string;
}

function bindExtras(container: HTMLElement, labels: Labels, next: () => void): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const play = container.querySelector<HTMLButtonElement>('.gplay')!;
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
    container.classList.remove('slideshow');
    play.setAttribute('aria-pressed', 'false');
    play.setAttribute('aria-label', labels.play);
  };
  play.addEventListener('click', () => {
    if (timer) return stop();
    timer = setInterval(next, SLIDESHOW_MS);
    container.classList.add('slideshow');
    play.setAttribute('aria-pressed', 'true');
    play.setAttribute('aria-label', labels.pause);
  });
  const controls = container.querySelector<HTMLButtonElement>('.gcontrols')!;
  controls.addEventListener('click', () => {
    const hidden = container.classList.toggle('gcontrols-hidden');
    controls.setAttribute('aria-pressed', String(!hidden));
  });
  container.addEventListener('error', (event) => (event.target as Element).closest?.('.gslide')?.classList.add('gslide-error'), true);
  return stop;
}

export async function openLightbox(items: LightboxItem[], index: number, { css, labels }: { css: string; labels: Labels }): Promise<void> {
  const [{ default: GLightbox }] = await Promise.all([import('glightbox'), loadStylesheet(css)]);
  let stop = () => undefined as void;
  // glightbox's typings know neither image elements nor onOpen/onClose, which it has.
  const options = {
    elements: items.map((item) => ({ href: item.href, type: 'image', alt: item.alt })),
    startAt: index,
    loop: true,
    zoomable: false,
    draggable: true,
    dragToleranceX: SWIPE_THRESHOLD_PX,
    preload: true,
    lightboxHTML: lightboxHtml(labels),
    slideHTML: SLIDE_HTML,
    onOpen: () => {
      const container = document.getElementById('glightbox-body');
      if (container) stop = bindExtras(container, labels, () => lightbox.nextSlide());
    },
    onClose: () => {
      stop();
      release();
    },
  } as unknown as Parameters<typeof GLightbox>[0];
  const lightbox = GLightbox(options);
  const release = holdScrollbar();
  lightbox.open();
}
