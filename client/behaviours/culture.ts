// The culture widget: a link goes to the address the visitor is on now (which may have changed by
// ajax navigation since the header was rendered), with only its first /{culture}/ segment replaced.
import { switchCulturePath } from '../../widgets/culture/switch-path';
import { pageContext } from '../shell/api';

export function cultureHref(targetCulture: string, where: Location = location): string {
  const cultures = [...document.querySelectorAll<HTMLAnchorElement>('[data-culture-widget] a[data-culture]')].map(
    (link) => link.dataset.culture!,
  );
  return switchCulturePath(`${where.pathname}${where.search}${where.hash}`, pageContext().basePath, targetCulture, cultures);
}

export function bind(root: Element): void {
  const widgets = root.matches('[data-culture-widget]') ? [root] : [...root.querySelectorAll('[data-culture-widget]')];
  for (const widget of widgets) {
    widget.addEventListener('click', (event) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-culture]');
      if (link) link.href = cultureHref(link.dataset.culture!);
    });
  }
}
