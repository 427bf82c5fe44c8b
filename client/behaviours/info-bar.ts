// The info bar (views/partials/popups/info-bar.ejs, spec section 4): static when its content fits,
// else a marquee. At 1024 px wide and below the whole content scrolls when it overflows the bar; on
// wider screens only the first item scrolls, when it overflows the room the second leaves it. The
// speed (px/s) is the bar's --marquee-speed when a valid positive number, else 40; the duration of
// one pass is clamped to 10..120 s. Under prefers-reduced-motion the stylesheet keeps it still.
import { COMPACT_BREAKPOINT_PX, INFO_BAR_MARQUEE_MAX_S, INFO_BAR_MARQUEE_MIN_S, INFO_BAR_MARQUEE_SPEED, RESIZE_DEBOUNCE_MS } from '../shell/constants';

export type InfoBarMode = 'static' | 'all' | 'first';

/** Which part scrolls, from the widths of the bar, the whole content, the first item and the second. */
export function infoBarMode(sizes: { viewport: number; bar: number; content: number; first: number; second: number }): InfoBarMode {
  if (sizes.viewport <= COMPACT_BREAKPOINT_PX) return sizes.content > sizes.bar ? 'all' : 'static';
  return sizes.first > sizes.bar - sizes.second ? 'first' : 'static';
}

/** Seconds for one pass over `distance` px at the style's speed (default 40 px/s), clamped to 10..120. */
export function marqueeSeconds(distance: number, speedStyle: string): number {
  const speed = Number.parseFloat(speedStyle);
  const pxPerSecond = Number.isFinite(speed) && speed > 0 ? speed : INFO_BAR_MARQUEE_SPEED;
  return Math.min(INFO_BAR_MARQUEE_MAX_S, Math.max(INFO_BAR_MARQUEE_MIN_S, distance / pxPerSecond));
}

function layOut(bar: HTMLElement): void {
  const items = bar.querySelector<HTMLElement>('[data-info-bar-items]');
  const first = bar.querySelector<HTMLElement>('[data-info-bar-first]');
  if (!items || !first) return;
  // Measured on one line (the stylesheet's 'measuring' state), as the marquee would show it.
  bar.dataset.infoBarMode = 'measuring';
  const second = first.nextElementSibling as HTMLElement | null;
  const scroller = first.querySelector<HTMLElement>('.info-bar-scroll') ?? first;
  const mode = infoBarMode({
    viewport: window.innerWidth,
    bar: bar.clientWidth,
    content: items.scrollWidth,
    first: scroller.scrollWidth,
    second: second?.offsetWidth ?? 0,
  });
  bar.dataset.infoBarMode = mode;
  if (mode === 'static') return;
  const distance = mode === 'all' ? items.scrollWidth + bar.clientWidth : scroller.scrollWidth + first.clientWidth;
  bar.style.setProperty('--marquee-duration', `${marqueeSeconds(distance, getComputedStyle(bar).getPropertyValue('--marquee-speed'))}s`);
}

const bars = new Set<HTMLElement>();
let resizeTimer: ReturnType<typeof setTimeout> | undefined;

export function start(): void {
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => bars.forEach((bar) => (bar.isConnected ? layOut(bar) : bars.delete(bar))), RESIZE_DEBOUNCE_MS);
  });
}

export function bind(root: Element): void {
  const found = root.matches('[data-info-bar]') ? [root as HTMLElement] : [...root.querySelectorAll<HTMLElement>('[data-info-bar]')];
  for (const bar of found) {
    bars.add(bar);
    layOut(bar);
  }
}
