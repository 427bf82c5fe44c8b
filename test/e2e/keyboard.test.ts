// Colour swatches by keyboard, with and without JavaScript: the product page's colour squares and the
// list filter's colour values are reached with Tab, named by their colour, and chosen from the keyboard.
import type { Page } from 'playwright-core';
import { colourIn, topCategory } from '../support/catalog-lists';
import { productUrl, twoAttributeProduct } from '../support/catalog-product';
import { useBrowserTestBed } from './support/browser';
import { openCatalogPage } from './support/catalog';

const bed = useBrowserTestBed();

/** Presses Tab until the focus is inside `selector`; answers the focused element's accessible name. */
async function tabInto(page: Page, selector: string): Promise<string> {
  for (let presses = 0; presses < 200; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((inside) => Boolean(document.activeElement?.closest(inside)), selector)) {
      return page.evaluate(() => {
        const focused = document.activeElement as HTMLInputElement;
        return (focused.getAttribute('aria-label') ?? focused.labels?.[0]?.innerText ?? '').trim();
      });
    }
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe.each([true, false])('colour swatches by keyboard (JavaScript %s)', (javaScript) => {
  it('reaches the product page colour squares, named, and ArrowRight picks the next colour', async () => {
    const { productId } = await twoAttributeProduct(bed.server.db);
    const { page, close } = await openCatalogPage(bed, await productUrl(bed.server.db, productId), { javaScript });
    const names = (await page.locator('.attribute-squares .value-name').allInnerTexts()).map((name) => name.trim());
    const focusedName = await tabInto(page, '.attribute-squares');
    expect(names).toContain(focusedName.split('\n')[0].trim());
    const values = await page.locator('.attribute-squares input[type=radio]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    const before = await page.evaluate(() => (document.activeElement as HTMLInputElement).value);
    await page.keyboard.press('ArrowRight');
    const after = await page.evaluate(() => ({ value: (document.activeElement as HTMLInputElement).value, checked: (document.activeElement as HTMLInputElement).checked }));
    // The next square of the same group is focused and chosen.
    expect(after.checked).toBe(true);
    expect(values).toContain(after.value);
    expect(after.value).not.toBe(before);
    await close();
  });

  it('reaches the list filter colour values, named by their colour', async () => {
    const top = await topCategory(bed.server.db);
    const colour = await colourIn(bed.server.db, top.id);
    const { page, close } = await openCatalogPage(bed, `/fr/catalog/category/${top.id}/${top.slug}`, { javaScript });
    const group = `[data-facet-group="ProductAttributes.${colour.attribute_id}"]`;
    expect(await tabInto(page, group)).not.toBe('');
    const checkbox = page.getByRole('checkbox', { name: colour.display_value, exact: true });
    await checkbox.focus();
    await page.keyboard.press('Space');
    expect(await checkbox.isChecked()).toBe(true);
    await close();
  });
});
