// defineForm: one declaration per form. The server validates a posted body against it (a zod schema
// built from the rules) and views render from it the data-val-* attributes jquery-validation reads.
import { escapeXML } from 'ejs';
import { z } from 'zod';
import { type FileInfo, passes, rules } from '../../common/validation-rules';
import type { FieldBuilder, RuleUse, ValueOf } from './fields';
import { cultureOf, messageOf, type Translate } from './messages';
import { activeUses, type Posted, postedValues, ruleInput, typedData } from './posted';

export type FormShape = Record<string, FieldBuilder<unknown>>;
export type FormData<S extends FormShape> = { [K in keyof S]: ValueOf<S[K]> };
export type FormValues<S extends FormShape> = Record<keyof S & string, string>;

export type FormErrors<S extends FormShape> = Partial<Record<keyof S & string, string>>;

export type FormResult<S extends FormShape> =
  | { ok: true; data: FormData<S>; values: FormValues<S> }
  | { ok: false; errors: FormErrors<S>; values: FormValues<S> };

export interface ValidateOptions {
  /** File metadata per file field, from whatever parsed the multipart body. */
  files?: Record<string, readonly FileInfo[]>;
}

export interface Form<S extends FormShape> {
  readonly name: string;
  readonly fields: S;
  validate(input: unknown, t: Translate, options?: ValidateOptions): FormResult<S>;
  /** The data-val-* attributes of a field, messages in t's culture, escaped for an HTML tag. */
  attributes(name: keyof S & string, t: Translate): string;
  /** Whether the field is always required (for aria-required and the label's marker). */
  isRequired(name: keyof S & string): boolean;
}

interface Failure {
  use: RuleUse;
  params: Record<string, string>;
}

/** Checks every rule of every field on the posted values; the first failing rule of a field wins. */
function schemaOf(shape: FormShape) {
  return z.custom<Posted>().superRefine((posted, context) => {
    for (const [name, builder] of Object.entries(shape)) {
      const input = ruleInput(posted, name);
      const failing = activeUses(builder, posted.culture).find(({ use, params }) => !passes(rules[use.rule]!, input, params));
      if (failing) context.addIssue({ code: 'custom', path: [name], message: failing.use.rule, params: failing });
    }
  });
}

/** The message of a field posted more than once: one value per field, never a choice among several. */
const REPEATED_FIELD = 'Core.RepeatedField';

/** Every declared form by name, for views that are not handed their form (the footer's newsletter). */
export const declaredForms: Record<string, Form<FormShape>> = {};

export function defineForm<S extends FormShape>(name: string, shape: S): Form<S> {
  for (const [field, builder] of Object.entries(shape)) {
    for (const use of builder.uses) if (!rules[use.rule]) throw new Error(`${name}.${field}: unknown rule ${use.rule}`);
  }
  const form = declare(name, shape);
  declaredForms[name] = form as unknown as Form<FormShape>;
  return form;
}

function declare<S extends FormShape>(name: string, shape: S): Form<S> {
  const schema = schemaOf(shape);
  return {
    name,
    fields: shape,
    validate(input, t, options = {}) {
      const posted = postedValues(shape, input, options.files ?? {}, cultureOf(t));
      const values = posted.values as FormValues<S>;
      if (posted.repeated.length > 0) {
        return { ok: false, errors: Object.fromEntries(posted.repeated.map((field) => [field, t(REPEATED_FIELD)])) as FormErrors<S>, values };
      }
      const parsed = schema.safeParse(posted);
      if (parsed.success) return { ok: true, data: typedData(shape, posted) as FormData<S>, values };
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const failing = (issue as { params?: Failure }).params!;
        errors[String(issue.path[0])] = messageOf(rules[failing.use.rule]!, failing.use, failing.params, t);
      }
      return { ok: false, errors: errors as FormErrors<S>, values };
    },
    attributes(field, t) {
      const builder = shape[field];
      if (!builder) throw new Error(`${name}: no field ${field}`);
      const uses = activeUses(builder, cultureOf(t));
      if (uses.length === 0) return '';
      const parts = ['data-val="true"'];
      for (const { use, params } of uses) {
        const rule = rules[use.rule]!;
        parts.push(`data-val-${rule.name}="${escapeXML(messageOf(rule, use, params, t))}"`);
        for (const [param, value] of Object.entries(params)) parts.push(`data-val-${rule.name}-${param}="${escapeXML(value)}"`);
      }
      return parts.join(' ');
    },
    isRequired(field) {
      return shape[field]?.uses.some((use) => ['required', 'mandatory', 'enforcetrue'].includes(use.rule)) ?? false;
    },
  };
}
