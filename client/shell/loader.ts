// The page loader (navigation, the fetch wrapper, htmx swaps) loads as a chunk at the first sign of
// use — a pointer or focus on a link, or a back/forward step — so reading a page needs none of it.
import { loadChunk } from './chunks';
import type { NavigateOptions } from './navigation';

type ShellApi = typeof import('./api');

let loading: Promise<ShellApi> | undefined;

export function loadShellApi(): Promise<ShellApi> {
  loading ??= loadChunk(() => import('./api')).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Loads a URL into the page region; if the loader itself cannot be fetched, the browser goes there. */
export async function navigateTo(href: string, options: NavigateOptions = {}): Promise<boolean> {
  try {
    const { navigate } = await loadShellApi();
    return await navigate(href, options);
  } catch {
    location.assign(href);
    return false;
  }
}

function warm(event: Event): void {
  if ((event.target as Element | null)?.closest?.('a[href], form')) void loadShellApi().catch(() => undefined);
}

export function startWarmingLoader(): void {
  for (const type of ['pointerdown', 'mouseover', 'focusin', 'touchstart']) {
    document.addEventListener(type, warm, { capture: true, passive: true });
  }
}
