// The form declaration API: declare a form once, validate posted bodies with it on the server and
// render the data-val-* attributes the browser's jquery-validation reads. See docs/forms.md.
export { defineForm, type Form, type FormData, type FormErrors, type FormResult, type FormShape, type FormValues, type ValidateOptions } from './define';
export { field, FieldBuilder, type FieldKind, type RequiredIfCondition, type SelectOption } from './fields';
export type { Translate } from './messages';
export type { FileInfo } from '../../common/validation-rules';
export { declaredForms } from './define';
export { formsLocals } from './locals';
