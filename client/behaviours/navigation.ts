// Header navigation, loaded at its first use: panel and dropdown toggles (their logic in panels.ts),
// and dropdown toggles that load their page. The minimised header on scroll is the shell's.
import { loadChunk, navigate, shouldLoadByAjax } from '../shell/api';

type Panels = typeof import('./panels');

const TOGGLES = '[data-nav-toggle], [data-nav-panel-toggle]';
let panels: Panels | undefined;

function withPanels(use: (module: Panels) => void): void {
  loadChunk(() => import('./panels'))
    .then((module) => use((panels = module)))
    .catch((error: unknown) => console.error(error));
}

function hasRealHref(toggle: Element): boolean {
  const href = toggle.getAttribute('href') ?? '';
  return href !== '' && href !== '#' && !href.startsWith('javascript:');
}

// On the desktop bar a toggle loads its page and opens its menu; in the mobile copy the first tap
// opens the menu and a tap on the open toggle follows the link.
function onDropdownToggle(event: MouseEvent, toggle: HTMLElement): void {
  const dropdown = toggle.parentElement!;
  if (toggle.closest('#mobile-navigation')) {
    if (dropdown.classList.contains('open') && hasRealHref(toggle)) return;
    event.preventDefault();
    return withPanels((module) => module.togglePanel(dropdown));
  }
  const loads = toggle instanceof HTMLAnchorElement && hasRealHref(toggle) && shouldLoadByAjax(toggle, event, location);
  if (!loads && hasRealHref(toggle)) return;
  event.preventDefault();
  // navigate() announces page-will-leave, which closes every panel, before it returns.
  if (loads) void navigate((toggle as HTMLAnchorElement).href);
  withPanels((module) => (loads ? module.openPanel(dropdown) : module.togglePanel(dropdown)));
}

function onClick(event: MouseEvent): void {
  const target = event.target as Element;
  const toggle = target.closest(TOGGLES);
  const dropdownToggle = target.closest<HTMLElement>('.dropdown > .dropdown-toggle');
  if (toggle) {
    event.preventDefault();
    withPanels((module) => module.togglePanelOf(toggle));
  } else if (dropdownToggle) {
    onDropdownToggle(event, dropdownToggle);
  } else if (panels && (target.closest('#mobile-navigation a[href]') || !target.closest(panels.PANEL_SELECTOR))) {
    panels.closePanels();
  }
}

export function start(): void {
  // Capture phase: decide on toggles before the shell's link handling sees the click.
  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', (event) => event.key === 'Escape' && panels?.closePanels());
  document.addEventListener('page-will-leave', () => panels?.closePanels());
}
