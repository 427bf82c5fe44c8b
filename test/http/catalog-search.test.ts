import request from 'supertest';
import { clearCatalogCaches } from '../../server/catalog/lists-cache';
import { normaliseText, SearchIndex } from '../../server/catalog/search-index';
import { useTestApp } from '../support/app';
import { cardIds } from '../support/catalog-lists';
import { parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';

const testApp = useTestApp();
const get = (path: string) => request(testApp.app).get(path);
const suggestions = (query: string) => get(`/api/v1/catalog/search/suggestions?${query}`);

async function namesOf(ids: number[], culture = 'fr') {
  const rows = await testApp.db.selectFrom('product_translations').select(['product_id', 'name']).where('product_id', 'in', ids).where('culture', '=', culture).execute();
  return ids.map((id) => rows.find((row) => row.product_id === id)!.name);
}

/** A word of 7 letters or more from the first product names of the seed (e.g. "Chemise"). */
async function commonWord(culture = 'fr') {
  const rows = await testApp.db.selectFrom('product_translations').select('name').where('culture', '=', culture).orderBy('product_id').limit(50).execute();
  return rows.flatMap((row) => row.name.split(' ')).find((word) => /^\p{L}{7,}$/u.test(word))!;
}

/** Two letters in the middle of the word swapped: "chemise" -> "chemsie". */
const typoOf = (word: string) => word.slice(0, 4) + word[5] + word[4] + word.slice(6);

describe('the search page, {app}/{culture}/catalog?q=', () => {
  it('lists the matches, best first, under a title naming the search', async () => {
    const word = await commonWord();
    const page = parseHtml((await get(`/fr/catalog?q=${encodeURIComponent(word.toLowerCase())}`)).text);
    expect(textOf(page, 'h1')).toBe(resource('fr', 'Catalog.SearchResultsFor').replace('{{q}}', word.toLowerCase()));
    const names = await namesOf(cardIds(page));
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => normaliseText(name).split(' ').includes(normaliseText(word)))).toBe(true);
    expect(page.querySelector('[data-facet-group="Brands"]')).not.toBeNull();
  });

  it('tolerates a typo', async () => {
    const word = (await commonWord()).toLowerCase();
    const typo = typoOf(word);
    const names = await namesOf(cardIds(parseHtml((await get(`/fr/catalog?q=${encodeURIComponent(typo)}`)).text)));
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => normaliseText(name).includes(normaliseText(word)))).toBe(true);
  });

  it("says 'Catalog.NoProductFound' when nothing matches", async () => {
    const page = parseHtml((await get('/de/catalog?q=qqqxxxzzz')).text);
    expect(textOf(page, '.no-products')).toBe(resource('de', 'Catalog.NoProductFound'));
    expect(cardIds(page)).toHaveLength(0);
  });

  it('answers the plain catalog to an empty search', async () => {
    const page = parseHtml((await get('/fr/catalog?q=++')).text);
    expect(textOf(page, 'h1')).toBe(resource('fr', 'Catalog.Title'));
    expect(cardIds(page)).toHaveLength(24);
  });

  it('searches once per search text: a kept list, or one asked in other letters, costs no search', async () => {
    const word = (await commonWord()).toLowerCase();
    clearCatalogCaches(testApp.db);
    const search = jest.spyOn(SearchIndex.prototype, 'search');
    try {
      const first = await get(`/fr/catalog?q=${encodeURIComponent(word)}`);
      expect(search).toHaveBeenCalledTimes(1);
      testApp.app.locals.pageCache.clear();
      const again = await get(`/fr/catalog?q=${encodeURIComponent(word)}`);
      const otherCase = await get(`/fr/catalog?q=${encodeURIComponent(word.toUpperCase())}&pageSize=12`);
      expect(search).toHaveBeenCalledTimes(1);
      expect(cardIds(parseHtml(again.text))).toEqual(cardIds(parseHtml(first.text)));
      expect(cardIds(parseHtml(otherCase.text))).toEqual(cardIds(parseHtml(first.text)).slice(0, 12));
    } finally {
      search.mockRestore();
    }
  });

  it('keeps q in the facet links and pages', async () => {
    const page = parseHtml((await get('/fr/catalog?q=lin&pageSize=12')).text);
    const link = page.querySelector('[data-facet-group="Brands"] a.facet-link')!.getAttribute('href')!;
    expect(link).toMatch(/^\/fr\/catalog\?q=lin&filter=/);
    expect(link).toMatch(/&pageSize=12$/);
  });
});

