// Navigation panels ([data-nav-panel]), dropdowns (.dropdown) and the mobile navigation: at most one
// open branch at a time. Loaded on the first click of a toggle.

const OPEN = 'open';
const MOBILE_ID = 'mobile-navigation';
export const PANEL_SELECTOR = '[data-nav-panel], .dropdown';

function togglesOf(panel: Element): Element[] {
  if (panel.classList.contains('dropdown')) return Array.from(panel.querySelectorAll(':scope > .dropdown-toggle'));
  if (!panel.id) return [];
  return Array.from(document.querySelectorAll('[aria-controls]')).filter((toggle) => toggle.getAttribute('aria-controls') === panel.id);
}

export function setPanelOpen(panel: Element, open: boolean): void {
  panel.classList.toggle(OPEN, open);
  togglesOf(panel).forEach((toggle) => toggle.setAttribute('aria-expanded', String(open)));
  const bodyClass = panel.getAttribute('data-body-class');
  if (bodyClass) document.body.classList.toggle(bodyClass, open);
}

export function closePanels(keep: Element[] = []): void {
  document.querySelectorAll(PANEL_SELECTOR).forEach((panel) => {
    if (panel.classList.contains(OPEN) && !keep.includes(panel)) setPanelOpen(panel, false);
  });
}

/** Opens a panel and closes every other one, except the panels that contain it. */
export function openPanel(panel: Element): void {
  const branch: Element[] = [];
  for (let node: Element | null = panel; node; node = node.parentElement?.closest(PANEL_SELECTOR) ?? null) {
    branch.push(node);
  }
  closePanels(branch);
  branch.forEach((node) => setPanelOpen(node, true));
}

export function togglePanel(panel: Element): void {
  if (panel.classList.contains(OPEN)) setPanelOpen(panel, false);
  else openPanel(panel);
}

function buildMobileNavigation(): HTMLElement | null {
  const main = document.getElementById('main-navigation');
  if (!main) return null;
  const mobile = main.cloneNode(true) as HTMLElement;
  mobile.id = MOBILE_ID;
  mobile.className = 'mobile-navigation';
  mobile.querySelectorAll('[id]').forEach((node) => node.removeAttribute('id'));
  mobile.setAttribute('data-nav-panel', '');
  mobile.setAttribute('data-body-class', 'nav-open');
  const header = main.closest('header');
  if (header) header.after(mobile);
  else document.body.append(mobile);
  return mobile;
}

/** [data-nav-toggle] opens the mobile navigation (built on first use); other toggles name their panel. */
export function togglePanelOf(toggle: Element): void {
  const id = toggle.hasAttribute('data-nav-toggle') ? MOBILE_ID : toggle.getAttribute('aria-controls');
  const panel = document.getElementById(id ?? '') ?? (id === MOBILE_ID ? buildMobileNavigation() : null);
  if (panel) togglePanel(panel);
}
