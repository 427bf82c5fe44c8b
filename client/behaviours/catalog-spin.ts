// The 360-degree view: its frames turn every 100 ms (section 9) while it is on screen, paused while
// the pointer is over it. Frames are fetched once, when the view first comes into sight.

export const SPIN_INTERVAL_MS = 100;

interface Spin {
  frames: string[];
  index: number;
  paused: boolean;
  timer?: ReturnType<typeof setInterval>;
}

const spins = new WeakMap<HTMLElement, Spin>();

function turn(view: HTMLElement, spin: Spin): void {
  const image = view.querySelector<HTMLImageElement>('[data-spin-image]');
  if (!view.isConnected || !image) return void clearInterval(spin.timer);
  if (spin.paused) return;
  spin.index = (spin.index + 1) % spin.frames.length;
  image.src = spin.frames[spin.index];
}

function run(view: HTMLElement, spin: Spin, visible: boolean): void {
  clearInterval(spin.timer);
  spin.timer = visible ? setInterval(() => turn(view, spin), SPIN_INTERVAL_MS) : undefined;
}

function preload(frames: string[]): void {
  for (const frame of frames) new Image().src = frame;
}

function setUp(view: HTMLElement): void {
  if (spins.has(view)) return;
  const frames = JSON.parse(view.dataset.spinFrames ?? '[]') as string[];
  if (frames.length < 2) return;
  const spin: Spin = { frames, index: 0, paused: false };
  spins.set(view, spin);
  view.addEventListener('mouseenter', () => (spin.paused = true));
  view.addEventListener('mouseleave', () => (spin.paused = false));
  let preloaded = false;
  new IntersectionObserver(([entry]) => {
    if (entry.isIntersecting && !preloaded) {
      preloaded = true;
      preload(frames);
    }
    run(view, spin, entry.isIntersecting);
  }).observe(view);
}

export function bind(root: Element): void {
  (root.matches('[data-spin]') ? [root as HTMLElement] : Array.from(root.querySelectorAll<HTMLElement>('[data-spin]'))).forEach(setUp);
}
