import { FACET_SUBMIT_DELAY_MS } from '../../client/shell/constants';
import { clearCatalogCaches } from '../../server/catalog/lists-cache';
import { colourIn, mainBrandOf, topCategory } from '../support/catalog-lists';
import { useBrowserTestBed } from './support/browser';
import { countRequests, filterOf, openCatalogPage } from './support/catalog';

const bed = useBrowserTestBed();

async function categoryPath() {
  const top = await topCategory(bed.server.db);
  return { top, path: `/fr/catalog/category/${top.id}/${top.slug}` };
}

describe('facet form in Chromium', () => {
  it('submits 1000 ms after the last change, with every ticked value, dropping pageindex', async () => {
    const { top, path } = await categoryPath();
    const brand = await mainBrandOf(bed.server.db, top.id);
    const colour = await colourIn(bed.server.db, top.id);
    const { page, errors, close } = await openCatalogPage(bed, `${path}?pageindex=2&sort=name`);
    // In the page's own clock: when the last box was ticked, and when the list was asked for. Timed from
    // the test around awaited ticks, a loaded machine measured the lag of the tick's return instead.
    await page.evaluate((list) => {
      const times: { tickedAt?: number; askedAt?: number } = {};
      (window as unknown as { facetTimes: typeof times }).facetTimes = times;
      document.addEventListener('change', () => (times.tickedAt = performance.now()), true);
      // An observer: the page's resource timing buffer (250 entries) may be full of images by then.
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries() as PerformanceResourceTiming[]) {
          if (entry.initiatorType === 'fetch' && new URL(entry.name).pathname === list) times.askedAt ??= entry.startTime;
        }
      }).observe({ type: 'resource' });
    }, path);
    await page.check(`[data-facet-group="Brands"] input[value="${brand.id}"]`);
    await page.check(`[data-facet-group="ProductAttributes.${colour.attribute_id}"] input[value="${colour.value_id}"]`);
    await page.waitForURL((url) => url.searchParams.get('filter')?.includes('ProductAttributes') ?? false);
    // The list's request is timed once its answer has come.
    await page.waitForFunction(() => (window as unknown as { facetTimes: { askedAt?: number } }).facetTimes.askedAt !== undefined);
    const { tickedAt, askedAt } = await page.evaluate(() => (window as unknown as { facetTimes: { tickedAt: number; askedAt: number } }).facetTimes);
    // Timers run late on a loaded machine, never early: at least the delay, and about it.
    expect(askedAt - tickedAt).toBeGreaterThanOrEqual(FACET_SUBMIT_DELAY_MS - 20);
    expect(askedAt - tickedAt).toBeLessThan(FACET_SUBMIT_DELAY_MS + 5000);
    expect(filterOf(page)).toEqual({ Brands: [brand.id], ProductAttributes: { [colour.attribute_id]: [colour.value_id] } });
    const url = new URL(page.url());
    expect(url.pathname).toBe(path);
    expect(url.searchParams.get('sort')).toBe('name');
    expect(url.searchParams.has('pageindex')).toBe(false);
    await page.waitForSelector('.selected-filter');
    expect(await page.locator('.selected-filter').count()).toBe(2);
    expect(await page.isChecked(`[data-facet-group="Brands"] input[value="${brand.id}"]`)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('unchecks a checked radio when clicked again, and submits that', async () => {
    const { path } = await categoryPath();
    const band = '5000-10000';
    const { page, close } = await openCatalogPage(bed, `${path}?filter=${encodeURIComponent(JSON.stringify({ Price: band }))}`);
    const radio = `[data-facet-group="Price"] input[value="${band}"]`;
    expect(await page.isChecked(radio)).toBe(true);
    await page.click(radio);
    // The first click may be held until the behaviour has arrived, then replayed: wait for it.
    await page.waitForFunction((selector) => !document.querySelector<HTMLInputElement>(selector)!.checked, radio);
    await page.waitForURL((url) => !url.searchParams.has('filter'));
    expect(await page.locator('.selected-filter').count()).toBe(0);
    const other = page.locator('[data-facet-group="Price"] input[type="radio"]').first();
    const otherBand = await other.getAttribute('value');
    await other.click();
    await page.waitForURL((url) => url.searchParams.has('filter'));
    expect(filterOf(page)).toEqual({ Price: otherBand });
    await close();
  });

  it('loads the list with the filter when a facet link is clicked (refresh-on-click), without a full reload', async () => {
    const { top, path } = await categoryPath();
    const brand = await mainBrandOf(bed.server.db, top.id);
    const { page, close } = await openCatalogPage(bed, path);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    await page.click(`[data-facet-group="Brands"] input[value="${brand.id}"] + a`);
    await page.waitForURL((url) => url.searchParams.has('filter'));
    expect(filterOf(page)).toEqual({ Brands: [brand.id] });
    await page.waitForSelector('.selected-filter');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    await page.click('.clear-filters');
    await page.waitForURL((url) => !url.searchParams.has('filter'));
    await close();
  });

  it('reloads only the panel from ListFilter when refresh-on-click is off, and applies it with the button', async () => {
    await bed.server.db.insertInto('site_settings').values({ key: 'catalog.filterRefreshOnClick', value: 'false' }).execute();
    clearCatalogCaches(bed.server.db);
    try {
      const { top, path } = await categoryPath();
      const brand = await mainBrandOf(bed.server.db, top.id);
      const { page, close } = await openCatalogPage(bed, path);
      const widget = countRequests(page, '/widget/catalog/ListFilter');
      await page.click(`[data-facet-group="Brands"] input[value="${brand.id}"] + a`);
      await page.waitForSelector('.selected-filter');
      expect(widget).toHaveLength(1);
      expect(new URL(page.url()).searchParams.has('filter')).toBe(false);
      expect(await page.isChecked(`[data-facet-group="Brands"] input[value="${brand.id}"]`)).toBe(true);
      await page.click('.facet-apply');
      await page.waitForURL((url) => url.searchParams.has('filter'));
      expect(filterOf(page)).toEqual({ Brands: [brand.id] });
      await close();
    } finally {
      await bed.server.db.deleteFrom('site_settings').where('key', '=', 'catalog.filterRefreshOnClick').execute();
      clearCatalogCaches(bed.server.db);
    }
  });

  it('reloads the list when the sort changes', async () => {
    const { page, close } = await openCatalogPage(bed, '/fr/catalog?display=table');
    await page.selectOption('#list-sort', 'price-desc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-desc');
    expect(new URL(page.url()).searchParams.get('display')).toBe('table');
    expect(await page.locator('table.product-table tbody tr').count()).toBe(24);
    await close();
  });
});

