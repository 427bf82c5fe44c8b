// Browser history owned by the shell (htmx history is off): entries carry the spec's history state.
import { RESIZE_DEBOUNCE_MS } from './constants';

export interface EntryState {
  disableCache: boolean;
  anchor: string | null;
  target: string;
  scrollTop: number;
}

export type RestoreEntry = (url: URL, state: EntryState) => void;

let shownUrl = '';
let scrollTimer: ReturnType<typeof setTimeout> | undefined;

export function entryState(url: URL, disableCache = false, scrollTop = 0): EntryState {
  return { disableCache, anchor: url.hash ? url.hash.slice(1) : null, target: 'page', scrollTop };
}

function isEntryState(value: unknown): value is EntryState {
  return typeof value === 'object' && value !== null && 'target' in value && 'scrollTop' in value;
}

function withoutHash(href: string): string {
  return href.split('#')[0];
}

export function saveScrollPosition(): void {
  clearTimeout(scrollTimer);
  const state = isEntryState(history.state) ? history.state : entryState(new URL(location.href));
  history.replaceState({ ...state, scrollTop: window.scrollY }, '');
}

export function pushEntry(url: URL, disableCache: boolean): void {
  history.pushState(entryState(url, disableCache), '', url.href);
  shownUrl = url.href;
}

export function markShown(url: URL): void {
  shownUrl = url.href;
}

function onPopState(event: PopStateEvent, restore: RestoreEntry, showAnchor: (hash: string) => void): void {
  clearTimeout(scrollTimer);
  const url = new URL(location.href);
  const state = isEntryState(event.state) ? event.state : entryState(url);
  if (withoutHash(url.href) !== withoutHash(shownUrl)) {
    restore(url, state);
    return;
  }
  shownUrl = url.href;
  if (url.hash) showAnchor(url.hash);
  else window.scrollTo(0, state.scrollTop);
}

export function startHistory(restore: RestoreEntry, showAnchor: (hash: string) => void): void {
  history.scrollRestoration = 'manual';
  const url = new URL(location.href);
  const disableCache = isEntryState(history.state) && history.state.disableCache;
  history.replaceState(entryState(url, disableCache, window.scrollY), '');
  shownUrl = url.href;
  window.addEventListener('scroll', () => {
    clearTimeout(scrollTimer);
    scrollTimer = setTimeout(saveScrollPosition, RESIZE_DEBOUNCE_MS);
  }, { passive: true });
  window.addEventListener('popstate', (event) => onPopState(event, restore, showAnchor));
}
