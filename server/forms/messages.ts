// Rule messages in the visitor's culture: the locale text of the rule (or of the field's own key),
// the English default of the specification when a culture lacks it, {0} {1} filled in.
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
  const key = use.key ?? rule.key;
  const text = t(key);
  const template = typeof text === 'string' && text && text !== key ? text : rule.message;
  return formatMessage(template, rule.params.map((name) => params[name] ?? ''));
}
