// The filter panel when refresh-on-click is off (site setting catalog.filterRefreshOnClick = 'false'):
// a facet link or a facet change no longer reloads the list; the panel alone is reloaded from the
// ListFilter widget with the new filter (counts, ticks and tags follow), and its "filter" button applies it.
// With refresh-on-click (the default) facet links are plain links and this module is not loaded.
import { htmx, isModifiedClick, request } from '../shell/api';

let pending: AbortController | undefined;

/** The list parameters of a list address, with `filter` renamed to the widget's `currentFilter`. */
export function widgetParams(listHref: string): URLSearchParams {
  const params = new URLSearchParams(new URL(listHref, location.href).search);
  const filter = params.get('filter');
  params.delete('filter');
  params.delete('pageindex');
  if (filter) params.set('currentFilter', filter);
  return params;
}

/** Replaces the panel with the ListFilter widget's answer for these parameters (the latest request wins). */
export async function reloadFilterPanel(panel: HTMLElement, params: URLSearchParams): Promise<void> {
  const url = new URL(panel.dataset.widgetUrl ?? '', location.href);
  params.forEach((value, name) => url.searchParams.append(name, value));
  pending?.abort();
  const controller = (pending = new AbortController());
  panel.classList.add('reloading');
  try {
    const response = await request(url.href, { signal: controller.signal });
    const html = await response.text();
    if (controller.signal.aborted) return;
    const current = document.getElementById(panel.id) ?? panel;
    // A panel unfolded on a narrow screen stays unfolded.
    const unfolded = current.querySelector<HTMLInputElement>('.filter-panel-toggle-input')?.checked ?? false;
    htmx.swap(current, html, { swapStyle: 'outerHTML', swapDelay: 0, settleDelay: 0 });
    const toggle = document.getElementById(panel.id)?.querySelector<HTMLInputElement>('.filter-panel-toggle-input');
    if (toggle) toggle.checked = unfolded;
  } catch {
    // request() has reported the failure; the panel stays as it was.
  } finally {
    panel.classList.remove('reloading');
  }
}

const panelOf = (element: Element | null) => element?.closest<HTMLElement>('[data-filter-panel][data-refresh-on-click="false"]') ?? null;

function onClick(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-facet-link]');
  const panel = panelOf(link ?? null);
  if (!link || !panel || isModifiedClick(event)) return;
  event.preventDefault();
  event.stopPropagation();
  void reloadFilterPanel(panel, widgetParams(link.href));
}

export function start(): void {
  // Capture: ahead of the shell's link handling, which would load the list.
  document.addEventListener('click', onClick, true);
}
