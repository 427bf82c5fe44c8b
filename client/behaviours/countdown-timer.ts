// One countdown timer for every countdown of the site (spec section 4): it ticks every second and, at
// zero, announces `countdown-end` on its element (cancelable: a page's own end handler calls
// preventDefault()), else reloads the page, once. A countdown already at zero when it starts (a kept
// page, a clock ahead of the server's) does not reload: the server draws no countdown for an end that
// has passed, so a reload could only loop.
import { COUNTDOWN_TICK_MS, remaining, twoDigits } from '../../common/countdown';

const running = new WeakSet<HTMLElement>();

function show(countdown: HTMLElement, name: string, text: string): void {
  const part = countdown.querySelector(`[data-countdown-${name}]`);
  if (part && part.textContent !== text) part.textContent = text;
}

function draw(countdown: HTMLElement, end: number): boolean {
  const left = remaining(end, Date.now());
  show(countdown, 'days', String(left.days));
  show(countdown, 'hours', twoDigits(left.hours));
  show(countdown, 'minutes', twoDigits(left.minutes));
  show(countdown, 'seconds', twoDigits(left.seconds));
  return left.passed;
}

function ended(countdown: HTMLElement): void {
  const event = new CustomEvent('countdown-end', { bubbles: true, cancelable: true, detail: { end: Number(countdown.dataset.countdownEnd) } });
  if (countdown.dispatchEvent(event)) location.reload();
}

/** Starts the countdown of an element holding data-countdown-end (epoch ms) and its day/hour/minute/second parts. */
export function startCountdown(countdown: HTMLElement): void {
  const end = Number(countdown.dataset.countdownEnd);
  if (running.has(countdown) || !end) return;
  running.add(countdown);
  if (draw(countdown, end)) return;
  const timer = setInterval(() => {
    if (!countdown.isConnected) return clearInterval(timer);
    if (!draw(countdown, end)) return;
    clearInterval(timer);
    ended(countdown);
  }, COUNTDOWN_TICK_MS);
}
