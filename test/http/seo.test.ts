import request from 'supertest';
import { cultures } from '../../server/config';
import { useListeningServer, useTestApp } from '../support/app';
import { isVisibleRow } from '../../server/content/publishing';
import { attributeOf, attributesOf, type Html, parseHtml } from '../support/html';

// Search engines: one canonical per indexable page, hreflang alternates that are each culture's own
// address (200, no redirect), meta description and Open Graph, JSON-LD by type, robots.txt and the
// sitemaps (docs/seo.md).

const testApp = useTestApp();
const listening = useListeningServer(testApp);
const get = (path: string) => request(listening()).get(path);
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

async function page(path: string): Promise<Html> {
  const answer = await get(path);
  expect({ path, status: answer.status }).toEqual({ path, status: 200 });
  expect(answer.headers['content-type']).toMatch(/^text\/html/);
  return parseHtml(answer.text);
}

function jsonLdOf(root: Html): Record<string, unknown>[] {
  return root.querySelectorAll('script[type="application/ld+json"]').map((script) => JSON.parse(script.textContent));
}

const typesOf = (root: Html) => jsonLdOf(root).map((block) => block['@type']);

/** One page of each type, read from the seeded database (the French address of something published). */
async function samplePages(): Promise<Record<string, string>> {
  const { db } = testApp;
  const now = Date.now();
  const fr = <T extends { culture: string; status?: string; publish_at?: number | string | null; unpublish_at?: number | string | null }>(rows: T[]) =>
    rows.find((row) => row.culture === 'fr' && (row.status === undefined || isVisibleRow({ status: row.status, publish_at: row.publish_at ?? null, unpublish_at: row.unpublish_at ?? null }, now)))!;
  const window = ['status', 'publish_at', 'unpublish_at'] as const;
  const product = await db.selectFrom('products').innerJoin('product_translations as t', 't.product_id', 'products.id').select(['products.id', 't.slug', 't.culture']).where('is_active', '=', 1).where('t.culture', '=', 'fr').orderBy('products.id').executeTakeFirstOrThrow();
  const category = await db.selectFrom('categories').innerJoin('category_translations as t', 't.category_id', 'categories.id').select(['categories.id', 't.slug', 't.culture']).where('is_active', '=', 1).where('t.culture', '=', 'fr').where('parent_id', 'is not', null).orderBy('categories.id').executeTakeFirstOrThrow();
  const contentPage = fr(await db.selectFrom('pages').innerJoin('page_translations as t', 't.page_id', 'pages.id').select(['t.slug', 't.culture', ...window]).where('is_home', '=', 0).orderBy('pages.position').execute());
  const post = fr(await db.selectFrom('news_posts').innerJoin('news_post_translations as t', 't.post_id', 'news_posts.id').select(['t.slug', 't.culture', ...window]).orderBy('news_posts.id').execute());
  const newsCategory = fr(await db.selectFrom('news_category_translations').select(['slug', 'culture']).execute());
  const faqCategory = fr(await db.selectFrom('faq_categories').innerJoin('faq_category_translations as t', 't.category_id', 'faq_categories.id').select(['t.slug', 't.culture', ...window]).orderBy('position').execute());
  const project = fr(await db.selectFrom('projects').innerJoin('project_translations as t', 't.project_id', 'projects.id').select(['t.slug', 't.culture', ...window]).orderBy('projects.position').execute());
  const projectCategory = fr(await db.selectFrom('project_categories').innerJoin('project_category_translations as t', 't.category_id', 'project_categories.id').select(['t.slug', 't.culture', ...window]).orderBy('position').execute());
  return {
    home: '/fr/',
    list: '/fr/catalog',
    product: `/fr/catalog/product/${product.id}/${encodeURIComponent(product.slug)}`,
    category: `/fr/catalog/category/${category.id}/${encodeURIComponent(category.slug)}`,
    content: `/fr/${encodeURIComponent(contentPage.slug)}`,
    newsList: '/fr/news',
    newsPost: `/fr/news/${encodeURIComponent(post.slug)}`,
    newsCategory: `/fr/news/category/${encodeURIComponent(newsCategory.slug)}`,
    faq: '/fr/faq',
    faqCategory: `/fr/faq/${encodeURIComponent(faqCategory.slug)}`,
    projects: '/fr/projects',
    project: `/fr/projects/${encodeURIComponent(project.slug)}`,
    projectCategory: `/fr/projects/category/${encodeURIComponent(projectCategory.slug)}`,
  };
}

