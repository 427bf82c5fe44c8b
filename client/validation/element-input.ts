// The browser's view of a field for the shared rules: the same RuleInput the server builds from a
// posted body (server/forms/posted.ts): a checkbox is 'true' or '', another checkbox 'true'/'false'.
import type { FileInfo, RuleInput } from '../../common/validation-rules';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isCheckbox(control: Element | null): control is HTMLInputElement {
  return control instanceof HTMLInputElement && control.type === 'checkbox';
}

function controlsNamed(form: HTMLFormElement | null, name: string): Control[] {
  if (!form) return [];
  return [...form.elements].filter((element): element is Control => (element as Control).name === name);
}

// A checkbox may come with a hidden "false" of the same name: the checkbox decides.
function valueNamed(form: HTMLFormElement | null, name: string, checkboxFalse: string): string {
  const controls = controlsNamed(form, name);
  const checkbox = controls.find(isCheckbox);
  if (checkbox) return checkbox.checked ? 'true' : checkboxFalse;
  const radios = controls.filter((control) => control instanceof HTMLInputElement && control.type === 'radio') as HTMLInputElement[];
  if (radios.length > 0) return radios.find((radio) => radio.checked)?.value ?? '';
  return controls[0]?.value ?? '';
}

function filesOf(element: Element): FileInfo[] {
  if (!(element instanceof HTMLInputElement) || element.type !== 'file' || !element.files) return [];
  return [...element.files].map((file) => ({ name: file.name, size: file.size }));
}

export function elementInput(element: Control): RuleInput {
  const form = element.form;
  return {
    value: isCheckbox(element) || element.type === 'radio' ? valueNamed(form, element.name, '') : element.value,
    files: filesOf(element),
    valueOf: (name) => valueNamed(form, name, 'false'),
  };
}
