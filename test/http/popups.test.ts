import request from 'supertest';
import { createItem, type ItemInput } from '../../server/popups/data';
import { POPUP_MEMORY_COOKIE, POPUP_MEMORY_MAX_AGE_S } from '../../common/popup-memory';
import { useTestApp } from '../support/app';
import { attributeOf, attributesOf, csrfTokenOf, parseHtml, textOf, textsOf } from '../support/html';

const testApp = useTestApp();
const HOUR = 3_600_000;
const texts = (title: string, extra: Partial<{ text: string; linkUrl: string; linkLabel: string }> = {}) => ({ title, text: '', linkUrl: '', linkLabel: '', assetId: null, ...extra });

/** An item on show from an hour ago to an hour ahead, in French and Dutch, unless told otherwise. */
async function item(input: Partial<ItemInput>): Promise<number> {
  const now = Date.now();
  const id = await createItem(testApp.db, {
    input: {
      kind: 'banner', startsAt: now - HOUR, endsAt: now + HOUR, cultures: [], countdownEnd: null, dismissible: true,
      linkPageId: null, linkProductId: null, position: 0, texts: { fr: texts('Soldes'), nl: texts('Uitverkoop') }, ...input,
    },
  });
  testApp.app.locals.pageCache.clear();
  return id;
}

async function page(path: string, cookie?: string) {
  const call = request(testApp.app).get(path);
  const answer = await (cookie ? call.set('Cookie', cookie) : call);
  expect(answer.status).toBe(200);
  expect(answer.type).toBe('text/html');
  return parseHtml(answer.text);
}

afterEach(async () => {
  await testApp.db.deleteFrom('popup_translations').execute();
  await testApp.db.deleteFrom('popups').execute();
  testApp.app.locals.pageCache.clear();
});

describe('the current popups, banners and info bar', () => {
  it('shows an item inside its window, in its target cultures and translated, and nothing else', async () => {
    const now = Date.now();
    const banner = await item({ kind: 'banner', texts: { fr: texts('Soldes', { text: "Jusqu'à -50 %" }), nl: texts('Uitverkoop') } });
    await item({ kind: 'banner', startsAt: now + HOUR, endsAt: now + 2 * HOUR, texts: { fr: texts('Bientôt') } });
    await item({ kind: 'banner', startsAt: now - 2 * HOUR, endsAt: now - HOUR, texts: { fr: texts('Fini') } });
    await item({ kind: 'banner', cultures: ['nl'], texts: { fr: texts('Pour les Néerlandais'), nl: texts('Voor Nederland') } });
    const popup = await item({ kind: 'popup', texts: { fr: texts('Bienvenue', { text: 'Livraison offerte' }) } });
    await item({ kind: 'infobar', texts: { fr: texts('Info', { text: 'Livraison offerte dès 50 €' }) } });

    const fr = await page('/fr/about');
    expect(textsOf(fr, '[data-banner] .site-banner-title')).toEqual(['Soldes']);
    expect(attributeOf(fr, '[data-banner]', 'data-banner')).toBe(String(banner));
    expect(textOf(fr, '[data-banner] .site-banner-text')).toBe("Jusqu'à -50 %");
    expect(attributeOf(fr, 'dialog[data-popup]', 'data-popup')).toBe(String(popup));
    expect(attributeOf(fr, 'dialog[data-popup]', 'open')).toBe('');
    expect(textOf(fr, 'dialog[data-popup] .site-popup-title')).toBe('Bienvenue');
    expect(textOf(fr, '[data-info-bar] [data-info-bar-first]')).toBe('Livraison offerte dès 50 €');

    const nl = await page('/nl/about');
    expect(textsOf(nl, '[data-banner] .site-banner-title')).toEqual(['Uitverkoop', 'Voor Nederland']);
    expect(nl.querySelector('[data-popup]')).toBeNull();
    expect(nl.querySelector('[data-info-bar]')).toBeNull();
    expect((await page('/de/about')).querySelector('[data-banner]')).toBeNull();
  });

  it('links a page or a product in the culture, and renders without the link once its target is deleted, never a 500', async () => {
    const { id: pageId } = await testApp.db.insertInto('pages').values({ page_key: 'popup-target', is_home: 0, position: 99, status: 'published', publish_at: null, unpublish_at: null }).returning('id').executeTakeFirstOrThrow();
    await testApp.db.insertInto('page_translations').values({ page_id: pageId, culture: 'fr', slug: 'offre-du-jour', title: 'Offre', summary: '', body_html: '' }).execute();
    const product = await testApp.db.selectFrom('product_translations').select(['product_id', 'slug']).where('culture', '=', 'fr').orderBy('product_id').executeTakeFirstOrThrow();
    await item({ linkPageId: pageId, texts: { fr: texts('Vers la page', { linkLabel: 'Voir la page' }) } });
    await item({ linkProductId: product.product_id, position: 1, texts: { fr: texts('Vers le produit') } });
    await item({ linkProductId: 999_999, position: 2, texts: { fr: texts('Produit disparu') } });
    await item({ position: 3, texts: { fr: texts('Lien piégé', { linkUrl: 'javascript:alert(1)' }) } });

    const before = await page('/fr/about');
    expect(attributesOf(before, '[data-banner] .site-banner-link', 'href')).toEqual(['/fr/offre-du-jour', `/fr/catalog/product/${product.product_id}/${product.slug}`]);
    expect(textsOf(before, '[data-banner] .site-banner-link')).toEqual(['Voir la page', 'Vers le produit']);

    await testApp.db.deleteFrom('page_translations').where('page_id', '=', pageId).execute();
    await testApp.db.deleteFrom('pages').where('id', '=', pageId).execute();
    testApp.app.locals.pageCache.clear();
    const after = await page('/fr/about');
    expect(textsOf(after, '[data-banner] .site-banner-title')).toEqual(['Vers la page', 'Vers le produit', 'Produit disparu', 'Lien piégé']);
    expect(attributesOf(after, '[data-banner] .site-banner-link', 'href')).toEqual([`/fr/catalog/product/${product.product_id}/${product.slug}`]);
  });

  it('draws a running countdown on the server and none for one already past (the page never reloads for it)', async () => {
    const end = Date.now() + 2 * 86_400_000 + 3 * HOUR + 60_000;
    await item({ countdownEnd: end, texts: { fr: texts('Compte à rebours') } });
    await item({ countdownEnd: Date.now() - 1000, position: 1, texts: { fr: texts('Déjà fini') } });
    const html = await page('/fr/about');
    expect(attributesOf(html, '[data-furniture-countdown]', 'data-countdown-end')).toEqual([String(end)]);
    expect(textOf(html, '[data-furniture-countdown] [data-countdown-days]')).toBe('2');
    expect(textOf(html, '[data-furniture-countdown] [data-countdown-hours]')).toBe('03');
    expect(html.querySelectorAll('[data-banner]')[1]!.querySelector('[data-furniture-countdown]')).toBeNull();
  });
});

