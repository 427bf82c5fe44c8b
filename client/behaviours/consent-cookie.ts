// The consent cookie as the browser reads and writes it: the same JSON the server's no-JS form sets.
import {
  type ConsentSettings,
  consentCookieName,
  consentMaxAgeSeconds,
  currentConsent,
  parseConsent,
  serializeConsent,
} from '../../common/consent-settings';

export function currentStamp(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="consent-stamp"]')?.content || null;
}

/** The consent cookie if it answers the page's current stamp, else null. */
export function readConsent(): ConsentSettings | null {
  const stamp = currentStamp();
  const prefix = `${consentCookieName}=`;
  const entry = document.cookie.split(/;\s*/).find((part) => part.startsWith(prefix));
  if (!stamp || !entry) return null;
  try {
    return currentConsent(parseConsent(decodeURIComponent(entry.slice(prefix.length))), stamp);
  } catch {
    return null;
  }
}

export function writeConsent(settings: ConsentSettings): void {
  const path = document.documentElement.dataset.basePath || '/';
  const secure = location.protocol === 'https:' ? '; secure' : '';
  const value = encodeURIComponent(serializeConsent(settings));
  document.cookie = `${consentCookieName}=${value}; max-age=${consentMaxAgeSeconds}; path=${path}; samesite=lax${secure}`;
}
