// The field builders of a form declaration: a kind (what the value becomes once valid) and a chain
// of rules (chain.ts), each one of common/validation-rules.
import type { FileInfo } from '../../common/validation-rules';
import { RuleChain } from './chain';

export type { RequiredIfCondition, RuleUse } from './chain';

export type FieldKind =
  | 'text' | 'email' | 'password' | 'textarea' | 'hidden' | 'tel' | 'time' | 'select'
  | 'checkbox' | 'number' | 'integer' | 'date' | 'file';

export interface SelectOption {
  value: string;
  /** A locale key, translated where the select is rendered. */
  label: string;
}

/** One field: its kind, the type its valid value has (T), and its rules in the order they run. */
export class FieldBuilder<T> extends RuleChain {
  /** Only carries T for the typed result of validate(); never set. */
  declare readonly valueType: T;

  constructor(
    readonly kind: FieldKind,
    readonly options: readonly SelectOption[] = [],
  ) {
    super();
  }
}

const text = (kind: FieldKind) => () => new FieldBuilder<string>(kind);

/** The field kinds; each starts with the rule its kind implies (email, number, date ...). */
export const field = {
  text: text('text'),
  password: text('password'),
  textarea: text('textarea'),
  hidden: text('hidden'),
  tel: text('tel'),
  email: () => new FieldBuilder<string>('email').email(),
  time: () => new FieldBuilder<string>('time').time(),
  select: (options: readonly SelectOption[] = []) => new FieldBuilder<string>('select', options),
  checkbox: () => new FieldBuilder<boolean>('checkbox'),
  number: () => new FieldBuilder<number | null>('number').number(),
  integer: () => new FieldBuilder<number | null>('integer').integer(),
  /** Typed in the culture's short date format; valid data is yyyy-mm-dd ('' when empty). */
  date: () => new FieldBuilder<string>('date').date(),
  /** The server receives file metadata ({name, size}) through validate()'s `files` option. */
  file: () => new FieldBuilder<FileInfo[]>('file'),
};

export type ValueOf<F> = F extends FieldBuilder<infer T> ? T : never;
