// The facet form: a change of any facet input submits it 1000 ms later (so several can be ticked at
// once); a checked radio unticks when clicked again. Submitting loads the list with the filter in the
// address and no pageindex (refresh-on-click), or reloads the panel alone when that is turned off.
// Also forms marked data-submit-on-change (sort, page size, tag entity): they load at once on change.
import { FACET_SUBMIT_DELAY_MS, navigate } from '../shell/api';
import { reloadFilterPanel } from './catalog-filters';

const FACET_FORM = 'form[data-facet-form]';
const CHANGE_FORM = 'form[data-submit-on-change]';
const timers = new WeakMap<HTMLFormElement, ReturnType<typeof setTimeout>>();

export function formAddress(form: HTMLFormElement): string {
  const url = new URL(form.action, location.href);
  url.search = new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString();
  return url.href;
}

/** An automatic submission: the list, or the panel alone when refresh-on-click is off. */
export function submitFacets(form: HTMLFormElement): void {
  clearTimeout(timers.get(form));
  const panel = form.closest<HTMLElement>('[data-filter-panel]');
  if (panel?.dataset.refreshOnClick === 'false') {
    void reloadFilterPanel(panel, new URLSearchParams(new FormData(form) as unknown as Record<string, string>));
  } else {
    void navigate(formAddress(form));
  }
}

export function scheduleSubmit(form: HTMLFormElement, delay = FACET_SUBMIT_DELAY_MS): void {
  clearTimeout(timers.get(form));
  timers.set(form, setTimeout(() => submitFacets(form), delay));
}

function rememberRadios(form: HTMLFormElement): void {
  form.querySelectorAll<HTMLInputElement>('input[type="radio"]').forEach((radio) => (radio.dataset.wasChecked = String(radio.checked)));
}

function onClick(event: Event): void {
  const radio = event.target;
  if (!(radio instanceof HTMLInputElement) || radio.type !== 'radio') return;
  const form = radio.closest<HTMLFormElement>(FACET_FORM);
  if (!form) return;
  // Not bound yet (this click was held while the module arrived): the state the page was served with.
  const wasChecked = radio.dataset.wasChecked ?? String(radio.defaultChecked);
  if (wasChecked === 'true') {
    radio.checked = false;
    scheduleSubmit(form);
  }
  rememberRadios(form);
}

function onChange(event: Event): void {
  const field = event.target as Element;
  const facets = field.closest<HTMLFormElement>(FACET_FORM);
  if (facets) return scheduleSubmit(facets);
  const form = field.closest<HTMLFormElement>(CHANGE_FORM);
  if (form) void navigate(formAddress(form));
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target as HTMLFormElement;
  if (!form.matches(`${FACET_FORM}, ${CHANGE_FORM}`)) return;
  event.preventDefault();
  clearTimeout(timers.get(form));
  void navigate(formAddress(form));
}

const changed = (form: HTMLFormElement) =>
  Array.from(form.elements).some((element) =>
    element instanceof HTMLInputElement ? element.checked !== element.defaultChecked && /checkbox|radio/.test(element.type)
    : element instanceof HTMLSelectElement ? Array.from(element.options).some((option) => option.selected !== option.defaultSelected) : false,
  );

export function start(): void {
  document.addEventListener('click', onClick);
  document.addEventListener('change', onChange);
  document.addEventListener('submit', onSubmit);
}

/** Binds each form; one changed before this module arrived (its change event missed) is submitted now. */
export function bind(root: Element): void {
  const forms = [root, ...Array.from(root.querySelectorAll(`${FACET_FORM}, ${CHANGE_FORM}`))].filter((element) => element.matches(`${FACET_FORM}, ${CHANGE_FORM}`));
  for (const form of forms as HTMLFormElement[]) {
    if (form.matches(FACET_FORM)) rememberRadios(form);
    if (changed(form)) {
      if (form.matches(FACET_FORM)) scheduleSubmit(form);
      else void navigate(formAddress(form));
    }
  }
}
