// The news ticker: one slide at a time, the next every 5 s, dots to choose one and a pause button; it
// waits while the pointer is over it or focus is inside it. Without JS the slides are a plain list.
export const TICKER_INTERVAL_MS = 5000;

const started = new WeakSet<Element>();

function setUp(ticker: HTMLElement): void {
  if (started.has(ticker)) return;
  started.add(ticker);
  const slides = Array.from(ticker.querySelectorAll<HTMLElement>('.news-ticker-slide'));
  const dots = Array.from(ticker.querySelectorAll<HTMLButtonElement>('[data-news-ticker-dot]'));
  const toggle = ticker.querySelector<HTMLButtonElement>('[data-news-ticker-toggle]');
  let current = 0;
  let hovered = false;
  let focused = false;
  let stopped = false;
  const show = (index: number) => {
    current = (index + slides.length) % slides.length;
    slides.forEach((slide, position) => (slide.hidden = position !== current));
    dots.forEach((dot, position) => (position === current ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current')));
  };
  const paused = () => hovered || focused || stopped;
  const timer = setInterval(() => {
    if (!ticker.isConnected) return clearInterval(timer);
    if (!paused()) show(current + 1);
  }, TICKER_INTERVAL_MS);
  const mark = () => ticker.classList.toggle('is-paused', paused());
  ticker.addEventListener('mouseenter', () => ((hovered = true), mark()));
  ticker.addEventListener('mouseleave', () => ((hovered = false), mark()));
  ticker.addEventListener('focusin', () => ((focused = true), mark()));
  ticker.addEventListener('focusout', (event) => ((focused = ticker.contains(event.relatedTarget as Node | null)), mark()));
  dots.forEach((dot, index) => dot.addEventListener('click', () => show(index)));
  toggle?.addEventListener('click', () => {
    stopped = !stopped;
    toggle.textContent = (stopped ? ticker.dataset.playLabel : ticker.dataset.pauseLabel) ?? '';
    mark();
  });
  ticker.classList.add('is-ticking');
  show(0);
}

export function bind(root: Element): void {
  const tickers = root.matches('[data-news-ticker]') ? [root] : Array.from(root.querySelectorAll('[data-news-ticker]'));
  tickers.forEach((ticker) => setUp(ticker as HTMLElement));
}