describe('GET {app}/api/v1/catalog/search/suggestions', () => {
  it('answers [{Name, Photo: {AssetId, AssetName}, ProductUrl}] with exactly the spec’s field names', async () => {
    const word = await commonWord();
    const answer = await suggestions(`q=${encodeURIComponent(word.slice(0, 4))}&nbrResults=5&accuracy=0.3&culture=fr`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.body).toHaveLength(5);
    for (const suggestion of answer.body) {
      expect(Object.keys(suggestion)).toEqual(['Name', 'Photo', 'ProductUrl']);
      expect(Object.keys(suggestion.Photo)).toEqual(['AssetId', 'AssetName']);
      expect(suggestion.ProductUrl).toMatch(/^\/fr\/catalog\/product\/\d+\/[^/]+$/);
      expect(normaliseText(suggestion.Name)).toContain(normaliseText(word.slice(0, 4)));
    }
    const page = await get(answer.body[0].ProductUrl);
    expect(page.status).toBe(200);
  });

  it('asks for 5 by default and at most 30', async () => {
    expect((await suggestions('q=en&culture=fr')).body).toHaveLength(5);
    expect((await suggestions('q=en&culture=fr&nbrResults=30')).body).toHaveLength(30);
  });

  it('tolerates typos at the given accuracy', async () => {
    const word = (await commonWord()).toLowerCase();
    const typo = typoOf(word);
    const found = (await suggestions(`q=${encodeURIComponent(typo)}&accuracy=0.3&culture=fr`)).body as { Name: string }[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((suggestion) => suggestion.Name.toLowerCase().includes(word))).toBe(true);
    expect((await suggestions(`q=${encodeURIComponent(typo)}&accuracy=0.95&culture=fr`)).body).toEqual([]);
  });

  it('speaks the culture of ?culture=, the Referer, Accept-Language or the path', async () => {
    const german = await commonWord('de');
    const query = `q=${encodeURIComponent(german.slice(0, 5))}`;
    const expectGerman = (body: { ProductUrl: string }[]) => {
      expect(body.length).toBeGreaterThan(0);
      expect(body.every((suggestion) => suggestion.ProductUrl.startsWith('/de/'))).toBe(true);
    };
    expectGerman((await suggestions(`${query}&culture=de`)).body);
    expectGerman((await suggestions(query).set('Referer', 'http://shop.test/de/catalog')).body);
    expectGerman((await suggestions(query).set('Accept-Language', 'de-DE,de;q=0.9')).body);
    expectGerman((await get(`/de/api/v1/catalog/search/suggestions?${query}`)).body);
    expect((await suggestions(`${query}&culture=de`)).headers.vary).toMatch(/Accept-Language/);
  });

  it.each([
    ['q=a', 'q', 'Catalog.SearchTooShort'],
    ['', 'q', 'Catalog.SearchTooShort'],
    ['q=lin&nbrResults=abc', 'nbrResults', 'Catalog.InvalidParameter'],
    ['q=lin&nbrResults=31', 'nbrResults', 'Catalog.InvalidParameter'],
    ['q=lin&accuracy=2', 'accuracy', 'Catalog.InvalidParameter'],
  ])('answers %p with 400 JSON naming %s', async (query, field, key) => {
    const answer = await suggestions(`${query}&culture=nl`);
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ Message: resource('nl', 'Core.BadInput'), Errors: [{ Field: field, Message: resource('nl', key) }] });
  });
});
