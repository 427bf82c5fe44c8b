// The catalog lists in Chromium with JavaScript turned off: plain links, GET forms and redirects.
import type { Page } from 'playwright-core';
import { demo } from '../http/accounts-helpers';
import { mainBrandOf, tagByCode, topCategory } from '../support/catalog-lists';
import { resource } from '../support/resources';
import { useBrowserTestBed } from './support/browser';
import { filterOf, openCatalogPage } from './support/catalog';

const bed = useBrowserTestBed();
const open = (path: string) => openCatalogPage(bed, path, { javaScript: false });
const follow = (page: Page, selector: string) => Promise.all([page.waitForNavigation(), page.click(selector)]);

async function category() {
  const top = await topCategory(bed.server.db);
  return { top, path: `/fr/catalog/category/${top.id}/${top.slug}`, brand: await mainBrandOf(bed.server.db, top.id) };
}

describe('catalog lists without JavaScript', () => {
  it('filters by a facet link, removes it by its tag, and pages with plain links', async () => {
    const { path, brand } = await category();
    const { page, close } = await open(`${path}?pageindex=2`);
    await follow(page, `[data-facet-group="Brands"] input[value="${brand.id}"] + a`);
    expect(filterOf(page)).toEqual({ Brands: [brand.id] });
    expect(new URL(page.url()).searchParams.has('pageindex')).toBe(false);
    expect(await page.locator('.selected-filter').count()).toBe(1);
    await follow(page, '.pagination-next a');
    expect(new URL(page.url()).searchParams.get('pageindex')).toBe('2');
    await follow(page, '.selected-filter');
    expect(filterOf(page)).toBeNull();
    expect(new URL(page.url()).pathname).toBe(path);
    await close();
  });

  it('applies the facet form with its button (redirected to the JSON filter), and the sort with its own', async () => {
    const { path, brand } = await category();
    const { page, close } = await open(`${path}?pageindex=3`);
    await page.check(`[data-facet-group="Brands"] input[value="${brand.id}"]`);
    const band = await page.locator('[data-facet-group="Price"] input[type="radio"]').first().getAttribute('value');
    await page.check(`[data-facet-group="Price"] input[value="${band}"]`);
    await follow(page, '.facet-apply');
    const url = new URL(page.url());
    expect(url.pathname).toBe(path);
    expect(filterOf(page)).toEqual({ Brands: [brand.id], Price: band });
    expect([...url.searchParams.keys()]).toEqual(['filter']);
    await page.selectOption('#list-sort', 'name');
    await page.selectOption('#list-page-size', '48');
    await follow(page, '.list-options button[type="submit"]');
    expect(filterOf(page)).toEqual({ Brands: [brand.id], Price: band });
    expect(new URL(page.url()).searchParams.get('sort')).toBe('name');
    expect(new URL(page.url()).searchParams.get('pageSize')).toBe('48');
    await close();
  });

  it('searches from the header, and an empty search is the plain catalog', async () => {
    const { page, close } = await open('/fr/about');
    await page.fill('#search-q', 'lin');
    await follow(page, '.search-box button[type="submit"]');
    expect(new URL(page.url()).searchParams.get('q')).toBe('lin');
    expect(await page.locator('.search-results .product-card').count()).toBeGreaterThan(0);
    await page.fill('#search-q', 'qqqxxxzzz');
    await follow(page, '.search-box button[type="submit"]');
    expect(await page.textContent('.no-products')).toBe(resource('fr', 'Catalog.NoProductFound'));
    await page.fill('#search-q', '');
    await follow(page, '.search-box button[type="submit"]');
    expect(await page.textContent('h1')).toBe(resource('fr', 'Catalog.Title'));
    await close();
  });

  it('shows every image (the noscript copies below the fold), and the eye opens the product', async () => {
    const { page, close } = await open('/fr/catalog');
    expect(await page.locator('.product-card img.lozad').first().isHidden()).toBe(true);
    expect(await page.locator('.product-card noscript img').count()).toBe(16);
    expect(await page.locator('.product-card img:not(.lozad)').count()).toBe(24);
    const last = page.locator('.product-card noscript img').last();
    await last.scrollIntoViewIfNeeded();
    expect(await last.isVisible()).toBe(true);
    await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('.product-card noscript img')).at(-1)!.naturalWidth > 0);
    const eye = page.locator('.product-card a.quick-view-toggle').first();
    const href = await eye.getAttribute('href');
    await follow(page, '.product-card a.quick-view-toggle');
    expect(new URL(page.url()).pathname).toBe(href);
    await close();
  });

  it('switches the tag page between entities with the selector’s button', async () => {
    const tag = await tagByCode(bed.server.db, 'new');
    const { page, close } = await open(`/fr/catalog/tag/${tag.id}/${tag.slug}`);
    await page.selectOption('#tag-entity', 'Category');
    await follow(page, '.tag-entity button[type="submit"]');
    expect(new URL(page.url()).searchParams.get('entityName')).toBe('Category');
    expect(await page.locator('.tagged-entities li').count()).toBeGreaterThan(0);
    await close();
  });

  it('finds the signed-in customer’s own references', async () => {
    const { page, close } = await open('/fr/security/login?returnUrl=%2Ffr%2Fcatalog');
    await page.fill('#login-Email', demo.customer.email);
    await page.fill('#login-Password', demo.customer.password);
    await follow(page, '.login-form button[type="submit"]');
    expect(new URL(page.url()).pathname).toBe('/fr/catalog');
    await page.fill('#customer-reference-q', 'CR-');
    await follow(page, '.customer-reference-form button[type="submit"]');
    expect(new URL(page.url()).pathname).toBe('/fr/catalog/customerref');
    expect(await page.locator('.customer-references a').count()).toBeGreaterThan(0);
    const href = await page.locator('.customer-references a').first().getAttribute('href');
    await follow(page, '.customer-references a');
    expect(page.url()).toContain(href!);
    await close();
  });
});
