// What a posted body holds for a declared form: each field's value as a string (as typed, to
// re-render), checkboxes as 'true' or '', files as metadata; and, once valid, the typed data.
import { type FileInfo, parseDate, parseNumber, type RuleInput, type RuleParams, rules, shortDateFormat } from '../../common/validation-rules';
import type { FieldBuilder, RuleUse } from './fields';

type Shape = Record<string, FieldBuilder<unknown>>;

export interface Posted {
  shape: Shape;
  body: Record<string, unknown>;
  values: Record<string, string>;
  files: Record<string, readonly FileInfo[]>;
  culture: string;
  /** Fields posted more than once (or as a structure): the form refuses them, whatever their values. */
  repeated: string[];
}

const TICKED = new Set(['true', 'on']);

/**
 * A field's one posted value as text, and whether it came more than once (Email=a&Email=a) or as a
 * structure. A repeated field is refused by the form; a rate limiter keyed on a field reads the same
 * text (the first value), so repeating the field never makes a new counter.
 */
export function postedText(raw: unknown): { text: string; repeated: boolean } {
  const repeated = Array.isArray(raw) || (raw !== null && typeof raw === 'object');
  const first = Array.isArray(raw) ? raw[0] : raw;
  return { text: typeof first === 'string' || typeof first === 'number' ? String(first) : '', repeated };
}

const textOf = (raw: unknown): string => postedText(raw).text;

// A checkbox posts its value when ticked; a hidden "false" of the same name may come along.
function tickedOf(raw: unknown): string {
  const values = Array.isArray(raw) ? raw : [raw];
  return values.some((value) => TICKED.has(String(value).toLowerCase())) ? 'true' : '';
}

// A select answers one of its options; anything else was not offered and counts as no answer.
function offered(builder: FieldBuilder<unknown>, value: string): string {
  if (builder.kind !== 'select' || builder.options.length === 0) return value;
  return builder.options.some((option) => option.value === value) ? value : '';
}

export function postedValues(shape: Shape, input: unknown, files: Record<string, readonly FileInfo[]>, culture: string): Posted {
  const body = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  const values: Record<string, string> = {};
  const repeated: string[] = [];
  for (const [name, builder] of Object.entries(shape)) {
    values[name] = builder.kind === 'checkbox' ? tickedOf(body[name]) : builder.kind === 'file' ? '' : offered(builder, textOf(body[name]));
    // A checkbox may come twice (its hidden "false" and its value); a file field is not in the body.
    if (builder.kind !== 'checkbox' && builder.kind !== 'file' && postedText(body[name]).repeated) repeated.push(name);
  }
  return { shape, body, values, files, culture, repeated };
}

/** The same view of a form the browser adapter gives its rules (client/validation/adapter.ts). */
export function ruleInput(posted: Posted, name: string): RuleInput {
  return {
    value: posted.values[name] ?? '',
    files: posted.files[name] ?? [],
    valueOf(other) {
      const builder = posted.shape[other];
      if (builder?.kind === 'checkbox') return posted.values[other] === 'true' ? 'true' : 'false';
      return builder ? (posted.values[other] ?? '') : textOf(posted.body[other]);
    },
  };
}

/** A field's rules in the order they run (the required family first), parameters resolved for the culture. */
export function activeUses(builder: FieldBuilder<unknown>, culture: string): { use: RuleUse; params: RuleParams }[] {
  const ordered = [...builder.uses.filter((use) => rules[use.rule]?.always), ...builder.uses.filter((use) => !rules[use.rule]?.always)];
  return ordered.map((use) => ({ use, params: withCultureParams(use, culture) }));
}

// Rules that read dates need the culture's format, which only the request knows.
function withCultureParams(use: RuleUse, culture: string): RuleParams {
  const needsFormat = rules[use.rule]?.params.includes('format') && use.params.format === undefined;
  return needsFormat ? { ...use.params, format: shortDateFormat(culture) } : use.params;
}

function typedValue(builder: FieldBuilder<unknown>, value: string, files: readonly FileInfo[], culture: string): unknown {
  switch (builder.kind) {
    case 'checkbox':
      return value === 'true';
    case 'number':
    case 'integer':
      return parseNumber(value);
    case 'date':
      return parseDate(value, shortDateFormat(culture)) ?? '';
    case 'file':
      return [...files];
    case 'email':
      return value.trim();
    default:
      return value;
  }
}

export function typedData(shape: Shape, posted: Posted): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(shape).map(([name, builder]) => [name, typedValue(builder, posted.values[name] ?? '', posted.files[name] ?? [], posted.culture)]),
  );
}
