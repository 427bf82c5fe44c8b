import { demo } from '../http/accounts-helpers';
import { useBrowserTestBed } from './support/browser';
import { countRequests, openCatalogPage } from './support/catalog';

const bed = useBrowserTestBed();

/** A word of 7 letters or more from the first French product names (e.g. "chemise"). */
async function commonWord() {
  const rows = await bed.server.db.selectFrom('product_translations').select('name').where('culture', '=', 'fr').orderBy('product_id').limit(50).execute();
  return rows.flatMap((row) => row.name.split(' ')).find((word) => /^\p{L}{7,}$/u.test(word))!.toLowerCase();
}

describe('header search with suggestions in Chromium', () => {
  it('suggests from 2 characters under its title, with 80x80 images, and is driven by keyboard', async () => {
    const word = await commonWord();
    const { page, errors, close } = await openCatalogPage(bed, '/fr/about');
    const calls = countRequests(page, '/api/v1/catalog/search/suggestions');
    await page.click('#search-q');
    await page.keyboard.type(word.slice(0, 1));
    await page.waitForTimeout(500);
    expect(calls).toHaveLength(0);
    // The rest in one go (one input event, as a paste or a fast typist on a busy phone gives it): one call.
    // Key by key with a delay, a loaded machine spaces the keys wider than the debounce and the count varies.
    await page.keyboard.insertText(word.slice(1, 5));
    const listbox = page.locator('#search-suggestions-list');
    await listbox.locator('[role="option"]').first().waitFor();
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]).searchParams.get('nbrResults')).toBe('5');
    expect(new URL(calls[0]).searchParams.get('accuracy')).toBe('0.3');
    expect(await page.isVisible('.search-suggestions-title')).toBe(true);
    expect(await page.getAttribute('#search-q', 'aria-expanded')).toBe('true');
    const image = listbox.locator('img').first();
    expect(await image.getAttribute('src')).toMatch(/^\/assets\/\d+\/80x80\/|\/assets\/80x80\/nophoto\.jpg$/);
    expect(await image.getAttribute('width')).toBe('80');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const active = await page.getAttribute('#search-q', 'aria-activedescendant');
    expect(active).toBe('search-suggestion-0');
    expect(await page.getAttribute('#search-suggestion-0', 'aria-selected')).toBe('true');
    const href = await page.getAttribute('#search-suggestion-0', 'data-href');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === href);
    await page.waitForSelector('h1');
    expect(errors).toEqual([]);
    await close();
  });

  it('closes with Escape, and Enter without a choice searches', async () => {
    const word = await commonWord();
    const { page, close } = await openCatalogPage(bed, '/fr/');
    await page.click('#search-q');
    await page.keyboard.type(word.slice(0, 5));
    await page.locator('#search-suggestions-list [role="option"]').first().waitFor();
    await page.keyboard.press('Escape');
    expect(await page.isHidden('.search-suggestions')).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/fr/catalog' && url.searchParams.get('q') === word.slice(0, 5));
    await page.waitForSelector('.search-results .product-card');
    await close();
  });

  it('opens the product of a suggestion clicked with the mouse (an option, with no link nested in it)', async () => {
    const word = await commonWord();
    const { page, close } = await openCatalogPage(bed, '/fr/about');
    await page.click('#search-q');
    await page.keyboard.type(word.slice(0, 5));
    const option = page.locator('#search-suggestions-list [role="option"]').nth(1);
    await option.waitFor();
    expect(await option.locator('a, button, input').count()).toBe(0);
    const href = await option.getAttribute('data-href');
    await option.click();
    await page.waitForURL((url) => url.pathname === href);
    expect(await page.isHidden('.search-suggestions')).toBe(true);
    await close();
  });

  it('does nothing on an empty search', async () => {
    const { page, close } = await openCatalogPage(bed, '/fr/about');
    await page.click('#search-q');
    await page.keyboard.press('Enter');
    await page.click('.search-box button[type="submit"]');
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/fr/about');
    await close();
  });
});

describe('customer-reference search in Chromium', () => {
  it('fills the results in place, without leaving the catalog', async () => {
    const { page, errors, close } = await openCatalogPage(bed, '/fr/security/login?returnUrl=%2Ffr%2Fcatalog');
    await page.fill('#login-Email', demo.customer.email);
    await page.fill('#login-Password', demo.customer.password);
    await page.click('.login-form button[type="submit"]');
    await page.waitForURL((url) => url.pathname === '/fr/catalog');
    await page.waitForSelector('#customer-reference-q');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    const calls = countRequests(page, '/fr/catalog/customerref');
    await page.fill('#customer-reference-q', 'CR-');
    await page.click('.customer-reference-form button[type="submit"]');
    await page.waitForSelector('#customer-reference-results .customer-references a');
    expect(calls).toHaveLength(1);
    expect(new URL(page.url()).pathname).toBe('/fr/catalog');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    expect(errors).toEqual([]);
    await close();
  });
});
