import type { Page } from 'playwright-core';
import { isVisibleRow } from '../../server/content/publishing';
import { openPage, useBrowserTestBed } from './support/browser';
import { clickAndWaitForPage } from './support/shell';

// The culture widget goes to the same page in the other culture at that culture's own address (its
// translated slug) in one page request: no 301 on the way, with JavaScript (also after an ajax
// navigation, when the header was rendered for another page) and without.

const bed = useBrowserTestBed();

/** Every page (document) answer the tab receives from now on, in order. */
function documentAnswers(page: Page): { url: string; status: number }[] {
  const answers: { url: string; status: number }[] = [];
  page.on('response', (response) => {
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) answers.push({ url: new URL(response.url()).pathname, status: response.status() });
  });
  return answers;
}

/** A product's address in two cultures, read from the database. */
async function productPath(productId: number, culture: string): Promise<string> {
  const row = await bed.server.db.selectFrom('product_translations').select('slug').where('product_id', '=', productId).where('culture', '=', culture).executeTakeFirstOrThrow();
  return `/${culture}/catalog/product/${productId}/${encodeURIComponent(row.slug)}`;
}

async function newsPostPaths(): Promise<{ fr: string; it: string }> {
  const rows = await bed.server.db.selectFrom('news_posts').innerJoin('news_post_translations as t', 't.post_id', 'news_posts.id').select(['news_posts.id', 't.culture', 't.slug', 'status', 'publish_at', 'unpublish_at']).orderBy('news_posts.id').execute();
  const id = rows.find((row) => row.culture === 'fr' && isVisibleRow(row, Date.now()))!.id;
  const slug = (culture: string) => rows.find((row) => row.id === id && row.culture === culture)!.slug;
  return { fr: `/fr/news/${encodeURIComponent(slug('fr'))}`, it: `/it/news/${encodeURIComponent(slug('it'))}` };
}

describe('culture switch in Chromium', () => {
  it('after an ajax navigation to a product, goes to its German slug in one request', async () => {
    const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/catalog`);
    const href = (await page.getAttribute('.product-card a.product-card-link', 'href'))!;
    const productId = Number(/\/catalog\/product\/(\d+)\//.exec(href)![1]);
    const [fr, de] = [await productPath(productId, 'fr'), await productPath(productId, 'de')];
    expect(fr).not.toBe(de.replace('/de/', '/fr/'));
    await clickAndWaitForPage(page, `.product-card a.product-card-link[href="${href}"]`);
    expect(new URL(page.url()).pathname).toBe(fr);
    const answers = documentAnswers(page);
    await Promise.all([page.waitForURL(`**${de}`), page.click('[data-culture-widget] a[data-culture="de"]')]);
    expect(answers).toEqual([{ url: de, status: 200 }]);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await page.getAttribute('[data-culture-widget] a[data-culture="fr"]', 'href')).toBe(fr);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('from a news post loaded directly, goes to its Italian slug in one request', async () => {
    const { fr, it: italian } = await newsPostPaths();
    const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}${fr}`);
    const answers = documentAnswers(page);
    await Promise.all([page.waitForURL(`**${italian}`), page.click('[data-culture-widget] a[data-culture="it"]')]);
    expect(answers).toEqual([{ url: italian, status: 200 }]);
    expect(await page.getAttribute('html', 'lang')).toBe('it');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without JavaScript, the server-rendered link is the translated slug, answered 200 directly', async () => {
    const productId = (await bed.server.db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    const [fr, nl] = [await productPath(productId, 'fr'), await productPath(productId, 'nl')];
    const { page, context } = await openPage(bed.browser, `${bed.server.url}${fr}`, { javaScript: false });
    const answers = documentAnswers(page);
    await Promise.all([page.waitForURL(`**${nl}`), page.click('[data-culture-widget] a[data-culture="nl"]')]);
    expect(answers).toEqual([{ url: nl, status: 200 }]);
    expect(await page.getAttribute('html', 'lang')).toBe('nl');
    await context.close();
  });
});
