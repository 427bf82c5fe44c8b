// Collapses laid out as tabs (views/partials/content/blocks/collapses.ejs, layout 'tabs'): without
// JavaScript a list of links to panels that all show; here they become tabs (WAI-ARIA tabs pattern:
// arrows, Home and End move between tabs), the panel shown fading in over 150 ms (spec 000 section 9:
// tab transition). The shell's same-page anchors (client/shell/anchors.ts) select a tab by its panel's
// classes (tab-pane, active show) and aria-selected, which this keeps in step.

export const TAB_MS = 150;

function tabsOf(root: Element): HTMLAnchorElement[] {
  return Array.from(root.querySelectorAll<HTMLAnchorElement>('[data-content-tab]'));
}

function panelOf(tab: HTMLAnchorElement): HTMLElement | null {
  return document.getElementById(tab.hash.slice(1));
}

function select(root: Element, chosen: HTMLAnchorElement, focus: boolean): void {
  for (const tab of tabsOf(root)) {
    const active = tab === chosen;
    tab.setAttribute('aria-selected', String(active));
    tab.tabIndex = active ? 0 : -1;
    tab.classList.toggle('active', active);
    panelOf(tab)?.classList.toggle('active', active);
    panelOf(tab)?.classList.toggle('show', active);
  }
  const panel = panelOf(chosen);
  if (panel && !window.matchMedia('(prefers-reduced-motion: reduce)').matches) panel.animate([{ opacity: 0 }, { opacity: 1 }], { duration: TAB_MS, easing: 'ease' });
  if (focus) chosen.focus();
}

function onClick(event: MouseEvent): void {
  const tab = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('[data-content-tabs] [data-content-tab]');
  const root = tab?.closest('[data-content-tabs]');
  if (!tab || !root) return;
  event.preventDefault();
  select(root, tab, false);
}

const moves: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

function onKeydown(event: KeyboardEvent): void {
  const tab = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('[data-content-tabs] [data-content-tab]');
  const root = tab?.closest('[data-content-tabs]');
  const move = moves[event.key];
  if (!tab || !root || !move) return;
  event.preventDefault();
  const tabs = tabsOf(root);
  select(root, tabs[move(tabs.indexOf(tab), tabs.length)], true);
}

export function start(): void {
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKeydown);
}

/** Gives the links and panels their tab roles; the tab marked active (the first open item) is shown. */
export function bind(root: Element): void {
  const groups = root.matches('[data-content-tabs]') ? [root] : Array.from(root.querySelectorAll('[data-content-tabs]'));
  for (const group of groups) {
    const tabs = tabsOf(group);
    group.querySelector('.content-tabs-list')?.setAttribute('role', 'tablist');
    for (const tab of tabs) {
      tab.setAttribute('role', 'tab');
      tab.parentElement?.setAttribute('role', 'presentation');
      tab.setAttribute('aria-controls', tab.hash.slice(1));
      panelOf(tab)?.setAttribute('role', 'tabpanel');
    }
    const shown = tabs.find((tab) => tab.classList.contains('active')) ?? tabs[0];
    if (shown) select(group, shown, false);
  }
}
