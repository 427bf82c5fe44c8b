/**
 * The consent setting and its cookie, shared by the server (banner decision, no-JS form) and the
 * browser (buttons, tagged scripts), so both read and write exactly the same cookie.
 */
export const consentCookieName = 'CookieConsent';
export const consentLifetimeHours = 8760;
export const consentMaxAgeSeconds = consentLifetimeHours * 60 * 60;

export const consentCategories = ['preferences', 'statistics', 'marketing'] as const;
export type ConsentCategory = (typeof consentCategories)[number];

export const consentActions = ['accept-all', 'decline-all', 'save'] as const;
export type ConsentAction = (typeof consentActions)[number];

export interface ConsentSettings {
  /** Version of the consent settings the visitor answered; a new stamp asks again. */
  stamp: string;
  preferences: boolean;
  statistics: boolean;
  marketing: boolean;
}

export type ConsentChoices = Partial<Record<ConsentCategory, boolean>>;

export function isConsentCategory(value: unknown): value is ConsentCategory {
  return (consentCategories as readonly unknown[]).includes(value);
}

export function isConsentAction(value: unknown): value is ConsentAction {
  return (consentActions as readonly unknown[]).includes(value);
}

/** The cookie's JSON (already URI-decoded) as settings, or null when it is not a valid setting. */
export function parseConsent(json: string | undefined | null): ConsentSettings | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.stamp !== 'string' || record.stamp === '') return null;
  if (!consentCategories.every((category) => typeof record[category] === 'boolean')) return null;
  return {
    stamp: record.stamp,
    preferences: record.preferences as boolean,
    statistics: record.statistics as boolean,
    marketing: record.marketing as boolean,
  };
}

/** The cookie's JSON, always with the same keys in the same order. */
export function serializeConsent(settings: ConsentSettings): string {
  const { stamp, preferences, statistics, marketing } = settings;
  return JSON.stringify({ stamp, preferences, statistics, marketing });
}

/** The settings if they answer the current stamp, else null: the visitor must be asked (again). */
export function currentConsent(settings: ConsentSettings | null, stamp: string): ConsentSettings | null {
  return settings && settings.stamp === stamp ? settings : null;
}

/** The banner shows when there is no valid setting for the current stamp. */
export function needsConsent(json: string | undefined | null, stamp: string): boolean {
  return currentConsent(parseConsent(json), stamp) === null;
}

/** Accept all grants every category, decline all none, save exactly the chosen ones. */
export function chooseConsent(action: ConsentAction, stamp: string, choices: ConsentChoices = {}): ConsentSettings {
  const all = action === 'accept-all';
  const pick = (category: ConsentCategory) => (action === 'save' ? choices[category] === true : all);
  return { stamp, preferences: pick('preferences'), statistics: pick('statistics'), marketing: pick('marketing') };
}

export function grantedCategories(settings: ConsentSettings): ConsentCategory[] {
  return consentCategories.filter((category) => settings[category]);
}

export function isGranted(settings: ConsentSettings, category: string): boolean {
  return isConsentCategory(category) && settings[category];
}
