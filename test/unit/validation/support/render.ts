import path from 'node:path';
import ejs from 'ejs';
import { rules } from '../../../../common/validation-rules';
import type { Form, FormShape, Translate } from '../../../../server/forms';
import { createLocalization } from '../../../../server/localization/i18n';
import type { Culture } from '../../../../server/config';

const localization = createLocalization('fr');
const partial = path.resolve(__dirname, '../../../../views/partials/forms/field.ejs');

// The shop has no English locale; 'en' stands for the specification's English wording of each rule.
const specificationTexts = new Map(Object.values(rules).map((rule) => [rule.key, rule.specificationText]));

/** The app's translator for a culture; 'en' answers a rule's key with the specification's English wording. */
export function translator(culture: Culture | 'en'): Translate {
  if (culture === 'en') return Object.assign((key: string) => specificationTexts.get(key) ?? key, { lng: 'en' });
  return localization.translator(culture) as unknown as Translate;
}

/** The field partial for one field of a declaration, as a page would include it. */
export function renderField<S extends FormShape>(form: Form<S>, name: keyof S & string, locals: object, culture: Culture = 'fr'): string {
  return ejs.render(ejs.fileLoader(partial).toString(), { form, name, t: translator(culture), ...locals }, { filename: partial });
}
