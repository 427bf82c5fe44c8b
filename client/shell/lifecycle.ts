// Page lifecycle events on document, and the loading classes on body.
import { DEFAULT_ANIMATION_DELAY_MS, SHOP_ANIMATION_DELAY_MS } from './constants';

export type PageEventName = 'page-will-leave' | 'page-loaded' | 'finished';

export interface PageEventDetail {
  url: string;
}

/** Returns false when a handler called preventDefault on a cancelable event. */
export function announce(name: PageEventName, detail: PageEventDetail, cancelable = false): boolean {
  return document.dispatchEvent(new CustomEvent<PageEventDetail>(name, { detail, cancelable }));
}

/** body[data-animation-delay]: "shop" on the shop's pages (200 ms), a number of ms, else the default 10 ms. */
export function animationDelay(): number {
  if (document.body.dataset.animationDelay === 'shop') return SHOP_ANIMATION_DELAY_MS;
  const delay = Number.parseInt(document.body.dataset.animationDelay ?? '', 10);
  return Number.isFinite(delay) && delay >= 0 ? delay : DEFAULT_ANIMATION_DELAY_MS;
}

function imageSettled(image: HTMLImageElement): Promise<void> {
  // Lazy images below the fold load only when scrolled to; waiting for them would never finish.
  if (image.complete || image.loading === 'lazy') return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
  });
}

export async function imagesSettled(root: ParentNode): Promise<void> {
  await Promise.all(Array.from(root.querySelectorAll('img'), imageSettled));
}

export function announceLoaded(url: string, region: ParentNode): void {
  announce('page-loaded', { url });
  void imagesSettled(region).then(() => announce('finished', { url }));
}

export function showInitialPage(): void {
  document.body.classList.remove('loading');
  document.body.classList.add('loaded');
}
