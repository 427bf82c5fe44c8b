// Every page type through axe-core in Chromium (with and without JavaScript) and its server-rendered
// HTML through the Nu HTML Checker (one Java run for all documents): both fail on anything they find.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { stockedVariant } from '../http/checkout-helpers';
import { colourIn, mainBrandOf, tagByCode, topCategory } from '../support/catalog-lists';
import { productUrl, twoAttributeProduct } from '../support/catalog-product';
import { axeViolations, vnuErrors } from '../support/page-checks';
import { demoBirthListToken } from '../../server/db/seed/wishlists';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';

const bed = useBrowserTestBed();
jest.setTimeout(120_000);

interface PageType {
  name: string;
  path: string;
}

const pages: PageType[] = [];
let cartToken = '';

beforeAll(async () => {
  const { db } = bed.server;
  const variant = await stockedVariant(bed.server, 50);
  // A product with colour squares and a second attribute, so the page shows every kind of choice.
  const { productId } = await twoAttributeProduct(db);
  const top = await topCategory(db);
  const colour = await colourIn(db, top.id);
  const list = `/fr/catalog/category/${top.id}/${top.slug}`;
  const filter = encodeURIComponent(JSON.stringify({ ProductAttributes: { [colour.attribute_id]: [colour.value_id] } }));
  const brand = await mainBrandOf(db, top.id);
  const tag = await tagByCode(db, 'new');
  const word = (await db.selectFrom('product_translations').select('name').where('culture', '=', 'fr').orderBy('product_id').executeTakeFirstOrThrow()).name.split(' ')[0];
  pages.push(
    { name: 'home', path: '/fr/' },
    { name: 'content page', path: '/fr/about' },
    { name: 'catalog list', path: list },
    { name: 'filtered list', path: `${list}?filter=${filter}` },
    { name: 'search', path: `/fr/catalog?q=${encodeURIComponent(word)}` },
    { name: 'product page', path: await productUrl(db, productId) },
    { name: 'cart', path: '/fr/shoppingcarts' },
    { name: 'checkout', path: '/fr/checkout' },
    { name: 'login', path: '/fr/security/login' },
    { name: 'contact', path: '/fr/contact' },
    { name: 'list as a table', path: `${list}?display=table` },
    { name: 'brand list', path: `/fr/catalog/brand/${brand.slug}` },
    { name: 'tag list', path: `/fr/catalog/tag/${tag.id}/${tag.slug}` },
    { name: 'register', path: '/fr/security/register' },
    { name: 'forgotten password', path: '/fr/security/forgotpassword' },
    { name: 'FAQ', path: '/fr/faq' },
    { name: 'FAQ category', path: '/fr/faq/paiement' },
    { name: 'content page, second page (projects grid and map blocks)', path: '/fr/about?pageindex=2' },
    { name: 'content page, third page (FAQ and contact form blocks)', path: '/fr/about?pageindex=3' },
    { name: 'news list', path: '/fr/news' },
    { name: 'news category (masonry)', path: `/fr/news/category/${(await newsPages(db)).category}` },
    { name: 'news post (gallery)', path: `/fr/news/${(await newsPages(db)).post}` },
    // The wishlist and birth list owner's pages need a session: test/e2e/wishlists.test.ts checks them.
    // Prepaid accounts, refund requests and the staff's tools need a session too: test/e2e/prepaid.test.ts,
    // refunds.test.ts and staff-tools.test.ts run axe-core (with and without JS) and the Nu checker on them.
    { name: 'shared birth list', path: `/fr/birthlists/${demoBirthListToken}` },
    ...(await projectPages(db)),
  );
  cartToken = randomBytes(24).toString('base64url');
  const now = Date.now();
  const cart = await db.insertInto('carts').values({ token: cartToken, user_id: null, currency: 'EUR', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('cart_items').values({ cart_id: cart.id, variant_id: variant.id, quantity: 1, origin: 'Catalog', item_key: '', created_at: now }).execute();
});

/** The first news category's slug and a post with a gallery's, in French. */
async function newsPages(db: typeof bed.server.db) {
  const category = await db.selectFrom('news_category_translations').select('slug').where('culture', '=', 'fr').orderBy('category_id').executeTakeFirstOrThrow();
  const post = await db
    .selectFrom('news_post_images')
    .innerJoin('news_post_translations as t', 't.post_id', 'news_post_images.post_id')
    .select('t.slug')
    .where('t.culture', '=', 'fr')
    .executeTakeFirstOrThrow();
  return { category: category.slug, post: post.slug };
}

/** The project pages: the category grid, a category's list, a project with its gallery and its map detail. */
async function projectPages(db: typeof bed.server.db): Promise<PageType[]> {
  const project = await db
    .selectFrom('projects as p')
    .innerJoin('project_translations as t', 't.project_id', 'p.id')
    .innerJoin('project_category_translations as c', (join) => join.onRef('c.category_id', '=', 'p.category_id').on('c.culture', '=', 'fr'))
    .select(['t.slug', 'c.slug as categorySlug'])
    .where('t.culture', '=', 'fr')
    .where('p.status', '=', 'published')
    .orderBy('p.position')
    .executeTakeFirstOrThrow();
  return [
    { name: 'projects', path: '/fr/projects' },
    { name: 'project category', path: `/fr/projects/category/${project.categorySlug}` },
    { name: 'project (masonry gallery)', path: `/fr/projects/${project.slug}` },
    { name: 'project map detail', path: `/fr/projects/${project.slug}/map` },
  ];
}

/** A visitor with a cart line, on `path`, at a desktop or a phone's width. */
async function visit(path: string, { javaScript = true, width = 1280, consent = true } = {}) {
  const { page, context } = await openPage(bed.browser, `${bed.server.url}/fr/about`, { javaScript });
  if (consent) await withConsentAnswered(context, bed.server.url);
  await context.addCookies([{ name: 'cart', value: cartToken, url: bed.server.url }]);
  await page.setViewportSize({ width, height: 740 });
  await page.goto(`${bed.server.url}${path}`);
  if (javaScript) await waitForShell(page);
  return { page, close: () => context.close() };
}

async function expectNoViolations(page: Page, label: string, javaScript = true): Promise<void> {
  const found = await axeViolations(page, { javaScript });
  if (found.length) console.log(`axe-core on ${label}:\n  ${found.join('\n  ')}`);
  expect(found).toEqual([]);
}

describe('axe-core on every page type', () => {
  for (const javaScript of [true, false]) {
    it(`finds nothing ${javaScript ? 'with' : 'without'} JavaScript`, async () => {
      const found: string[] = [];
      for (const { name, path } of pages) {
        const { page, close } = await visit(path, { javaScript });
        found.push(...(await axeViolations(page, { javaScript })).map((line) => `${name}: ${line}`));
        await close();
      }
      if (found.length) console.log(`axe-core ${javaScript ? 'with' : 'without'} JavaScript:\n  ${found.join('\n  ')}`);
      expect(found).toEqual([]);
      // Every page type in one browser after another: about 3 s a page on a busy 2-core machine (89 to 95 s for
      // all of them, against a 120 s limit): 300 s leaves room for a slower machine and a longer list.
    }, 300_000);
  }

  it('finds nothing in the consent banner, the open search suggestions, a quick view, and on a phone the unfolded filters, settings and menu', async () => {
    const banner = await visit('/fr/', { consent: false });
    await expectNoViolations(banner.page, 'the consent banner');
    await banner.close();
    const search = await visit('/fr/about');
    await search.page.click('#search-q');
    await search.page.keyboard.type(pages[4].path.split('q=')[1].slice(0, 4));
    await search.page.locator('#search-suggestions-list [role="option"]').first().waitFor();
    await expectNoViolations(search.page, 'the search suggestions');
    await search.close();
    const list = await visit(pages[2].path);
    await list.page.locator('.product-card a.quick-view-toggle').first().click();
    await list.page.locator('.product-card .quick-view .quick-view-name').first().waitFor();
    await expectNoViolations(list.page, 'an open quick view');
    await list.close();
    for (const javaScript of [true, false]) {
      const phoneList = await visit(pages[3].path, { width: 360, javaScript });
      await phoneList.page.click('.filter-panel-toggle');
      await phoneList.page.locator('.facet-group').first().waitFor({ state: 'visible' });
      await expectNoViolations(phoneList.page, `a filtered list on a phone, its filters unfolded ${javaScript ? 'with' : 'without'} JavaScript`, javaScript);
      await phoneList.close();
      const phone = await visit('/fr/about', { width: 360, javaScript });
      await phone.page.click('.header-settings-summary');
      await phone.page.locator('.culture-widget a').first().waitFor({ state: 'visible' });
      await expectNoViolations(phone.page, `the phone's unfolded settings ${javaScript ? 'with' : 'without'} JavaScript`, javaScript);
      await phone.page.click('.header-settings-summary');
      await phone.page.click('[data-nav-toggle]');
      await phone.page.locator(`${javaScript ? '#mobile-navigation' : '#main-navigation'} .nav-link`).first().waitFor({ state: 'visible' });
      await expectNoViolations(phone.page, `the phone menu ${javaScript ? 'with' : 'without'} JavaScript`, javaScript);
      await phone.close();
    }
  });
});

describe('the Nu HTML Checker', () => {
  it('finds no error in the server-rendered HTML of every page type', async () => {
    const cookie = `cart=${cartToken}`;
    const documents = [];
    for (const { name, path } of pages) {
      const answer = await fetch(`${bed.server.url}${path}`, { headers: { cookie } });
      expect(answer.status).toBe(200);
      documents.push({ name, html: await answer.text() });
    }
    const found = await vnuErrors(documents);
    if (found.length) console.log(`Nu HTML Checker:\n  ${found.join('\n  ')}`);
    expect(found).toEqual([]);
  });
});
