// htmx and the navigation part of the shell (./boost.ts) load as one chunk at the visitor's first
// intent: a pointer over or touch of a link or form control, a focus, a key press, or, on a good
// connection, the page falling idle after load. Nothing listens for clicks before it has arrived, so
// a click that comes first is an ordinary navigation, never held and never lost.
import { loadChunk } from './chunks';

const CONTROL = 'a[href], form, button, input, select, textarea, label, summary';
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'];
/** The connections on which the idle trigger stays off: the visitor's data is worth more than speed. */
const SLOW_CONNECTION = /2g$/;

let loading: Promise<unknown> | undefined;

/** Loads and starts the navigation once; after a failed fetch the next intent tries again. */
function load(): void {
  loading ??= loadChunk(() => import('./boost')).catch(() => {
    loading = undefined;
  });
}

function onIntent(event: Event): void {
  if (event.type === 'keydown' || (event.target as Element | null)?.closest?.(CONTROL)) load();
}

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** False on Save-Data or a 2g connection; true where the browser does not tell (most do not on a desktop). */
function allowsIdleLoading(connection = (navigator as Navigator & { connection?: NetworkInformation }).connection): boolean {
  return !connection?.saveData && !SLOW_CONNECTION.test(connection?.effectiveType ?? '');
}

function loadWhenIdle(): void {
  if (typeof requestIdleCallback !== 'function' || !allowsIdleLoading()) return;
  const whenIdle = () => requestIdleCallback(load);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

export function startIntentLoading(): void {
  for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
  loadWhenIdle();
}
