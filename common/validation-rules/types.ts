// The shape every validation rule shares. A rule is a pure predicate over strings (no DOM, no
// server types), so the server's zod schema and the browser's jquery-validation methods run the
// very same code and cannot drift.

/** What the server knows of an uploaded file, and what the browser reads from input.files. */
export interface FileInfo {
  name: string;
  size: number;
}

/** The field under test and a view of its form, the same on both sides. */
export interface RuleInput {
  /** The field's value as typed; a checkbox is 'true' when ticked and '' when not. */
  value: string;
  /** The field's files (file inputs only; empty otherwise). */
  files: readonly FileInfo[];
  /** Another field's value; a checkbox reads 'true' or 'false' so rules can compare it. */
  valueOf(field: string): string;
}

/** Rule parameters exactly as written in the data-val-{rule}-{param} attributes. */
export type RuleParams = Record<string, string>;

export interface Rule {
  /** Lower-case: the data-val-{name} attribute and the jquery-validation method name. */
  name: string;
  /**
   * The specification's English wording ({0}, {1} are the parameters in `params` order): the contract
   * the locale texts follow, placeholders included. Never shown: visitors read the text of `key`.
   */
  specificationText: string;
  /** Locale key of the message visitors see. */
  key: string;
  /** Parameter names, in message placeholder order. */
  params: readonly string[];
  /** Runs on an empty field too (the required family); other rules let an empty field pass. */
  always?: boolean;
  test(input: RuleInput, params: RuleParams): boolean;
}

export function isBlank(value: string): boolean {
  return value.trim() === '';
}

/** A rule's verdict on a field, on the server and in the browser alike: an empty field passes all but the `always` rules. */
export function passes(rule: Rule, input: RuleInput, params: RuleParams): boolean {
  const empty = isBlank(input.value) && input.files.length === 0;
  return (!rule.always && empty) || rule.test(input, params);
}

/** Replaces {0}, {1} ... with the given values. */
export function formatMessage(message: string, values: readonly string[]): string {
  return message.replace(/\{(\d+)\}/g, (whole, index: string) => values[Number(index)] ?? whole);
}
