// The content half's small gaps: one CSRF stand-in for kept pages and widgets (server/http/security.ts),
// site-level widgets asked with ?culture= kept by the page cache, one "lists holding a variant" query
// for wishlists and birth lists, the contact-form block's heading under its page's h1, the project
// gallery's lightbox markup, and FAQ anchors of another culture's page.
import request from 'supertest';
import { listsHoldingVariant } from '../../server/wishlists/data';
import { csrfStandIn, withCsrfToken } from '../../server/http/security';
import { listPageBlocks, pageIdOf } from '../../server/content/blocks-data';
import { useListeningServer, useTestApp } from '../support/app';
import { attributeOf, attributesOf, csrfTokenOf, parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { createAccount } from './accounts-helpers';
import { plainVariant } from './cart-helpers';

const testApp = useTestApp();
const listening = useListeningServer(testApp);

async function contactBlockId(): Promise<number> {
  const pageId = await pageIdOf(testApp.db, 'about');
  const blocks = await listPageBlocks(testApp.db, { pageId: pageId!, culture: 'fr' });
  return blocks.find((block) => block.type === 'contact-form')!.id;
}

const cookieOf = (answer: request.Response) => ((answer.headers['set-cookie'] as unknown as string[] | undefined) ?? []).map((cookie) => cookie.split(';')[0]!);

describe('one CSRF stand-in (server/http/security.ts)', () => {
  it('puts the token in only where the stand-in was printed, and reads it only then', () => {
    const token = jest.fn(() => 'visitor-token');
    expect(withCsrfToken('<p>news</p>', token)).toBe('<p>news</p>');
    expect(token).not.toHaveBeenCalled();
    expect(withCsrfToken(`<input value="${csrfStandIn}"><input value="${csrfStandIn}">`, token)).toBe('<input value="visitor-token"><input value="visitor-token">');
    expect(token).toHaveBeenCalledTimes(1);
  });
});

describe('site-level widgets asked with ?culture=, kept by the page cache', () => {
  beforeEach(() => testApp.app.locals.pageCache.clear());

  const faqPath = async () => {
    const ids = (await testApp.db.selectFrom('faq_categories').select('id').where('status', '=', 'published').orderBy('position').execute()).map((row) => row.id);
    return `/widget/faq/${ids.slice(0, 2).join(',')}`;
  };
  const retitleFaq = (question: string) =>
    testApp.db.updateTable('faq_entry_translations').set({ question }).where('culture', '=', 'fr').where('anchor', '=', 'quel-est-le-delai-de-livraison').execute();

  it('renders the FAQ widget once for everyone in that culture, the culture in the key', async () => {
    const path = await faqPath();
    const first = await request(listening()).get(path).query({ culture: 'fr' });
    expect(first.status).toBe(200);
    // A fragment without a form reads no token: no cookie, beside its public Cache-Control.
    expect(cookieOf(first)).toEqual([]);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const original = textOf(parseHtml(first.text), '#quel-est-le-delai-de-livraison summary');
    await retitleFaq('Changé pendant qu’elle est gardée');
    try {
      const again = await request(listening()).get(path).query({ culture: 'fr' });
      expect(again.text).toBe(first.text);
      const dutch = await request(listening()).get(path).query({ culture: 'nl' });
      expect(dutch.status).toBe(200);
      expect(parseHtml(dutch.text).querySelector('details#quel-est-le-delai-de-livraison')).toBeNull();
      testApp.app.locals.pageCache.clear();
      expect(textOf(parseHtml((await request(listening()).get(path).query({ culture: 'fr' })).text), '#quel-est-le-delai-de-livraison summary')).toBe('Changé pendant qu’elle est gardée');
    } finally {
      await retitleFaq(original);
    }
  });

  it('keeps nothing without ?culture= (the culture then comes from the Referer or Accept-Language)', async () => {
    const path = await faqPath();
    const frenchFirst = await request(listening()).get(path).set('Accept-Language', 'fr');
    expect(frenchFirst.status).toBe(200);
    const original = textOf(parseHtml(frenchFirst.text), '#quel-est-le-delai-de-livraison summary');
    await retitleFaq('Renommée, pas gardée');
    try {
      const after = await request(listening()).get(path).set('Accept-Language', 'fr');
      expect(textOf(parseHtml(after.text), '#quel-est-le-delai-de-livraison summary')).toBe('Renommée, pas gardée');
    } finally {
      await retitleFaq(original);
    }
  });

  it('answers a returning visitor at the front door, each with their own token in the contact form block', async () => {
    const path = `/widget/page/about/block/${await contactBlockId()}?culture=fr`;
    const first = await request(listening()).get(path);
    expect(first.status).toBe(200);
    const firstCookie = cookieOf(first).find((cookie) => cookie.startsWith('csrf='))!;
    const firstToken = attributeOf(parseHtml(first.text), 'input[name="_csrf"]', 'value');
    expect(first.text).not.toContain(csrfStandIn);
    const second = await request(listening()).get(path);
    const secondCookie = cookieOf(second).find((cookie) => cookie.startsWith('csrf='))!;
    const secondToken = attributeOf(parseHtml(second.text), 'input[name="_csrf"]', 'value');
    expect(secondToken).not.toBe(firstToken);
    expect(second.text).not.toContain(csrfStandIn);
    await testApp.app.locals.pageCache.settled();
    const routed = jest.spyOn(testApp.app.router as unknown as { handle: () => void }, 'handle');
    try {
      const returning = await request(listening()).get(path).set('Cookie', firstCookie);
      expect(routed).not.toHaveBeenCalled();
      expect(returning.status).toBe(200);
      expect(attributeOf(parseHtml(returning.text), 'input[name="_csrf"]', 'value')).toBe(firstToken);
      const other = await request(listening()).get(path).set('Cookie', secondCookie);
      expect(attributeOf(parseHtml(other.text), 'input[name="_csrf"]', 'value')).toBe(secondToken);
    } finally {
      routed.mockRestore();
    }
  });
});

describe('the lists holding a variant: one query for wishlists and birth lists', () => {
  it('answers each kind of list its own lines, with the quantity wished, for their owner only', async () => {
    const userId = await createAccount(testApp, { email: 'holding-lists@example.com', password: 'Holding-Lists-2026' });
    const otherId = await createAccount(testApp, { email: 'holding-lists-other@example.com', password: 'Holding-Lists-2026' });
    const variant = await plainVariant(testApp.db, {});
    const now = Date.now();
    const { db } = testApp;
    const wishlist = await db.insertInto('wishlists').values({ user_id: userId, name: 'Wishes', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    const birthList = await db
      .insertInto('birth_lists')
      .values({ user_id: userId, token: 'holding-lists-token-0001', child_name: 'Léa', birth_date: '2026-03-14', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('wishlist_items').values({ wishlist_id: wishlist.id, variant_id: variant.id, quantity: 2, created_at: now }).execute();
    await db.insertInto('birth_list_items').values({ birth_list_id: birthList.id, variant_id: variant.id, quantity: 5, created_at: now }).execute();
    expect([...(await listsHoldingVariant(db, { kind: 'wishlists', userId, variantId: variant.id }))]).toEqual([[wishlist.id, 2]]);
    expect([...(await listsHoldingVariant(db, { kind: 'birthLists', userId, variantId: variant.id }))]).toEqual([[birthList.id, 5]]);
    expect((await listsHoldingVariant(db, { kind: 'birthLists', userId: otherId, variantId: variant.id })).size).toBe(0);
  });
});

describe('the contact-form block inside a content page', () => {
  it('titles the form with an h2 under the page’s one h1, on the page and in its fragment', async () => {
    const html = parseHtml((await request(testApp.app).get('/de/about?pageindex=3')).text);
    expect(html.querySelectorAll('h1').length).toBe(1);
    expect(textOf(html, '.content-block-contact-form h2')).toBe(resource('de', 'Contact.Title'));
    const fragment = parseHtml((await request(testApp.app).get(`/widget/page/about/block/${await contactBlockId()}`).query({ culture: 'de' })).text);
    expect(fragment.querySelector('h1')).toBeNull();
    expect(textOf(fragment, 'h2')).toBe(resource('de', 'Contact.Title'));
  });

  it('keeps the h2 in the answer its ajax form swaps in, and the contact page its h1', async () => {
    const agent = request.agent(testApp.app);
    const page = parseHtml((await agent.get('/fr/contact/form')).text);
    expect(textOf(page, '#contact-page h1')).toBe(resource('fr', 'Contact.Title'));
    const answer = await agent.post('/fr/contact/form').set('HX-Request', 'true').set('HX-Target', 'contact-page').type('form')
      .send({ _csrf: csrfTokenOf(page), _in: 'block', Name: '' });
    expect(answer.status).toBe(400);
    const region = parseHtml(answer.text);
    expect(region.querySelector('h1')).toBeNull();
    expect(textOf(region, '#contact-page h2')).toBe(resource('fr', 'Contact.Title'));
    expect(attributeOf(region, 'input[name="_in"]', 'value')).toBe('block');
  });
});

describe('the project gallery', () => {
  it('opens each picture in the lightbox, as a content page’s gallery, at its large rendition', async () => {
    const project = await testApp.db
      .selectFrom('projects as p')
      .innerJoin('project_translations as t', 't.project_id', 'p.id')
      .where('t.culture', '=', 'fr')
      .where('p.status', '=', 'published')
      .orderBy('p.position')
      .select(['t.slug'])
      .executeTakeFirstOrThrow();
    const html = parseHtml((await request(testApp.app).get(`/fr/projects/${project.slug}`)).text);
    const gallery = html.querySelector('.projects-gallery[data-content-gallery]')!;
    expect(gallery).not.toBeNull();
    expect(gallery.getAttribute('data-lightbox-css')).toMatch(/\.css$/);
    expect(JSON.parse(gallery.getAttribute('data-lightbox-labels')!).close).toBe(resource('fr', 'Core.Close'));
    expect(gallery.querySelector('[data-gallery-slides]')).not.toBeNull();
    const items = attributesOf(gallery, '[data-content-gallery-item]', 'data-content-gallery-item');
    expect(items).toEqual(items.map((_, index) => String(index)));
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(attributesOf(gallery, '[data-content-gallery-item]', 'data-alt').every(Boolean)).toBe(true);
  });
});

describe('FAQ anchors of another culture', () => {
  it('names every entry by its own culture’s anchor, and answers another culture’s anchor of it too', async () => {
    const html = parseHtml((await request(testApp.app).get('/nl/faq')).text);
    const french = await testApp.db
      .selectFrom('faq_entry_translations')
      .select(['entry_id', 'anchor'])
      .where('culture', '=', 'fr')
      .where('anchor', '=', 'quel-est-le-delai-de-livraison')
      .executeTakeFirstOrThrow();
    const dutch = await testApp.db.selectFrom('faq_entry_translations').select('anchor').where('culture', '=', 'nl').where('entry_id', '=', french.entry_id).executeTakeFirstOrThrow();
    expect(html.querySelector('details#quel-est-le-delai-de-livraison')).toBeNull();
    expect(dutch.anchor).not.toBe(french.anchor);
    const alias = html.querySelector('#quel-est-le-delai-de-livraison')!;
    expect(alias.getAttribute('class')).toBe('faq-alias');
    expect(alias.parentNode!.getAttribute('id')).toBe(dutch.anchor);
    const ids = attributesOf(html, '[id]', 'id');
    expect(new Set(ids).size).toBe(ids.length);
  });
});
