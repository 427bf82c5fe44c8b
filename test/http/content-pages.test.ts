// Issue 21 items 1, 6, 8, 9: pages composed of widget blocks, their fragments, publishing, sanitising,
// pagination and the home page's links.
import request from 'supertest';
import { cultures } from '../../server/config';
import { listPageBlocks, pageIdOf, setPagePublishing } from '../../server/content/blocks-data';
import { addPageBlock } from '../../server/content/blocks/write';
import { BadInput } from '../../server/http/errors';
import { attributeOf, attributesOf, type Html, parseHtml, textOf, textsOf } from '../support/html';
import { useTestApp } from '../support/app';
import { resource } from '../support/resources';

const testApp = useTestApp();

async function page(url: string, status = 200): Promise<Html> {
  const answer = await request(testApp.app).get(url);
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^text\/html/);
  return parseHtml(answer.text);
}

async function blockIds(pageKey: string, culture: (typeof cultures)[number] = 'fr') {
  const pageId = (await pageIdOf(testApp.db, pageKey))!;
  return (await listPageBlocks(testApp.db, { pageId, culture })).map((block) => ({ id: block.id, type: block.type }));
}

const ownedTypes = ['banner', 'rich-text', 'image', 'collapses', 'gallery', 'video', 'product-carousel'];

