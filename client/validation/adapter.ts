/// <reference types="jquery.validation" />
// An unobtrusive adapter: reads the data-val-{rule} (message) and data-val-{rule}-{param} attributes
// the server renders from a form declaration, and hands them to jquery-validation as rules whose
// methods are the shared rule predicates. Messages go into the field's [data-valmsg-for] slot, the
// one the server fills when it answers without JavaScript.
import { passes, type Rule, type RuleParams, rules } from '../../common/validation-rules';
import { elementInput } from './element-input';

type JQueryStatic = typeof import('jquery');
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Validator = JQueryValidation.Validator & { invalid: Record<string, boolean>; currentElements: JQuery<Control> };

// jquery-validation's own methods read type="email", type="number" ... and would add English
// messages; ours replace them all. Method names carry a prefix so none of its normalisations apply.
const PREFIX = 'val_';
const methodOf = (rule: Rule) => `${PREFIX}${rule.name}`;

export function registerMethods($: JQueryStatic): void {
  for (const name of Object.keys($.validator.methods)) if (name !== 'required') delete $.validator.methods[name];
  const required = rules.required!;
  // optional() asks 'required' whether a field is empty: the same test as the server's.
  $.validator.methods.required = (_value: unknown, element: HTMLElement) => required.test(elementInput(element as Control), {});
  for (const rule of Object.values(rules)) {
    $.validator.addMethod(methodOf(rule), (_value: unknown, element: HTMLElement, params: RuleParams) =>
      passes(rule, elementInput(element as Control), params),
    );
  }
}

/** The rules and messages of one field, in the order the attributes were written (the server's order). */
function rulesOf(element: Element): { rules: Record<string, RuleParams>; messages: Record<string, string> } {
  const found = { rules: {} as Record<string, RuleParams>, messages: {} as Record<string, string> };
  for (const attribute of [...element.attributes]) {
    const rule = rules[/^data-val-([a-z0-9_]+)$/.exec(attribute.name)?.[1] ?? ''];
    if (!rule) continue;
    const params = Object.fromEntries(rule.params.map((param) => [param, element.getAttribute(`data-val-${rule.name}-${param}`) ?? '']));
    found.rules[methodOf(rule)] = params;
    found.messages[methodOf(rule)] = attribute.value;
  }
  return found;
}

function slotFor(form: HTMLFormElement, element: Control): HTMLElement {
  const existing = [...form.querySelectorAll<HTMLElement>('[data-valmsg-for]')].find((slot) => slot.dataset.valmsgFor === element.name);
  if (existing) return existing;
  const slot = document.createElement('span');
  slot.className = 'field-error';
  slot.dataset.valmsgFor = element.name;
  element.insertAdjacentElement('afterend', slot);
  return slot;
}

function showMessage(form: HTMLFormElement, element: Control, message: string): void {
  slotFor(form, element).textContent = message;
  if (message) element.setAttribute('aria-invalid', 'true');
  else element.removeAttribute('aria-invalid');
  element.closest('.field')?.classList.toggle('field-invalid', message !== '');
}

function settingsFor(form: HTMLFormElement): JQueryValidation.ValidationOptions {
  return {
    ignore: ':hidden, [type="hidden"]',
    showErrors(this: Validator, errorMap) {
      for (const element of this.currentElements.toArray()) if (!(element.name in errorMap)) showMessage(form, element, '');
      for (const { element, message } of this.errorList) showMessage(form, element as Control, message);
    },
  };
}

/** Binds every form under root that holds declared fields; binding again picks up new fields. */
export function bindForms($: JQueryStatic, root: Element): void {
  const forms = [root.closest('form'), ...root.querySelectorAll('form')].filter((form): form is HTMLFormElement => form !== null);
  for (const form of new Set(forms)) {
    const fields = [...form.querySelectorAll<Control>('[data-val="true"]')];
    if (fields.length === 0) continue;
    const validator = ($.data(form, 'validator') as Validator | undefined) ?? ($(form).validate(settingsFor(form)) as Validator);
    for (const element of fields) {
      const found = rulesOf(element);
      (validator.settings.rules as Record<string, object>)[element.name] = found.rules;
      (validator.settings.messages as Record<string, object>)[element.name] = found.messages;
      // A field the server refused is checked again as it is typed in, so its message clears.
      if (element.getAttribute('aria-invalid') === 'true') validator.invalid[element.name] = true;
    }
  }
}