describe('POST {app}/{culture}/popups/{id}/close', () => {
  async function closeAs(agent: ReturnType<typeof request.agent>, id: number, returnUrl: string) {
    const token = csrfTokenOf(parseHtml((await agent.get('/fr/about')).text));
    return agent.post(`/fr/popups/${id}/close`).type('form').send({ _csrf: token, returnUrl });
  }

  it('remembers the item for 9999 days and goes back; the page then comes without it, for that visitor only', async () => {
    const popup = await item({ kind: 'popup', texts: { fr: texts('Bienvenue') } });
    const banner = await item({ texts: { fr: texts('Soldes') } });
    const fixed = await item({ dismissible: false, position: 1, texts: { fr: texts('Toujours là') } });
    const agent = request.agent(testApp.app);
    const answer = await closeAs(agent, popup, '/fr/about?from=popup');
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/fr/about?from=popup');
    const cookie = (answer.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith(`${POPUP_MEMORY_COOKIE}=`))!;
    expect(cookie).toMatch(new RegExp(`^${POPUP_MEMORY_COOKIE}=${popup}-\\d+;`));
    expect(cookie).toContain(`Max-Age=${POPUP_MEMORY_MAX_AGE_S}`);
    expect((await closeAs(agent, banner, '/fr/about')).status).toBe(303);

    const mine = parseHtml((await agent.get('/fr/about')).text);
    expect(mine.querySelector('[data-popup]')).toBeNull();
    expect(textsOf(mine, '[data-banner] .site-banner-title')).toEqual(['Toujours là']);
    expect(mine.querySelector(`[data-banner="${fixed}"] [data-popup-close]`)).toBeNull();
    // A kept page is shared by visitors with the same memory only: another visitor still sees both.
    const theirs = await page('/fr/about');
    expect(theirs.querySelector(`[data-popup="${popup}"]`)).not.toBeNull();
    expect(textsOf(theirs, '[data-banner] .site-banner-title')).toEqual(['Soldes', 'Toujours là']);
  });

  it('answers 404 for an unknown item, refuses a foreign return URL, and 403 without the CSRF token', async () => {
    const popup = await item({ kind: 'popup' });
    const agent = request.agent(testApp.app);
    expect((await closeAs(agent, 987_654, '/fr/about')).status).toBe(404);
    expect((await closeAs(agent, popup, 'https://evil.example/')).headers.location).toBe('/fr/');
    const refused = await request(testApp.app).post(`/fr/popups/${popup}/close`).type('form').send({ returnUrl: '/fr/about' });
    expect(refused.status).toBe(403);
    expect(refused.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringContaining(POPUP_MEMORY_COOKIE)]));
  });
});
