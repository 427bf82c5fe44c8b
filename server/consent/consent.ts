import { parseCookie } from 'cookie';
import type { Request, Response } from 'express';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { readSetting } from '../content/data';
import type { Db } from '../db';
import {
  type ConsentCategory,
  type ConsentSettings,
  consentActions,
  consentCategories,
  consentCookieName,
  consentMaxAgeSeconds,
  currentConsent,
  grantedCategories,
  parseConsent,
  serializeConsent,
} from '../../common/consent-settings';

/** What the layout, the settings page and the widget show about the visitor's consent. */
export interface ConsentModel {
  /** Version of the consent settings (site setting 'consent.stamp'); the layout writes it in <head>. */
  stamp: string;
  /** The visitor's answer to the current stamp, or null when they must be asked (again). */
  settings: ConsentSettings | null;
  /** Whether the banner shows: not answered yet, and not on the settings page, which offers the same choices. */
  show: boolean;
  /** The localised sentence telling what the visitor chose. */
  status: string;
  categories: { name: ConsentCategory; key: string; checked: boolean }[];
}

const categoryKeys: Record<ConsentCategory, string> = { preferences: 'Preferences', statistics: 'Statistics', marketing: 'Marketing' };

/** One tiny query per full page; read each time so a new stamp asks every visitor again at once. */
export async function currentStamp(db: Db): Promise<string> {
  return (await readSetting(db, 'consent.stamp')) ?? '0';
}

export function consentCookie(req: Request): string | undefined {
  return req.headers.cookie ? parseCookie(req.headers.cookie)[consentCookieName] : undefined;
}

/** Worked out once per answer: the settings page and the layout around it share the same model. */
export function consentModel(req: Request, res: Response): Promise<ConsentModel> {
  res.locals.consentModel ??= buildConsentModel(req, res);
  return res.locals.consentModel;
}

async function buildConsentModel(req: Request, res: Response): Promise<ConsentModel> {
  const stamp = await currentStamp(req.app.locals.db);
  const settings = currentConsent(parseConsent(consentCookie(req)), stamp);
  return {
    stamp,
    settings,
    show: settings === null && res.locals.consentSettingsPage !== true,
    status: consentStatus(res.locals.t, res.locals.culture, settings),
    categories: consentCategories.map((name) => ({ name, key: categoryKeys[name], checked: settings?.[name] ?? false })),
  };
}

/** 'You accepted these optional cookies: statistics and marketing.', or none, all, or not chosen yet. */
export function consentStatus(t: TFunction, culture: string, settings: ConsentSettings | null): string {
  if (!settings) return t('Consent.StatusNone');
  const granted = grantedCategories(settings);
  if (granted.length === 0) return t('Consent.StatusDeclined');
  if (granted.length === consentCategories.length) return t('Consent.StatusAcceptedAll');
  const names = granted.map((category) => t(`Consent.StatusCategory.${categoryKeys[category]}`));
  return t('Consent.StatusAccepted', { categories: new Intl.ListFormat(culture, { type: 'conjunction' }).format(names) });
}

/** The same cookie the browser writes (client/behaviours/consent.ts): readable by scripts, one year. */
export function setConsentCookie(req: Request, res: Response, settings: ConsentSettings): void {
  res.cookie(consentCookieName, serializeConsent(settings), {
    maxAge: consentMaxAgeSeconds * 1000,
    path: req.app.locals.config.BASE_PATH || '/',
    sameSite: 'lax',
    secure: req.secure,
    httpOnly: false,
  });
}

const ticked = z.literal('true').optional().transform((value) => value === 'true');

/** The no-JS form: which button was pressed, the ticked categories, and where to go back. */
export const consentForm = z.object({
  action: z.enum(consentActions),
  preferences: ticked,
  statistics: ticked,
  marketing: ticked,
  returnUrl: z.string().max(2048).optional(),
});
