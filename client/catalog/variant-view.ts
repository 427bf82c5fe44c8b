// Applies a productvariants answer to the product page: choices, colour squares, bound fields, stock
// message data, add to cart and the stock notification link. Everything shown was formatted by the server.

export interface AttributeValueAnswer {
  ProductAttributeValueId: number;
  DisplayValue: string;
  IsUnavailable: boolean;
  IsSelected: boolean;
}

export interface VariantAnswer {
  ProductId: number;
  ProductVariantId: number | null;
  VariantAttributes: { Position: number; ProductAttributeValuesViewModel: AttributeValueAnswer[] }[];
  StockQuantity: number;
  StockStatut: string | null;
  IsAvailable: boolean;
  ExceedsStock: boolean;
  Url: string;
  [field: string]: unknown;
}

function updateSquare(input: HTMLInputElement, value: AttributeValueAnswer, disable: boolean): void {
  input.checked = value.IsSelected;
  input.disabled = disable && value.IsUnavailable;
  const label = input.closest('label');
  label?.classList.toggle('unavailable', value.IsUnavailable);
  const mark = label?.querySelector<HTMLElement>('.unavailable-label');
  if (mark) mark.hidden = !value.IsUnavailable;
}

function updateOption(option: HTMLOptionElement, value: AttributeValueAnswer, disable: boolean, unavailableText: string): void {
  option.selected = value.IsSelected;
  option.disabled = disable && value.IsUnavailable;
  option.textContent = value.IsUnavailable ? `${value.DisplayValue} (${unavailableText})` : value.DisplayValue;
}

/** Refreshes the attribute inputs in place (the set of values of a product never changes). */
export function applyChoices(form: HTMLFormElement, answer: VariantAnswer): void {
  const disable = form.dataset.disableUnavailable === 'true';
  const unavailableText = form.dataset.unavailableLabel ?? '';
  for (const attribute of answer.VariantAttributes) {
    const name = `VariantValueId${attribute.Position}`;
    for (const value of attribute.ProductAttributeValuesViewModel) {
      const selector = `[name="${name}"][value="${value.ProductAttributeValueId}"], [name="${name}"] option[value="${value.ProductAttributeValueId}"]`;
      const control = form.querySelector(selector);
      if (control instanceof HTMLInputElement) updateSquare(control, value, disable);
      else if (control instanceof HTMLOptionElement) updateOption(control, value, disable, unavailableText);
    }
  }
}

/** Elements marked data-bind="Field" show answer.Field; data-bind-value="Field" inputs take it as value. */
export function applyFields(scope: Element, answer: VariantAnswer): void {
  scope.querySelectorAll<HTMLElement>('[data-bind]').forEach((element) => {
    element.textContent = String(answer[element.dataset.bind ?? ''] ?? '');
  });
  scope.querySelectorAll<HTMLInputElement>('[data-bind-value]').forEach((input) => {
    input.value = String(answer[input.dataset.bindValue ?? ''] ?? '');
  });
  scope.querySelectorAll<HTMLElement>('.stock-status[data-state]').forEach((element) => {
    element.dataset.state = answer.StockStatut ?? '';
  });
}

export function applyStock(scope: Element, answer: VariantAnswer): void {
  scope.querySelectorAll<HTMLElement>('[data-stock-message]').forEach((message) => {
    message.dataset.stockQuantity = String(answer.StockQuantity);
    message.dataset.stockStatus = answer.StockStatut ?? '';
    message.hidden = !answer.ExceedsStock;
    message.dispatchEvent(new CustomEvent('stock:change', { bubbles: true }));
  });
  scope.querySelectorAll<HTMLButtonElement>('[data-add-to-cart]').forEach((button) => {
    button.disabled = !answer.IsAvailable;
  });
  scope.querySelectorAll<HTMLElement>('[data-stock-notification]').forEach((block) => {
    block.hidden = answer.StockStatut !== 'OutOfStock';
    const link = block.querySelector<HTMLAnchorElement>('a[data-stock-notification-link]');
    if (!link) return;
    const url = new URL(link.href);
    url.searchParams.set('ProductVariantId', String(answer.ProductVariantId ?? ''));
    link.href = url.pathname + url.search;
  });
}
