// Lazy images (img.lozad with data-src/data-srcset/data-sizes) through lozad, loaded 1000 px ahead of the viewport
// (spec: the library's default is 500 px). Images swapped in later are picked up at most every 250 ms.
import lozad from 'lozad';

export const LAZY_ROOT_MARGIN = '1000px 0px';
export const LAZY_THROTTLE_MS = 250;

let observer: ReturnType<typeof lozad> | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

/** lozad's own load, with data-sizes first: a sizes attribute without its srcset is not valid HTML. */
export function loadLazyImage(image: Element): void {
  const { sizes, srcset, src } = (image as HTMLImageElement).dataset;
  if (sizes) image.setAttribute('sizes', sizes);
  if (srcset) image.setAttribute('srcset', srcset);
  if (src) image.setAttribute('src', src);
}

export function start(): void {
  observer = lozad('img.lozad', { rootMargin: LAZY_ROOT_MARGIN, threshold: 0, load: loadLazyImage });
  observer.observe();
}

export function bind(): void {
  if (timer) return;
  timer = setTimeout(() => {
    timer = undefined;
    observer?.observe();
  }, LAZY_THROTTLE_MS);
}
