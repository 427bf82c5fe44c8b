// Rule messages in the visitor's culture: the locale text of the rule (or of the field's own key), with
// {0} {1} filled in. Every culture has every key (test/unit/server/locales.test.ts), so there is no fallback.
import { formatMessage, type Rule, type RuleParams } from '../../common/validation-rules';
import type { RuleUse } from './fields';

/** A translator fixed to one culture, as res.locals.t is (i18next's getFixedT sets `lng`). */
export type Translate = ((key: string) => unknown) & { lng?: unknown };

/** The culture a translator is fixed to; a translator without one is a programming error, not a default. */
export function cultureOf(t: Translate): string {
  const lng = Array.isArray(t.lng) ? t.lng[0] : t.lng;
  if (typeof lng !== 'string' || !lng) throw new TypeError('The form needs a translator fixed to a culture (its lng)');
  return lng;
}

export function messageOf(rule: Rule, use: RuleUse, params: RuleParams, t: Translate): string {
  return formatMessage(String(t(use.key ?? rule.key)), rule.params.map((name) => params[name] ?? ''));
}
