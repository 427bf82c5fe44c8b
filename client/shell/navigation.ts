// The page loader: fetches a URL's page region and swaps it into #page, with the lifecycle around it.
import htmx from 'htmx.org';
import { updatePageClass } from './context';
import { markShown, pushEntry, saveScrollPosition } from './history';
import { animationDelay, announce, announceLoaded } from './lifecycle';
import { request } from './request';
import { showAnchor } from './scroll';
import { trackVirtualPageview } from './tracking';

export interface NavigateOptions {
  /** false when restoring a history entry: the entry exists already. */
  push?: boolean;
  disableCache?: boolean;
  scrollTop?: number;
}

const REGION_ID = 'page';
const FULL_DOCUMENT = /^\s*<(!doctype|html)/i;
let pending: AbortController | undefined;
let longLoadingTimer: ReturnType<typeof setTimeout> | undefined;

function wait(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

async function fetchRegion(url: URL, options: NavigateOptions, signal: AbortSignal): Promise<{ html: string; url: URL }> {
  const cache: RequestCache = options.disableCache ? 'no-cache' : 'default';
  const response = await request(url.href, { target: REGION_ID, signal, cache });
  const finalUrl = new URL(response.url || url.href);
  finalUrl.hash = url.hash;
  const isHtml = (response.headers.get('Content-Type') ?? '').includes('text/html');
  return { html: isHtml ? await response.text() : '', url: finalUrl };
}

function showRegion(region: HTMLElement, html: string, url: URL, options: NavigateOptions): void {
  htmx.swap(region, html, { swapStyle: 'innerHTML', swapDelay: 0, settleDelay: 0 });
  if (options.push === false) markShown(url);
  else pushEntry(url, options.disableCache ?? false);
  updatePageClass(url);
  // Screen readers and keyboard users continue from the new content, as after a full page load.
  region.focus({ preventScroll: true });
  window.scrollTo(0, options.scrollTop ?? 0);
  // A restored entry goes back to where the visitor was; a new one goes to its anchor, if any.
  if (options.scrollTop === undefined) void showAnchor(url.hash);
  announceLoaded(url.href, region);
  trackVirtualPageview(url);
}

function startLeaving(): void {
  clearTimeout(longLoadingTimer);
  document.body.classList.add('out-loading');
  longLoadingTimer = setTimeout(() => document.body.classList.add('long-loading'), animationDelay());
}

function stopLeaving(): void {
  clearTimeout(longLoadingTimer);
  document.body.classList.remove('out-loading', 'long-loading');
}

/** Loads a URL into the page region; resolves false when cancelled, superseded or failed. */
export async function navigate(href: string, options: NavigateOptions = {}): Promise<boolean> {
  const url = new URL(href, location.href);
  const region = document.getElementById(REGION_ID);
  if (!region) {
    location.assign(url.href);
    return false;
  }
  if (!announce('page-will-leave', { url: url.href }, true)) return false;
  pending?.abort();
  const controller = (pending = new AbortController());
  if (options.push !== false) saveScrollPosition();
  startLeaving();
  try {
    const [answer] = await Promise.all([fetchRegion(url, options, controller.signal), wait(animationDelay())]);
    if (controller.signal.aborted) return false;
    const isRegion = answer.html !== '' && !FULL_DOCUMENT.test(answer.html);
    // Not a page region (a file, or a full document): let the browser load it normally.
    if (isRegion) showRegion(region, answer.html, answer.url, options);
    else location.assign(answer.url.href);
    return isRegion;
  } catch {
    return false;
  } finally {
    if (pending === controller) {
      pending = undefined;
      stopLeaving();
    }
  }
}
