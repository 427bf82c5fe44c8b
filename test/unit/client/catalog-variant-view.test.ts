/** @jest-environment jsdom */
import { selectionQuery } from '../../../client/behaviours/catalog-variants';
import { applyChoices, applyFields, applyStock, type VariantAnswer } from '../../../client/catalog/variant-view';

jest.mock('htmx.org', () => ({}));

function renderPage(disableUnavailable: boolean) {
  document.body.innerHTML = `
    <article data-product>
      <span data-bind="SKU">A-RED-S</span>
      <p class="stock-status" data-bind="StockStatutText" data-state="InStock">En stock</p>
      <form data-product-form data-disable-unavailable="${disableUnavailable}" data-unavailable-label="indisponible">
        <input type="hidden" name="ProductVariantId" value="1" data-bind-value="ProductVariantId">
        <label class="color-square"><input type="radio" name="VariantValueId1" value="1" checked><span class="unavailable-label" hidden>indisponible</span></label>
        <label class="color-square"><input type="radio" name="VariantValueId1" value="2"><span class="unavailable-label" hidden>indisponible</span></label>
        <select name="VariantValueId2"><option value="10" selected>S</option><option value="11">M</option></select>
        <input name="Quantity" value="3">
        <p data-stock-message data-stock-quantity="5" data-stock-status="InStock" hidden></p>
        <button data-add-to-cart>Add</button>
        <p data-stock-notification hidden><a data-stock-notification-link href="/fr/catalog/stocknotification/subscribe?ProductVariantId=1&amp;ProductId=7">x</a></p>
      </form>
    </article>`;
  return document.querySelector<HTMLFormElement>('form')!;
}

const answer: VariantAnswer = {
  ProductId: 7,
  ProductVariantId: 4,
  SKU: 'A-BLUE-M',
  StockStatutText: 'Épuisé',
  VariantAttributes: [
    {
      Position: 1,
      ProductAttributeValuesViewModel: [
        { ProductAttributeValueId: 1, DisplayValue: 'Red', IsUnavailable: true, IsSelected: false },
        { ProductAttributeValueId: 2, DisplayValue: 'Blue', IsUnavailable: false, IsSelected: true },
      ],
    },
    {
      Position: 2,
      ProductAttributeValuesViewModel: [
        { ProductAttributeValueId: 10, DisplayValue: 'S', IsUnavailable: true, IsSelected: false },
        { ProductAttributeValueId: 11, DisplayValue: 'M', IsUnavailable: false, IsSelected: true },
      ],
    },
  ],
  StockQuantity: 0,
  StockStatut: 'OutOfStock',
  IsAvailable: false,
  ExceedsStock: true,
  Url: '/fr/catalog/product/7/a?productVariantId=4',
};

describe('the variants answer on the page', () => {
  it('serialises the non-empty attribute inputs and the quantity', () => {
    expect(selectionQuery(renderPage(false)).toString()).toBe('VariantValueId1=1&VariantValueId2=10&Quantity=3');
  });

  it('refreshes choices and labels unavailable values, disabling them only when configured', () => {
    const form = renderPage(false);
    applyChoices(form, answer);
    const [red, blue] = Array.from(form.querySelectorAll<HTMLInputElement>('input[type="radio"]'));
    expect(blue.checked).toBe(true);
    expect(red.disabled).toBe(false);
    expect(red.closest('label')!.classList.contains('unavailable')).toBe(true);
    expect(red.closest('label')!.querySelector<HTMLElement>('.unavailable-label')!.hidden).toBe(false);
    const small = form.querySelector<HTMLOptionElement>('option[value="10"]')!;
    expect(small.textContent).toBe('S (indisponible)');
    expect(form.querySelector<HTMLSelectElement>('select')!.value).toBe('11');
    const strict = renderPage(true);
    applyChoices(strict, answer);
    expect(strict.querySelector<HTMLInputElement>('input[name="VariantValueId1"][value="1"]')!.disabled).toBe(true);
    expect(strict.querySelector<HTMLOptionElement>('option[value="10"]')!.disabled).toBe(true);
  });

  it('fills bound fields, stock data, add to cart and the stock notification link', () => {
    const form = renderPage(false);
    const scope = form.closest('[data-product]')!;
    applyFields(scope, answer);
    applyStock(scope, answer);
    expect(scope.querySelector('[data-bind="SKU"]')!.textContent).toBe('A-BLUE-M');
    expect(scope.querySelector<HTMLElement>('.stock-status')!.dataset.state).toBe('OutOfStock');
    expect(form.querySelector<HTMLInputElement>('input[name="ProductVariantId"]')!.value).toBe('4');
    const message = scope.querySelector<HTMLElement>('[data-stock-message]')!;
    expect([message.hidden, message.dataset.stockQuantity, message.dataset.stockStatus]).toEqual([false, '0', 'OutOfStock']);
    expect(scope.querySelector<HTMLButtonElement>('[data-add-to-cart]')!.disabled).toBe(true);
    expect(scope.querySelector<HTMLElement>('[data-stock-notification]')!.hidden).toBe(false);
    expect(scope.querySelector('a')!.getAttribute('href')).toBe('/fr/catalog/stocknotification/subscribe?ProductVariantId=4&ProductId=7');
  });
});
