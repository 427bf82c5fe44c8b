// A stylesheet fetched with the chunk that needs it (the lightbox's, the pickup map's): one <link> per
// address, resolved once it has loaded or failed (a missing stylesheet leaves the feature unstyled, not
// broken). Imported by lazy chunks only, so it is not part of the shell's first load.
const loaded = new Map<string, Promise<void>>();

export function loadStylesheet(href: string | undefined): Promise<void> {
  if (!href) return Promise.resolve();
  let done = loaded.get(href);
  if (!done) {
    done = new Promise((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.addEventListener('load', () => resolve());
      link.addEventListener('error', () => resolve());
      document.head.append(link);
    });
    loaded.set(href, done);
  }
  return done;
}
