// form[data-unsaved-warning]: once changed and not yet submitted, leaving the page asks first (the
// browser's own prompt), so an editor does not lose typed text by following a link.
const changed = new Set<HTMLFormElement>();
let listening = false;

function warn(event: BeforeUnloadEvent): void {
  for (const form of changed) if (!form.isConnected) changed.delete(form);
  if (changed.size === 0) return;
  event.preventDefault();
  event.returnValue = '';
}

export function watchUnsavedForms(root: ParentNode): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-unsaved-warning]')) {
    if (form.dataset.unsavedBound) continue;
    form.dataset.unsavedBound = 'true';
    form.addEventListener('input', () => changed.add(form));
    form.addEventListener('submit', () => changed.delete(form));
  }
  if (!listening) {
    listening = true;
    window.addEventListener('beforeunload', warn);
  }
}
