// The specification's link rules: which clicks the shell loads into the page region.
import { isModifiedClick } from './modified-click';

export { isModifiedClick };

const FILE_EXTENSION = /\.[a-z0-9]{1,5}$/i;
const PAGE_EXTENSION = /\.html?$/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const OPT_OUT_CLASSES = ['no-ajax', 'ajax-tab', 'logoff'];
const OPT_OUT_ATTRIBUTES = ['download', 'data-no-ajax', 'data-ajax-tab', 'data-toggle', 'data-bs-toggle'];

type Place = Pick<Location, 'href' | 'origin'>;

function isOptedOut(anchor: HTMLAnchorElement): boolean {
  if (OPT_OUT_CLASSES.some((name) => anchor.classList.contains(name))) return true;
  if (OPT_OUT_ATTRIBUTES.some((name) => anchor.hasAttribute(name))) return true;
  const target = anchor.getAttribute('target');
  return target !== null && target !== '' && target !== '_self';
}

function isForeign(href: string, url: URL, place: Place): boolean {
  if (SCHEME.test(href) && !/^https?:/i.test(href)) return true;
  return url.origin !== place.origin;
}

function isFile(url: URL): boolean {
  return FILE_EXTENSION.test(url.pathname) && !PAGE_EXTENSION.test(url.pathname);
}

export type LinkAction = 'ajax' | 'anchor' | 'native';

export function isSamePageAnchor(anchor: HTMLAnchorElement, place: Place): boolean {
  const href = anchor.getAttribute('href') ?? '';
  if (!href.includes('#') || href.endsWith('#')) return false;
  const url = new URL(href, place.href);
  const current = new URL(place.href);
  return url.origin === current.origin && url.pathname === current.pathname && url.search === current.search;
}

/** What a click on a link does: load by ajax, scroll to a same-page anchor, or stay a normal link. */
export function linkAction(anchor: HTMLAnchorElement, event: MouseEvent, place: Place): LinkAction {
  const href = anchor.getAttribute('href');
  if (!href || event.defaultPrevented || isModifiedClick(event) || isOptedOut(anchor)) return 'native';
  if (isSamePageAnchor(anchor, place)) return 'anchor';
  if (href.startsWith('#') || /\/logoff/i.test(href)) return 'native';
  const url = new URL(href, place.href);
  return isForeign(href, url, place) || isFile(url) ? 'native' : 'ajax';
}

export function shouldLoadByAjax(anchor: HTMLAnchorElement, event: MouseEvent, place: Place): boolean {
  return linkAction(anchor, event, place) === 'ajax';
}
