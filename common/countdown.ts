// The catalog end-date countdown (section 4): days, hours, minutes and seconds left, ticking every
// 1000 ms (section 9). Pure, shared by the server (first render) and the browser behaviour.

export const COUNTDOWN_TICK_MS = 1000;

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** The end has passed: the page reloads. */
  passed: boolean;
}

export function remaining(endsAt: number, now: number): Remaining {
  const left = Math.max(0, Math.floor((endsAt - now) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    passed: endsAt <= now,
  };
}

/** Two digits for hours, minutes and seconds ("07"). */
export const twoDigits = (value: number): string => String(value).padStart(2, '0');
