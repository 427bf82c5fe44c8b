// Tag-manager events (spec section 3): page views after ajax navigation and contact link clicks.

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function pushDataLayer(entry: Record<string, unknown>): void {
  window.dataLayer = window.dataLayer || [];
  window.dataLayer.push(entry);
}

export function trackVirtualPageview(url: URL): void {
  pushDataLayer({ event: 'VirtualPageview', virtualPageURL: url.pathname + url.search, virtualPageTitle: document.title });
}

export function trackContactClick(anchor: HTMLAnchorElement): void {
  const href = (anchor.getAttribute('href') ?? '').trim().toLowerCase();
  if (href.startsWith('mailto:')) pushDataLayer({ event: 'emailClick' });
  else if (href.startsWith('tel:')) pushDataLayer({ event: 'phoneClick' });
}

/** At first paint, so a contact link clicked before the navigation arrives is counted too. */
export function startContactTracking(): void {
  document.addEventListener('click', (event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (anchor instanceof HTMLAnchorElement) trackContactClick(anchor);
  });
}