describe('the about page, composed of blocks', () => {
  it.each([...cultures])('renders its first page of blocks in %s, with the pagination', async (culture) => {
    const answer = await request(testApp.app).get(`/${culture}/about`);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    const html = parseHtml(answer.text);
    const types = attributesOf(html, '.content-block', 'class').map((name) => name!.replace(/.*content-block-/, ''));
    expect(types).toEqual(ownedTypes);
    expect(attributeOf(html, '.content-image img', 'alt')).not.toBe('');
    expect(attributeOf(html, '.content-image img', 'srcset')).toMatch(/^\/assets\/\d+\/480x270\/about-workshop\.jpg\?key=[\w-]{16} 480w, /);
    expect(attributesOf(html, '.content-gallery-grid img', 'alt').every((alt) => alt && alt.length > 3)).toBe(true);
    expect(attributesOf(html, '.content-gallery-grid a', 'href').every((href) => /^\/assets\/\d+\/1200x1200\//.test(href!))).toBe(true);
    expect(html.querySelectorAll('.content-collapses details').length).toBe(6);
    expect(html.querySelectorAll('.content-collapses details[open]').length).toBe(1);
    expect(html.querySelectorAll('.content-carousel .product-card').length).toBeGreaterThan(3);
    expect(attributeOf(html, '.content-banner a', 'href')).toBe(`/${culture}/catalog`);
    expect(attributeOf(html, 'nav.pagination', 'data-total-pages')).toBe('3');
    expect(attributeOf(html, 'nav.pagination', 'data-current-pages')).toBe('1');
    expect(attributesOf(html, 'nav.pagination a', 'href')).toContain(`/${culture}/about?pageindex=2`);
    expect(answer.text).not.toMatch(/\bPages\.[A-Z]\w+/);
  });

  it('shows the projects grid and their map on its second page (?pageindex=2), through the projects widgets', async () => {
    const html = await page('/nl/about?pageindex=2');
    expect(attributesOf(html, '.content-block', 'class').map((name) => name!.replace(/.*content-block-/, ''))).toEqual(['projects-grid', 'map']);
    const projects = html.querySelectorAll('.content-projects .project-card');
    expect(projects.length).toBeGreaterThan(0);
    expect(html.querySelectorAll('.content-map .map-place').length).toBe(projects.length);
    expect(attributeOf(html, '.content-projects .project-card-title a', 'href')).toMatch(/^\/nl\/projects\//);
    expect(attributeOf(html, 'nav.pagination', 'data-current-pages')).toBe('2');
    expect(html.querySelector('.page-body')).toBeNull();
  });

  it('shows the FAQ and the contact form on its third page, the form posting to the contact form address', async () => {
    const html = await page('/de/about?pageindex=3');
    expect(attributesOf(html, '.content-block', 'class').map((name) => name!.replace(/.*content-block-/, ''))).toEqual(['rich-text', 'faq', 'contact-form']);
    expect(html.querySelectorAll('.content-faq details.faq-entry').length).toBeGreaterThan(1);
    expect(attributeOf(html, '.content-faq a[href="/de/faq"]', 'href')).toBe('/de/faq');
    expect(attributeOf(html, '.content-block-contact-form form', 'action')).toBe('/de/contact/form');
    expect(attributeOf(html, '.content-block-contact-form [name="_csrf"]', 'value')).toBe(attributeOf(html, 'meta[name="csrf-token"]', 'content'));
    expect(attributeOf(html, 'nav.pagination', 'data-current-pages')).toBe('3');
  });

  it('answers a page number past the last with a 404 and a bad one with a localised 400', async () => {
    await page('/fr/about?pageindex=4', 404);
    for (const bad of ['0', 'x', '-1', '1.5']) {
      const html = await page(`/es/about?pageindex=${bad}`, 400);
      expect(textOf(html, '.error-page p')).toBe(resource('es', 'Catalog.InvalidParameter'));
    }
  });

  it('plays its video from a poster link without JavaScript, youtube-nocookie in the dialog', async () => {
    const html = await page('/it/about');
    expect(attributeOf(html, '[data-video-open]', 'href')).toBe('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
    expect(attributeOf(html, '[data-video]', 'data-video-embed')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0');
    expect(html.querySelector('[data-video] iframe')).toBeNull();
    expect(textOf(html, '[data-video-consent] p')).toBe(resource('it', 'Pages.Video.ConsentNeeded').replace('{{provider}}', 'YouTube'));
  });
});

describe('GET {site}/widget/page/{pageKey}/block/{id}', () => {
  it('answers every block alone: the very fragment the page includes', async () => {
    const pages = await Promise.all(['/nl/about', '/nl/about?pageindex=2', '/nl/about?pageindex=3'].map(async (url) => parseHtml((await request(testApp.app).get(url)).text)));
    for (const { id, type } of (await blockIds('about')).filter((block) => block.type !== 'page-break')) {
      const pageHtml = pages.find((html) => html.querySelector(`#block-${id}`))!;
      const answer = await request(testApp.app).get(`/widget/page/about/block/${id}`).query({ culture: 'nl' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['cache-control']).toBe('private, no-cache');
      expect(answer.text).not.toMatch(/<html|<body/);
      const fragment = parseHtml(answer.text);
      expect(attributeOf(fragment, `#block-${id}`, 'class')).toBe(`content-block content-block-${type}`);
      expect(textOf(fragment, `#block-${id}`)).toBe(textOf(pageHtml, `#block-${id}`));
    }
  });

  it('answers the contact form block, and in the culture of the {culture} address too', async () => {
    const contact = (await blockIds('about')).find((block) => block.type === 'contact-form')!;
    const fragment = parseHtml((await request(testApp.app).get(`/pt/widget/page/about/block/${contact.id}`)).text);
    expect(attributeOf(fragment, 'form.contact-form', 'action')).toBe('/pt/contact/form');
    // Under the page's own h1, the block's title is an h2 (one h1 per page).
    expect(textOf(fragment, 'h2')).toBe(resource('pt', 'Contact.Title'));
  });

  it('answers a malformed address with a localised 400, an unknown block or page with a 404', async () => {
    const [first] = await blockIds('about');
    for (const url of [`/widget/page/about/block/abc`, `/widget/page/about/block/0`, `/widget/page/About%20Us/block/${first.id}`]) {
      const answer = await request(testApp.app).get(url).query({ culture: 'de' });
      expect(answer.status).toBe(400);
      expect(textOf(parseHtml(answer.text), '.error-page p')).toBe(resource('de', 'Pages.InvalidBlockAddress'));
    }
    const pageBreak = (await blockIds('about')).find((block) => block.type === 'page-break')!;
    for (const url of ['/widget/page/about/block/999999', `/widget/page/legal/block/${first.id}`, `/widget/page/nowhere/block/${first.id}`, `/widget/page/about/block/${pageBreak.id}`]) {
      expect((await request(testApp.app).get(url)).status).toBe(404);
    }
  });
});

describe('publishing', () => {
  afterEach(async () => setPagePublishing(testApp.db, { pageId: (await pageIdOf(testApp.db, 'legal'))!, status: 'published' }));

  it('answers a draft, a future and an expired page with a 404, its blocks too, and shows it again once published', async () => {
    const pageId = (await pageIdOf(testApp.db, 'legal'))!;
    const blockId = await addPageBlock(testApp.db, { pageId, position: 0, type: 'rich-text', settings: {}, texts: { fr: { html: '<p>Conditions</p>' } } });
    // The first visit is kept by the page cache: each change below must drop it to show.
    expect(attributesOf(await page('/fr/legal'), '#main-navigation a', 'href')).toContain('/fr/legal');
    const hour = 3_600_000;
    for (const state of [{ status: 'draft' as const }, { status: 'published' as const, publishAt: Date.now() + hour }, { status: 'published' as const, unpublishAt: Date.now() - hour }]) {
      await setPagePublishing(testApp.db, { pageId, ...state });
      await page('/fr/legal', 404);
      expect(attributesOf(await page('/fr/about'), '#main-navigation a', 'href')).not.toContain('/fr/legal');
      expect((await request(testApp.app).get(`/widget/page/legal/block/${blockId}?culture=fr`)).status).toBe(404);
    }
    await setPagePublishing(testApp.db, { pageId, status: 'published', publishAt: Date.now() - hour, unpublishAt: Date.now() + hour });
    expect(textOf(await page('/fr/legal'), '.content-block-rich-text')).toBe('Conditions');
  });
});

describe('blocks on the way in and out', () => {
  const hostile = '<p onclick="steal()">Hello <script>alert(1)</script><a href="javascript:alert(2)">link</a><img src=x onerror="alert(3)"></p>';

  it('sanitises rich text when stored, and never trusts what is stored', async () => {
    const pageId = (await pageIdOf(testApp.db, 'contact'))!;
    const blockId = await addPageBlock(testApp.db, { pageId, position: 1, type: 'rich-text', settings: {}, texts: { fr: { html: hostile } } });
    const stored = await testApp.db.selectFrom('page_block_translations').select('texts').where('block_id', '=', blockId).executeTakeFirstOrThrow();
    expect(stored.texts).not.toMatch(/script|onclick|onerror|javascript:/);
    // A row written past the way in (an old import, a hand edit) still never reaches a visitor as code.
    await testApp.db.updateTable('page_block_translations').set({ texts: JSON.stringify({ html: hostile }) }).where('block_id', '=', blockId).execute();
    const answer = await request(testApp.app).get(`/widget/page/contact/block/${blockId}?culture=fr`);
    expect(answer.status).toBe(200);
    expect(answer.text).not.toMatch(/<script|onclick|onerror|javascript:/);
    expect(textOf(parseHtml(answer.text), '.rich-text')).toBe('Hello link');
  });

  it('refuses an unknown type, bad settings or bad texts with a 400 and writes nothing', async () => {
    const pageId = (await pageIdOf(testApp.db, 'contact'))!;
    const count = async () => (await testApp.db.selectFrom('page_blocks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    const bad = [
      { type: 'marquee', settings: {}, texts: {} },
      { type: 'video', settings: { provider: 'youtube', videoId: 'not a video id', posterAssetId: 1 }, texts: { fr: { title: 'Film' } } },
      { type: 'product-carousel', settings: { categoryId: 1, productIds: [1] }, texts: { fr: { title: 'Both' } } },
      { type: 'banner', settings: { assetId: 1, link: '//evil.example' }, texts: { fr: { title: 'T', action: 'Go' } } },
      { type: 'image', settings: { assetId: 1 }, texts: { fr: { alt: '' } } },
    ];
    for (const block of bad) await expect(addPageBlock(testApp.db, { pageId, position: 9, ...block })).rejects.toBeInstanceOf(BadInput);
    expect(Number(await count())).toBe(before);
  });

  it('leaves out a stored block that fails its schema instead of failing the page', async () => {
    const pageId = (await pageIdOf(testApp.db, 'contact'))!;
    const kept = await addPageBlock(testApp.db, { pageId, position: 2, type: 'rich-text', settings: {}, texts: { fr: { html: '<p>Kept</p>' } } });
    const blockId = await addPageBlock(testApp.db, { pageId, position: 3, type: 'rich-text', settings: {}, texts: { fr: { html: '<p>Broken</p>' } } });
    await testApp.db.updateTable('page_blocks').set({ settings: '{not json' }).where('id', '=', blockId).execute();
    const html = await page('/fr/contact');
    expect(textOf(html, `#block-${kept}`)).toBe('Kept');
    expect(html.querySelector(`#block-${blockId}`)).toBeNull();
    expect((await request(testApp.app).get(`/widget/page/contact/block/${blockId}?culture=fr`)).status).toBe(404);
  });

  it('renders a Vimeo video (dnt) and a carousel of chosen products, each through its fragment', async () => {
    const pageId = (await pageIdOf(testApp.db, 'legal'))!;
    const video = await addPageBlock(testApp.db, { pageId, position: 5, type: 'video', settings: { provider: 'vimeo', videoId: '76979871', posterAssetId: 1 }, texts: { es: { title: 'Taller' } } });
    const carousel = await addPageBlock(testApp.db, { pageId, position: 6, type: 'product-carousel', settings: { productIds: [3, 1, 2] }, texts: { es: { title: 'Elegidos' } } });
    const videoHtml = parseHtml((await request(testApp.app).get(`/es/widget/page/legal/block/${video}`)).text);
    expect(attributeOf(videoHtml, '[data-video-open]', 'href')).toBe('https://vimeo.com/76979871');
    expect(attributeOf(videoHtml, '[data-video]', 'data-video-embed')).toBe('https://player.vimeo.com/video/76979871?autoplay=1&dnt=1');
    const carouselHtml = parseHtml((await request(testApp.app).get(`/es/widget/page/legal/block/${carousel}`)).text);
    expect(attributesOf(carouselHtml, '.product-card', 'data-product-id')).toEqual(['3', '1', '2']);
    expect(textOf(carouselHtml, '.content-carousel h2')).toBe('Elegidos');
  });
});

describe('collapses laid out as tabs', () => {
  it('renders links to every panel, the panel of the first open item marked shown, through the page and the fragment', async () => {
    const pageId = (await pageIdOf(testApp.db, 'legal'))!;
    const texts = { fr: { title: 'Conditions', items: { sale: { title: 'Vente', html: '<p>Conditions de vente</p>' }, privacy: { title: 'Vie privée', html: '<p>Données</p>' } } } };
    const blockId = await addPageBlock(testApp.db, { pageId, position: 7, type: 'collapses', settings: { layout: 'tabs', items: [{ key: 'sale' }, { key: 'privacy', open: true }] }, texts });
    for (const html of [await page('/fr/legal'), parseHtml((await request(testApp.app).get(`/fr/widget/page/legal/block/${blockId}`)).text)]) {
      expect(attributesOf(html, `#block-${blockId} [data-content-tab]`, 'href')).toEqual(['#sale', '#privacy']);
      expect(textsOf(html, `#block-${blockId} [data-content-tab]`)).toEqual(['Vente', 'Vie privée']);
      expect(attributesOf(html, `#block-${blockId} .content-tab-panel`, 'id')).toEqual(['sale', 'privacy']);
      expect(attributeOf(html, `#block-${blockId} .content-tab-panel.active`, 'id')).toBe('privacy');
      expect(html.querySelector(`#block-${blockId} details`)).toBeNull();
    }
  });
});

describe('the home page links everywhere', () => {
  it.each([...cultures])('links to the news, the FAQ, the projects and every department in %s', async (culture) => {
    const html = await page(`/${culture}/`);
    expect(attributesOf(html, '.home-sections a', 'href')).toEqual([`/${culture}/news`, `/${culture}/faq`, `/${culture}/projects`]);
    expect(textsOf(html, '.home-sections a strong')).toEqual(['News', 'Faq', 'Projects'].map((key) => resource(culture, `Pages.Home.${key}`)));
    const departments = attributesOf(html, '.home-departments a', 'href');
    expect(departments.length).toBeGreaterThan(1);
    expect(departments.every((href) => new RegExp(`^/${culture}/catalog/category/\\d+/`).test(href!))).toBe(true);
    expect(attributesOf(html, '.home-departments img', 'src').every((src) => /^\/assets\/\d+\/320x320\//.test(src!))).toBe(true);
    for (const href of departments) expect((await request(testApp.app).get(href!)).status).toBe(200);
  });

  it('shows the latest news in a block, linking to every post and to all the news', async () => {
    const html = await page('/pt/');
    expect(textOf(html, '.content-news h2')).toBe('Últimas notícias');
    const posts = attributesOf(html, '.content-news .news-list-items a', 'href');
    expect(posts.length).toBeGreaterThan(0);
    for (const href of new Set(posts)) expect((await request(testApp.app).get(href!)).status).toBe(200);
    expect(html.querySelector('.content-news nav.pagination')).toBeNull();
    expect(attributeOf(html, '.content-news a[href="/pt/news"]', 'href')).toBe('/pt/news');
  });
});
