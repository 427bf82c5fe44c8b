import request from 'supertest';
import { cultures } from '../../server/config';
import { useTestApp } from '../support/app';
import { attributeOf, attributesOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';

const testApp = useTestApp();
const get = (path: string) => request(testApp.app).get(path);

/** The visible entries' anchors in the culture, read from the database, in category then entry order. */
async function visibleAnchors(culture: string): Promise<string[]> {
  const now = Date.now();
  const rows = await testApp.db
    .selectFrom('faq_entries')
    .innerJoin('faq_categories', 'faq_categories.id', 'faq_entries.category_id')
    .innerJoin('faq_entry_translations as translation', 'translation.entry_id', 'faq_entries.id')
    .select(['translation.anchor', 'faq_entries.status', 'faq_entries.publish_at'])
    .where('translation.culture', '=', culture)
    .where('faq_categories.status', '=', 'published')
    .orderBy('faq_categories.position')
    .orderBy('faq_entries.position')
    .execute();
  return rows.filter((row) => row.status === 'published' && (row.publish_at === null || Number(row.publish_at) <= now)).map((row) => row.anchor);
}

async function hiddenEntries(culture: string) {
  return testApp.db
    .selectFrom('faq_entries')
    .innerJoin('faq_entry_translations as translation', 'translation.entry_id', 'faq_entries.id')
    .select(['translation.anchor', 'translation.question', 'faq_entries.status', 'faq_entries.publish_at'])
    .where('translation.culture', '=', culture)
    .where((eb) => eb.or([eb('faq_entries.status', '=', 'draft'), eb('faq_entries.publish_at', '>', Date.now())]))
    .execute();
}

async function categoryIds(): Promise<number[]> {
  return (await testApp.db.selectFrom('faq_categories').select('id').where('status', '=', 'published').orderBy('position').execute()).map((row) => row.id);
}

function jsonLdOf(text: string) {
  const script = parseHtml(text).querySelector('script[type="application/ld+json"]');
  return JSON.parse(script!.textContent) as { '@type': string; mainEntity: { '@type': string; '@id': string; name: string; acceptedAnswer: { '@type': string; text: string } }[] };
}

describe('the demo FAQ', () => {
  it('holds 4 categories with 24 visible entries, a draft and a future one, in every culture', async () => {
    expect(await categoryIds()).toHaveLength(4);
    for (const culture of cultures) {
      expect(await visibleAnchors(culture)).toHaveLength(24);
      expect((await hiddenEntries(culture)).map((row) => row.status).sort()).toEqual(['draft', 'published']);
    }
  });
});

describe('{app}/{culture}/faq', () => {
  it('shows every category in the side navigation and every visible entry as a collapse whose id is its anchor', async () => {
    const answer = await get('/fr/faq');
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('text/html');
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    const page = parseHtml(answer.text);
    expect(textOf(page, 'h1')).toBe(resource('fr', 'Faq.Title'));
    expect(textsOf(page, '.faq-category-title')).toEqual(['Livraison', 'Retours et remboursements', 'Paiement', 'Mon compte']);
    expect(attributesOf(page, '[data-faq-navigation] a', 'href')).toEqual(['#faq-livraison', '#faq-retours', '#faq-paiement', '#faq-compte']);
    expect(attributesOf(page, 'details.faq-entry', 'id')).toEqual(await visibleAnchors('fr'));
    expect(textOf(page, '#quel-est-le-delai-de-livraison summary')).toBe('Quel est le délai de livraison ?');
  });

  it('never shows the draft or the future entry', async () => {
    const text = (await get('/fr/faq')).text;
    for (const entry of await hiddenEntries('fr')) {
      expect(text).not.toContain(entry.anchor);
      expect(text).not.toContain(entry.question);
    }
  });

  it('links one answer to another entry by its anchor, in each culture', async () => {
    for (const culture of ['fr', 'de'] as const) {
      const page = parseHtml((await get(`/${culture}/faq`)).text);
      const links = attributesOf(page, '.faq-answer a[href^="#"]', 'href');
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(page.querySelector(`details.faq-entry${link!}`)).not.toBeNull();
    }
  });

  it('carries FAQPage JSON-LD that parses and lists exactly the visible entries', async () => {
    for (const culture of cultures) {
      const answer = await get(`/${culture}/faq`);
      const data = jsonLdOf(answer.text);
      expect(data['@type']).toBe('FAQPage');
      const anchors = await visibleAnchors(culture);
      expect(data.mainEntity.map((question) => question['@id'].split('#')[1])).toEqual(anchors);
      const page = parseHtml(answer.text);
      expect(data.mainEntity.map((question) => question.name)).toEqual(textsOf(page, 'details.faq-entry summary'));
      for (const question of data.mainEntity) {
        expect(question['@type']).toBe('Question');
        expect(question.acceptedAnswer['@type']).toBe('Answer');
        expect(question.acceptedAnswer.text.length).toBeGreaterThan(20);
      }
    }
  });

  it('answers the page region alone to htmx', async () => {
    const answer = await get('/nl/faq').set('HX-Request', 'true').set('HX-Target', 'page');
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('<html');
    expect(textOf(parseHtml(answer.text), 'h1')).toBe(resource('nl', 'Faq.Title'));
  });
});

describe('{app}/{culture}/faq/{categorySlug}', () => {
  it('shows that category alone, its JSON-LD listing its entries, the navigation linking to each category page', async () => {
    const answer = await get('/es/faq/pago');
    expect(answer.status).toBe(200);
    const page = parseHtml(answer.text);
    expect(textOf(page, 'h1')).toBe('Pago');
    expect(textsOf(page, '.faq-category-title')).toEqual(['Pago']);
    expect(page.querySelectorAll('details.faq-entry')).toHaveLength(6);
    expect(jsonLdOf(answer.text).mainEntity).toHaveLength(6);
    expect(attributesOf(page, '.faq-navigation a', 'href')).toEqual(['/es/faq', '/es/faq/envio', '/es/faq/devoluciones', '/es/faq/pago', '/es/faq/cuenta']);
    expect(attributeOf(page, '.faq-navigation a[aria-current="page"]', 'href')).toBe('/es/faq/pago');
  });

  it('sends another culture\'s slug (the culture switch keeps it) to this culture\'s, 301', async () => {
    const moved = await get('/fr/faq/envio');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/fr/faq/livraison');
    expect((await get('/nl/faq/paiement')).headers.location).toBe('/nl/faq/betaling');
  });

  it('is a 404 for an unknown slug, and a draft or future category', async () => {
    expect((await get('/fr/faq/nothing-here')).status).toBe(404);
    const { id } = await testApp.db.insertInto('faq_categories').values({ status: 'draft', publish_at: null, unpublish_at: null, position: 9 }).returning('id').executeTakeFirstOrThrow();
    await testApp.db.insertInto('faq_category_translations').values({ category_id: id, culture: 'fr', slug: 'brouillon', title: 'Brouillon' }).execute();
    await testApp.db.insertInto('faq_category_translations').values({ category_id: id, culture: 'de', slug: 'entwurf', title: 'Entwurf' }).execute();
    const draft = await get('/fr/faq/brouillon');
    expect(draft.status).toBe(404);
    expect((await get('/de/faq/brouillon')).status).toBe(404);
    expect(textOf(parseHtml(draft.text), 'h1')).toBe(resource('fr', 'Core.NotFoundTitle'));
    await testApp.db.updateTable('faq_categories').set({ status: 'published', publish_at: Date.now() + 86_400_000 }).where('id', '=', id).execute();
    expect((await get('/fr/faq/brouillon')).status).toBe(404);
    expect((await get(`/fr/widget/faq/${id}`)).status).toBe(404);
    expect((await get('/fr/faq')).text).not.toContain('Brouillon');
    await testApp.db.deleteFrom('faq_category_translations').where('category_id', '=', id).execute();
    await testApp.db.deleteFrom('faq_categories').where('id', '=', id).execute();
  });
});

describe('the FAQ widget, {site}/widget/faq/{categoryIds} and {app}/{culture}/widget/faq/{categoryIds}', () => {
  it('answers the named categories alone, in the order named, as a fragment the page includes', async () => {
    const [delivery, , payment] = await categoryIds();
    const answer = await get(`/de/widget/faq/${payment},${delivery}`);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('text/html');
    expect(answer.text).not.toContain('<html');
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    const fragment = parseHtml(answer.text);
    expect(textsOf(fragment, '.faq-category-title')).toEqual(['Zahlung', 'Lieferung']);
    expect(fragment.querySelectorAll('details.faq-entry')).toHaveLength(12);
    const page = parseHtml((await get('/de/faq/zahlung')).text);
    expect(fragment.querySelector('#faq-zahlung')!.outerHTML).toBe(page.querySelector('#faq-zahlung')!.outerHTML);
  });

  it('speaks ?culture= at site level, else the Accept-Language', async () => {
    const [delivery] = await categoryIds();
    expect(textOf(parseHtml((await get(`/widget/faq/${delivery}?culture=it`)).text), '.faq-category-title')).toBe('Consegna');
    expect(textOf(parseHtml((await get(`/widget/faq/${delivery}`).set('Accept-Language', 'pt-PT,pt;q=0.9')).text), '.faq-category-title')).toBe('Entrega');
  });

  it('never shows the draft or the future entry', async () => {
    const ids = await categoryIds();
    const text = (await get(`/fr/widget/faq/${ids.join(',')}`)).text;
    expect(parseHtml(text).querySelectorAll('details.faq-entry')).toHaveLength(24);
    for (const entry of await hiddenEntries('fr')) expect(text).not.toContain(entry.question);
  });

  it.each([
    ['a word', '/fr/widget/faq/abc', 'Faq.InvalidCategoryIds', 'fr'],
    ['a negative id', '/fr/widget/faq/-1', 'Faq.InvalidCategoryIds', 'fr'],
    ['an empty id in the list', '/nl/widget/faq/1,,2', 'Faq.InvalidCategoryIds', 'nl'],
    ['a decimal', '/widget/faq/1.5?culture=es', 'Faq.InvalidCategoryIds', 'es'],
    ['an unknown culture in the path', '/xx/widget/faq/1', 'Faq.UnknownCulture', 'fr'],
    ['an unknown culture in ?culture=', '/widget/faq/1?culture=en', 'Faq.UnknownCulture', 'fr'],
  ] as const)('refuses %s with a localised 400', async (_name, path, key, culture) => {
    const answer = await get(path);
    expect(answer.status).toBe(400);
    expect(answer.type).toBe('text/html');
    expect(textOf(parseHtml(answer.text), '.error-page p')).toContain(resource(culture, key));
  });

  it('is a 404 for an unknown category, alone or in a list', async () => {
    const [delivery] = await categoryIds();
    expect((await get('/fr/widget/faq/99999')).status).toBe(404);
    expect((await get(`/fr/widget/faq/${delivery},99999`)).status).toBe(404);
  });
});
