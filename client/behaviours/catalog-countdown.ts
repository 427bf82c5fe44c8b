// The catalog end-date countdown: days, hours, minutes and seconds left, every second; the page
// reloads once the end is reached (the server then shows the sale as ended), never in a loop for an
// end already past when the page loaded (./countdown-timer.ts).
import { startCountdown } from './countdown-timer';

export function bind(root: Element): void {
  (root.matches('[data-countdown]') ? [root as HTMLElement] : Array.from(root.querySelectorAll<HTMLElement>('[data-countdown]'))).forEach(startCountdown);
}
