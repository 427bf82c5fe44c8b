// Fields inside .animated-label: their wrapper gets 'filled' while the field has a value,
// so the label can float above the value by CSS.

const FIELDS = '.animated-label input, .animated-label textarea, .animated-label select';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isField(node: EventTarget | null): node is Field {
  return node instanceof Element && node.matches(FIELDS);
}

export function refreshField(field: Field): void {
  const wrapper = field.closest('.form-group, .animated-label');
  wrapper?.classList.toggle('filled', field.value.trim() !== '');
}

function onEdit(event: Event): void {
  if (isField(event.target)) refreshField(event.target);
}

export function start(): void {
  document.addEventListener('input', onEdit);
  document.addEventListener('change', onEdit);
}

export function bind(root: Element): void {
  if (isField(root)) refreshField(root);
  root.querySelectorAll<Field>(FIELDS).forEach(refreshField);
}