describe('the filter panel on narrow and wide screens', () => {
  it('folds behind its toggle below 768 px and is open from 768 px', async () => {
    const narrow = await openCatalogPage(bed, '/fr/catalog', { width: 390 });
    expect(await narrow.page.isVisible('.filter-panel-toggle')).toBe(true);
    expect(await narrow.page.isHidden('.facet-form')).toBe(true);
    await narrow.page.click('.filter-panel-toggle');
    expect(await narrow.page.isVisible('.facet-form')).toBe(true);
    await narrow.close();
    const wide = await openCatalogPage(bed, '/fr/catalog', { width: 1024 });
    expect(await wide.page.isHidden('.filter-panel-toggle')).toBe(true);
    expect(await wide.page.isVisible('.facet-form')).toBe(true);
    await wide.close();
  });
});

describe('quick view and lazy images in Chromium', () => {
  it('loads the quick view once, then shows and hides it', async () => {
    const { page, errors, close } = await openCatalogPage(bed, '/fr/catalog');
    const requests = countRequests(page, '/widget/catalog/QuickView');
    const toggle = page.locator('.product-card a.quick-view-toggle').first();
    const box = page.locator('.product-card .quick-view').first();
    await toggle.click();
    await box.locator('.quick-view-name').waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/fr/catalog');
    await toggle.click();
    expect(await box.isHidden()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await box.isVisible()).toBe(true);
    expect(requests).toHaveLength(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('loads lozad at the first sign of a visitor and fills images as they come near', async () => {
    const { page, close } = await openCatalogPage(bed, '/fr/catalog?pageSize=48');
    const last = page.locator('.product-card img.lozad').last();
    expect(await last.getAttribute('srcset')).toBeNull();
    await page.mouse.move(300, 300);
    await page.mouse.wheel(0, 6000);
    await page.waitForFunction(() => {
      const images = Array.from(document.querySelectorAll<HTMLImageElement>('.product-card img.lozad'));
      return images.at(-1)?.getAttribute('data-loaded') === 'true';
    });
    expect(await last.getAttribute('srcset')).toMatch(/480w$/);
    expect(await last.getAttribute('sizes')).toBe('(min-width: 1024px) 220px, (min-width: 600px) 33vw, 50vw');
    await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('.product-card img')).every((image) => !image.src || image.complete));
    await close();
  });

  it('fills the images too when the page is only scrolled (a restored position, an anchor, the scrollbar)', async () => {
    const { page, close } = await openCatalogPage(bed, '/fr/catalog?pageSize=48');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => {
      const images = Array.from(document.querySelectorAll<HTMLImageElement>('.product-card img.lozad'));
      return images.at(-1)?.getAttribute('data-loaded') === 'true';
    });
    expect(await page.locator('.product-card img.lozad').last().getAttribute('srcset')).toMatch(/480w$/);
    await close();
  });
});
