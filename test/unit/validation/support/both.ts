// Runs one form declaration on both sides: the server's validate() and, under jsdom, the browser's
// jquery-validation bound by our adapter to the form the field partial renders. Tests compare the two.
import $ from 'jquery';
import 'jquery-validation';
import { bindForms, registerMethods } from '../../../../client/validation/adapter';
import type { FileInfo, Form, FormShape } from '../../../../server/forms';
import type { Culture } from '../../../../server/config';
import { renderField, translator } from './render';

export type Posted = Record<string, string | boolean | FileInfo[]>;

let registered = false;

// jsdom lays nothing out, so jQuery's :hidden would match every field; a field is visible here
// unless it (or an ancestor) carries the hidden attribute.
function showFields(): void {
  HTMLElement.prototype.getClientRects = function (this: HTMLElement) {
    return (this.closest('[hidden]') ? [] : [new DOMRect(0, 0, 10, 10)]) as unknown as DOMRectList;
  };
}

function fill(form: HTMLFormElement, values: Posted): void {
  for (const [name, value] of Object.entries(values)) {
    const control = form.elements.namedItem(name) as HTMLInputElement | null;
    if (!control) continue;
    if (control.type === 'checkbox') control.checked = value === true || value === 'true';
    else if (control.type === 'file') Object.defineProperty(control, 'files', { value: (value as FileInfo[]).map((file) => new File(['x'], file.name)).map((file, index) => Object.defineProperty(file, 'size', { value: (value as FileInfo[])[index]!.size })) });
    else control.value = String(value);
  }
}

/** The browser's messages per field after a submit attempt (only fields that have one). */
export function browserErrors<S extends FormShape>(declaration: Form<S>, values: Posted, culture: Culture | 'en' = 'en'): Record<string, string> {
  if (!registered) {
    registerMethods($);
    showFields();
    registered = true;
  }
  const fields = Object.keys(declaration.fields).map((name) => renderField(declaration, name, { label: name }, culture as Culture));
  document.body.innerHTML = `<form novalidate>${fields.join('')}</form>`;
  const form = document.querySelector('form')!;
  fill(form, values);
  bindForms($, document.body);
  $(form).valid();
  const slots = [...form.querySelectorAll<HTMLElement>('[data-valmsg-for]')].filter((slot) => slot.textContent);
  return Object.fromEntries(slots.map((slot) => [slot.dataset.valmsgFor!, slot.textContent!]));
}

/** The server's messages per field for the same values, posted as a browser would post them. */
export function serverErrors<S extends FormShape>(declaration: Form<S>, values: Posted, culture: Culture | 'en' = 'en'): Record<string, string> {
  const body: Record<string, string> = {};
  const files: Record<string, FileInfo[]> = {};
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) files[name] = value;
    else if (value === true || value === 'true') body[name] = 'true';
    else if (value !== false) body[name] = value;
  }
  const result = declaration.validate(body, translator(culture), { files });
  return result.ok ? {} : (result.errors as Record<string, string>);
}

/** Both sides' messages; a test expects them equal, and equal to what the rule should say. */
export function bothSides<S extends FormShape>(declaration: Form<S>, values: Posted, culture: Culture | 'en' = 'en') {
  return { server: serverErrors(declaration, values, culture), browser: browserErrors(declaration, values, culture) };
}

/** The message one field gets, after checking that the server and the browser agree on it. */
export function agreedMessage<S extends FormShape>(declaration: Form<S>, values: Posted, name: string, culture: Culture | 'en' = 'en'): string | undefined {
  const { server, browser } = bothSides(declaration, values, culture);
  if (server[name] !== browser[name]) throw new Error(`${name}: server says ${server[name]}, browser says ${browser[name]}`);
  return server[name];
}
