// The culture widget. Its links, rendered by the server, are each culture's own address of the page the
// header was rendered for (its translated slug: server/seo/pages.ts), so a click is one request, never a
// 301. After an ajax navigation the visitor is on another page: the widget then asks its fragment again
// for the current address (at the first pointer or focus on it, or at the click) before going.
import { switchCulturePath } from '../../widgets/culture/switch-path';
import { pageContext } from '../shell/api';

const here = (where: Location = location) => `${where.pathname}${where.search}`;

/** The fallback when the fragment cannot be had: the same address with its culture segment replaced. */
export function cultureHref(targetCulture: string, where: Location = location): string {
  const cultures = [...document.querySelectorAll<HTMLAnchorElement>('[data-culture-widget] a[data-culture]')].map(
    (link) => link.dataset.culture!,
  );
  return switchCulturePath(`${where.pathname}${where.search}${where.hash}`, pageContext().basePath, targetCulture, cultures);
}

const linksOf = (root: ParentNode) => [...root.querySelectorAll<HTMLAnchorElement>('a[data-culture]')];

/** Brings the widget's links up to the current address (one small fragment request); true when they are. */
export async function refreshLinks(widget: HTMLElement, where: Location = location): Promise<boolean> {
  const url = here(where);
  if (widget.dataset.url === url) return true;
  const response = await fetch(`${widget.dataset.widgetUrl}?url=${encodeURIComponent(url)}`, { credentials: 'same-origin' });
  if (!response.ok) return false;
  const fresh = new Map(linksOf(new DOMParser().parseFromString(await response.text(), 'text/html')).map((link) => [link.dataset.culture, link.getAttribute('href')!]));
  for (const link of linksOf(widget)) link.setAttribute('href', fresh.get(link.dataset.culture) ?? cultureHref(link.dataset.culture!, where));
  widget.dataset.url = url;
  return true;
}

export function bind(root: Element): void {
  const widgets = root.matches('[data-culture-widget]') ? [root as HTMLElement] : [...root.querySelectorAll<HTMLElement>('[data-culture-widget]')];
  for (const widget of widgets) {
    const refresh = () => void refreshLinks(widget).catch(() => undefined);
    widget.addEventListener('pointerenter', refresh);
    widget.addEventListener('focusin', refresh);
    widget.addEventListener('click', (event) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-culture]');
      if (!link || widget.dataset.url === here()) return;
      event.preventDefault();
      const go = (fresh: boolean) => location.assign(fresh ? link.href : cultureHref(link.dataset.culture!));
      refreshLinks(widget).then(go, () => go(false));
    });
  }
}