describe('every indexable page type', () => {
  let pages: Record<string, string>;
  beforeAll(async () => {
    pages = await samplePages();
  });

  it('names itself by exactly one canonical link and is not noindex', async () => {
    for (const path of Object.values(pages)) {
      const root = await page(path);
      const canonicals = attributesOf(root, 'link[rel="canonical"]', 'href');
      expect({ path, canonicals: canonicals.map((href) => pathOf(href!)) }).toEqual({ path, canonicals: [path] });
      expect(root.querySelector('meta[name="robots"]')).toBeNull();
    }
  });

  it('lists each culture own address as an hreflang alternate plus x-default, each answering 200 with itself as canonical', async () => {
    for (const path of Object.values(pages)) {
      const root = await page(path);
      const alternates = root.querySelectorAll('link[rel="alternate"][hreflang]').map((link) => [link.getAttribute('hreflang')!, link.getAttribute('href')!] as const);
      expect(alternates.map(([hreflang]) => hreflang).sort()).toEqual([...cultures, 'x-default'].sort());
      expect(alternates.find(([hreflang]) => hreflang === 'x-default')![1]).toBe(alternates.find(([hreflang]) => hreflang === 'fr')![1]);
      for (const [hreflang, href] of alternates.filter(([culture]) => culture !== 'x-default' && culture !== 'fr')) {
        const other = await page(pathOf(href));
        expect({ path, hreflang, canonical: attributeOf(other, 'link[rel="canonical"]', 'href') }).toEqual({ path, hreflang, canonical: href });
        expect(attributeOf(other, 'html', 'lang')).toBe(hreflang);
      }
    }
  });

  it('has a meta description and Open Graph and Twitter card data, none empty', async () => {
    for (const path of Object.values(pages)) {
      const root = await page(path);
      const content = (selector: string) => root.querySelector(selector)?.getAttribute('content')?.trim() ?? '';
      for (const selector of ['meta[name="description"]', 'meta[property="og:title"]', 'meta[property="og:description"]', 'meta[property="og:url"]', 'meta[property="og:image"]', 'meta[property="og:type"]', 'meta[name="twitter:card"]']) {
        expect({ path, selector, empty: content(selector) === '' }).toEqual({ path, selector, empty: false });
      }
      expect(content('meta[property="og:locale"]')).toBe('fr_FR');
      expect(attributesOf(root, 'meta[property="og:locale:alternate"]', 'content').sort()).toEqual(['de_DE', 'es_ES', 'it_IT', 'nl_NL', 'pt_PT']);
      expect(pathOf(content('meta[property="og:url"]'))).toBe(path);
      const image = await get(pathOf(content('meta[property="og:image"]')));
      expect({ path, image: image.status, type: image.headers['content-type'] }).toEqual({ path, image: 200, type: expect.stringMatching(/^image\//) });
    }
  });

  it('gives JSON-LD by type: Organization and WebSite with a SearchAction on the home page', async () => {
    const blocks = jsonLdOf(await page(pages.home));
    expect(blocks.map((block) => block['@type']).sort()).toEqual(['Organization', 'WebSite']);
    const site = blocks.find((block) => block['@type'] === 'WebSite') as { potentialAction: { '@type': string; target: { urlTemplate: string }; 'query-input': string } };
    expect(site.potentialAction['@type']).toBe('SearchAction');
    expect(site.potentialAction['query-input']).toBe('required name=search_term_string');
    const search = await get(pathOf(site.potentialAction.target.urlTemplate.replace('{search_term_string}', 'chemise')));
    expect(search.status).toBe(200);
  });

  it('gives a BreadcrumbList on category, product and content pages whose items answer 200', async () => {
    for (const key of ['category', 'product', 'content', 'newsPost']) {
      const blocks = jsonLdOf(await page(pages[key]));
      const trail = blocks.find((block) => block['@type'] === 'BreadcrumbList') as { itemListElement: { position: number; name: string; item: string }[] };
      expect({ key, trail: Boolean(trail) }).toEqual({ key, trail: true });
      expect(trail.itemListElement.map((item) => item.position)).toEqual(trail.itemListElement.map((_, index) => index + 1));
      expect(pathOf(trail.itemListElement.at(-1)!.item)).toBe(pages[key]);
      for (const item of trail.itemListElement) {
        expect(item.name.length).toBeGreaterThan(0);
        expect((await get(pathOf(item.item))).status).toBe(200);
      }
    }
  });

  it('keeps the product page Product data and gives news posts an Article', async () => {
    expect(typesOf(await page(pages.product))).toEqual(expect.arrayContaining(['Product', 'BreadcrumbList']));
    const article = jsonLdOf(await page(pages.newsPost)).find((block) => block['@type'] === 'Article') as Record<string, unknown>;
    expect(article.headline).toEqual(expect.any(String));
    expect(pathOf(article.url as string)).toBe(pages.newsPost);
    expect(Date.parse(article.datePublished as string)).not.toBeNaN();
    expect((article.image as string[]).length).toBe(1);
  });

  it('points the culture widget at the same hrefs as the alternates (no redirect on a switch)', async () => {
    for (const key of ['product', 'category', 'newsPost', 'project', 'content']) {
      const root = await page(pages[key]);
      const alternates = new Map(root.querySelectorAll('link[rel="alternate"][hreflang]').map((link) => [link.getAttribute('hreflang'), pathOf(link.getAttribute('href')!)]));
      for (const link of root.querySelectorAll('[data-culture-widget] a[data-culture]')) {
        expect({ key, href: link.getAttribute('href') }).toEqual({ key, href: alternates.get(link.getAttribute('data-culture')!) });
      }
      const fragment = parseHtml((await get(`/fr/widget/culture?url=${encodeURIComponent(pages[key])}`)).text);
      expect(attributesOf(fragment, 'a[data-culture]', 'href')).toEqual(cultures.map((culture) => alternates.get(culture)));
    }
  });
});

describe('pages that are not indexed', () => {
  const robotsOf = (root: Html) => root.querySelector('meta[name="robots"]')?.getAttribute('content');

  it('says noindex and has no canonical or alternates on search, filtered and sorted lists', async () => {
    const category = await testApp.db.selectFrom('categories').innerJoin('category_translations as t', 't.category_id', 'categories.id').select(['id', 't.slug']).where('t.culture', '=', 'fr').where('parent_id', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    for (const path of ['/fr/catalog?q=chemise', `/fr/catalog/category/${category.id}/${encodeURIComponent(category.slug)}?sort=price-asc`, '/fr/catalog?filter=%7B%22Brands%22%3A%5B1%5D%7D', '/fr/catalog?display=table', '/fr/catalog?pageSize=48']) {
      const answer = await get(path);
      const root = parseHtml(answer.text);
      expect({ path, status: answer.status, robots: robotsOf(root) }).toEqual({ path, status: 200, robots: 'noindex, follow' });
      expect(root.querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang]')).toHaveLength(0);
    }
  });

  it('indexes a later page of a list under its own canonical', async () => {
    const root = await page('/fr/catalog?pageindex=2');
    expect(robotsOf(root)).toBeUndefined();
    expect(pathOf(attributeOf(root, 'link[rel="canonical"]', 'href')!)).toBe('/fr/catalog?pageindex=2');
    expect(pathOf(attributeOf(root, 'link[rel="alternate"][hreflang="de"]', 'href')!)).toBe('/de/catalog?pageindex=2');
  });

  it('says noindex on error pages and private pages', async () => {
    const missing = await get('/fr/catalog/product/999999/none');
    expect(missing.status).toBe(404);
    expect(robotsOf(parseHtml(missing.text))).toBe('noindex, follow');
    expect(parseHtml(missing.text).querySelectorAll('link[rel="canonical"]')).toHaveLength(0);
    expect(robotsOf(await page('/fr/security/login'))).toBe('noindex, follow');
  });
});

describe('a page missing in a culture', () => {
  it('has no alternate there, and the culture widget sends that culture to its home page', async () => {
    const { db } = testApp;
    const posts = await db.selectFrom('news_posts').innerJoin('news_post_translations as t', 't.post_id', 'news_posts.id').select(['news_posts.id', 't.slug', 'status', 'publish_at', 'unpublish_at']).where('t.culture', '=', 'fr').orderBy('news_posts.id', 'desc').execute();
    const post = posts.find((row) => isVisibleRow(row, Date.now()))!;
    await db.deleteFrom('news_post_translations').where('post_id', '=', post.id).where('culture', '=', 'pt').execute();
    testApp.app.locals.pageCache.clear();
    const root = await page(`/fr/news/${encodeURIComponent(post.slug)}`);
    expect(attributesOf(root, 'link[rel="alternate"][hreflang]', 'hreflang').sort()).toEqual(['de', 'es', 'fr', 'it', 'nl', 'x-default']);
    expect(attributeOf(root, '[data-culture-widget] a[data-culture="pt"]', 'href')).toBe('/pt/');
    const sitemap = (await get('/sitemap-news.xml')).text;
    expect(sitemap).not.toContain(`/pt/news/${encodeURIComponent(post.slug)}<`);
  });
});

describe('robots.txt and the sitemaps', () => {
  const locs = (xml: string, tag: 'sitemap' | 'url') => parseHtml(xml).querySelectorAll(`${tag} > loc`).map((loc) => loc.text);

  it('robots.txt names the sitemap index and keeps crawlers out of private areas and searches', async () => {
    const answer = await get('/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    const lines = answer.text.split('\n');
    expect(pathOf(lines.find((line) => line.startsWith('Sitemap: '))!.slice('Sitemap: '.length))).toBe('/sitemap.xml');
    for (const rule of ['Disallow: /*/account/', 'Disallow: /*/checkout/', 'Disallow: /*/shoppingcarts$', 'Disallow: /*/backoffice/', 'Disallow: /*/catalog?q=', 'Disallow: /api/']) {
      expect(lines).toContain(rule);
    }
  });

  it('/sitemap.xml is an index over products, categories, pages, news, FAQ and projects', async () => {
    const answer = await get('/sitemap.xml');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/xml/);
    const files = locs(answer.text, 'sitemap').map(pathOf);
    expect(files).toEqual(expect.arrayContaining(['/sitemap-products-1.xml', '/sitemap-categories.xml', '/sitemap-pages.xml', '/sitemap-news.xml', '/sitemap-faq.xml', '/sitemap-projects.xml']));
  });

  it('every sitemap lists each address in every culture with every culture as an alternate; a sample per file answers 200', async () => {
    const files = locs((await get('/sitemap.xml')).text, 'sitemap').map(pathOf);
    for (const file of files) {
      const answer = await get(file);
      expect({ file, status: answer.status }).toEqual({ file, status: 200 });
      const urls = parseHtml(answer.text).querySelectorAll('url');
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) {
        const loc = url.querySelector('loc')!.text;
        const alternates = url.querySelectorAll('xhtml\\:link').map((link) => link.getAttribute('href'));
        expect({ loc, self: alternates.includes(loc) }).toEqual({ loc, self: true });
      }
      const cultureCount = new Set(urls.map((url) => pathOf(url.querySelector('loc')!.text).split('/')[1]));
      expect([...cultureCount].sort()).toEqual([...cultures].sort());
      const sample = [urls[0], urls[Math.floor(urls.length / 2)], urls.at(-1)!];
      for (const url of sample) {
        for (const href of url.querySelectorAll('xhtml\\:link').map((link) => link.getAttribute('href')!)) {
          expect({ href, status: (await get(pathOf(href))).status }).toEqual({ href, status: 200 });
        }
      }
    }
  });

  it('leaves drafts and unpublished things out', async () => {
    const drafts = await testApp.db.selectFrom('news_posts').innerJoin('news_post_translations as t', 't.post_id', 'news_posts.id').select('t.slug').where('status', '=', 'draft').execute();
    const news = locs((await get('/sitemap-news.xml')).text, 'url').map(pathOf);
    for (const draft of drafts) expect(news).not.toContain(`/fr/news/${encodeURIComponent(draft.slug)}`);
    const inactive = await testApp.db.selectFrom('categories').select('id').where('is_active', '=', 0).execute();
    const categories = locs((await get('/sitemap-categories.xml')).text, 'url').map(pathOf);
    for (const category of inactive) expect(categories.some((path) => path.includes(`/catalog/category/${category.id}/`))).toBe(false);
  });

  it('an unknown sitemap is a 404', async () => {
    expect((await get('/sitemap-nothing.xml')).status).toBe(404);
  });
});

describe('favicon set and web app manifest', () => {
  it('links the icons and the manifest from the head; each answers', async () => {
    const root = await page('/fr/');
    const links = root.querySelectorAll('link[rel="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]').map((link) => link.getAttribute('href')!);
    expect(links).toHaveLength(4);
    for (const href of links) expect({ href, status: (await get(href)).status }).toEqual({ href, status: 200 });
    expect(attributeOf(root, 'meta[name="theme-color"]', 'content')).toBe('#0b5cad');
  });

  it('the manifest names the shop in the culture with its icons and theme colour', async () => {
    const answer = await get('/nl/manifest.webmanifest');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(answer.text);
    expect(manifest).toMatchObject({ lang: 'nl', start_url: '/nl/', theme_color: '#0b5cad' });
    expect(manifest.name.length).toBeGreaterThan(0);
    const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) expect((await get(icon.src)).headers['content-type']).toMatch(/^image\//);
  });
});

describe('under BASE_PATH=/shop', () => {
  const shop = useTestApp({ BASE_PATH: '/shop' });

  it('names the canonical, the alternates, the widget links and the sitemap entries under /shop', async () => {
    const product = await shop.db.selectFrom('product_translations').select(['product_id', 'slug']).where('culture', '=', 'fr').orderBy('product_id').executeTakeFirstOrThrow();
    const path = `/shop/fr/catalog/product/${product.product_id}/${encodeURIComponent(product.slug)}`;
    const answer = await request(shop.app).get(path).set('Host', 'shop.example');
    expect(answer.status).toBe(200);
    const root = parseHtml(answer.text);
    expect(attributeOf(root, 'link[rel="canonical"]', 'href')).toBe(`http://shop.example${path}`);
    const alternates = attributesOf(root, 'link[rel="alternate"][hreflang]', 'href');
    expect(alternates).toHaveLength(cultures.length + 1);
    expect(alternates.every((href) => href!.startsWith('http://shop.example/shop/'))).toBe(true);
    expect(attributesOf(root, '[data-culture-widget] a', 'href').every((href) => href!.startsWith('/shop/'))).toBe(true);
    const robots = (await request(shop.app).get('/shop/robots.txt').set('Host', 'shop.example')).text;
    expect(robots).toContain('Sitemap: http://shop.example/shop/sitemap.xml');
    const sitemap = (await request(shop.app).get('/shop/sitemap-faq.xml').set('Host', 'shop.example')).text;
    expect(parseHtml(sitemap).querySelectorAll('url > loc').every((loc) => loc.text.startsWith('http://shop.example/shop/'))).toBe(true);
  });
});
