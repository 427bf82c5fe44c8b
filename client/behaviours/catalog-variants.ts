// Variation selection with JS: a change of attribute or quantity asks the productvariants API (a new
// request aborts the one before) and refreshes choices, bound fields, stock, add to cart, the address
// and the fragments. Without JS the same form is a GET of the product page.
import { refreshFragments } from '../catalog/product-fragments';
import { applyChoices, applyFields, applyStock, type VariantAnswer } from '../catalog/variant-view';
import { pageContext, request } from '../shell/api';
import * as stockMessage from './catalog-stock-message';

const FORM = 'form[data-product-form]';
let controller: AbortController | undefined;

/** The non-empty attribute inputs and the quantity, as the API reads them. */
export function selectionQuery(form: HTMLFormElement): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (/^VariantValueId\d+$/.test(name) && value !== '') query.append(name, String(value));
  }
  const quantity = form.elements.namedItem('Quantity');
  query.set('Quantity', quantity instanceof HTMLInputElement ? quantity.value : '');
  return query;
}

function apply(form: HTMLFormElement, answer: VariantAnswer, signal: AbortSignal): Promise<void> {
  const scope = form.closest('[data-product]') ?? document.body;
  applyChoices(form, answer);
  applyFields(scope, answer);
  applyStock(scope, answer);
  form.dataset.rendered = selectionQuery(form).toString();
  const { basePath } = pageContext();
  history.replaceState(history.state, '', basePath + answer.Url);
  if (answer.ProductVariantId === null) return Promise.resolve();
  // Only fragments still showing another variant are fetched (an aborted answer may have left some).
  return refreshFragments(scope, form.dataset.fragmentsUrl ?? '', answer.ProductId, answer.ProductVariantId, signal);
}

export async function refresh(form: HTMLFormElement): Promise<void> {
  controller?.abort();
  const current = new AbortController();
  controller = current;
  const query = selectionQuery(form);
  query.set('culture', pageContext().culture);
  form.setAttribute('aria-busy', 'true');
  try {
    const response = await request(`${form.dataset.variantsUrl}?${query}`, { signal: current.signal, headers: { Accept: 'application/json' } });
    const answer = (await response.json()) as VariantAnswer;
    if (!current.signal.aborted) await apply(form, answer, current.signal);
  } catch {
    // request() has told the visitor (an abort is only a warning in the console).
  } finally {
    if (controller === current) form.removeAttribute('aria-busy');
  }
}

function formOf(target: EventTarget | null): HTMLFormElement | null {
  return target instanceof Element ? target.closest<HTMLFormElement>(FORM) : null;
}

export function start(): void {
  // The stock message behaves with the form it sits in, so it comes with this code.
  stockMessage.start();
  document.addEventListener('change', (event) => {
    const form = formOf(event.target);
    if (form && /^VariantValueId\d+$/.test((event.target as HTMLInputElement).name)) void refresh(form);
  });
  document.addEventListener('quantity:change', (event) => {
    const form = formOf(event.target);
    if (form) void refresh(form);
  });
  document.addEventListener('submit', (event) => {
    const form = formOf(event.target);
    const method = event.submitter?.getAttribute('formmethod') ?? form?.method;
    if (!form || method?.toLowerCase() !== 'get') return;
    event.preventDefault();
    void refresh(form);
  });
}

/** A change made before this code arrived is caught up: the form no longer matches what the page shows. */
export function bind(root: Element): void {
  const forms = root.matches(FORM) ? [root as HTMLFormElement] : Array.from(root.querySelectorAll<HTMLFormElement>(FORM));
  for (const form of forms) {
    stockMessage.bind(form);
    form.dataset.rendered ??= form.dataset.initial ?? '';
    if (selectionQuery(form).toString() !== form.dataset.rendered) void refresh(form);
  }
}
