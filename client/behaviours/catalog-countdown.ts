// The catalog end-date countdown: days, hours, minutes and seconds left, every second; the page
// reloads once the end has passed (the server then shows the sale as ended).
import { COUNTDOWN_TICK_MS, remaining, twoDigits } from '../../common/countdown';

const running = new WeakSet<HTMLElement>();

function show(countdown: HTMLElement, name: string, text: string): void {
  const part = countdown.querySelector(`[data-countdown-${name}]`);
  if (part && part.textContent !== text) part.textContent = text;
}

function tick(countdown: HTMLElement, timer: ReturnType<typeof setInterval>): void {
  if (!countdown.isConnected) return clearInterval(timer);
  const left = remaining(Number(countdown.dataset.countdownEnd), Date.now());
  if (left.passed) {
    clearInterval(timer);
    return location.reload();
  }
  show(countdown, 'days', String(left.days));
  show(countdown, 'hours', twoDigits(left.hours));
  show(countdown, 'minutes', twoDigits(left.minutes));
  show(countdown, 'seconds', twoDigits(left.seconds));
}

function setUp(countdown: HTMLElement): void {
  if (running.has(countdown) || !Number(countdown.dataset.countdownEnd)) return;
  running.add(countdown);
  const timer: ReturnType<typeof setInterval> = setInterval(() => tick(countdown, timer), COUNTDOWN_TICK_MS);
  tick(countdown, timer);
}

export function bind(root: Element): void {
  (root.matches('[data-countdown]') ? [root as HTMLElement] : Array.from(root.querySelectorAll<HTMLElement>('[data-countdown]'))).forEach(setUp);
}
