// The back office's home-page editors ({culture}/backoffice/home): who may use them; banner slides in two
// cultures seen at once on the home page (the page cache forgets it), bad input (a 400 on the field,
// nothing written), a stale version (409, the input kept), revisions with restore, move, delete after the
// confirmation page; testimonies; image-map banners and their hotspots (percentages, unknown product).
import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, parseHtml, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { demo, signedIn } from './accounts-helpers';
import { type BackOfficeSession, signedInEditor } from './backoffice-helpers';
import { auditActions, createdId, editForm, revisionVersions, translatedBody } from './backoffice-content-helpers';

const testApp = useTestApp();

const heroId = async () => (await testApp.db.selectFrom('home_banners').select('id').where('banner_key', '=', 'hero').executeTakeFirstOrThrow()).id;
const firstAsset = async () => (await testApp.db.selectFrom('assets').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
const firstProduct = async () => (await testApp.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
const count = async (table: 'home_slides' | 'home_slide_translations' | 'image_map_hotspots' | 'home_testimonies') =>
  Number((await testApp.db.selectFrom(table).select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count);
const heroTitles = async (culture: string) => textsOf(parseHtml((await request(testApp.app).get(`/${culture}/`)).text), '[data-home-slider] .banner-slide-title');

async function slideBody(editor: BackOfficeSession, overrides: Record<string, string> = {}): Promise<Record<string, string>> {
  return {
    _csrf: editor.token,
    Version: '1',
    BannerId: String(await heroId()),
    AssetId: String(await firstAsset()),
    ProductId: '',
    LinkUrl: '/{culture}/catalog',
    StartsAt: '2020-01-01T00:00',
    EndsAt: '',
    ...translatedBody({
      title: { fr: 'Collection d\'hiver', nl: 'Wintercollectie' },
      text: { fr: 'Chaud dedans', nl: 'Warm binnen' },
      link_label: { fr: 'Découvrir', nl: 'Ontdekken' },
      image_alt: { fr: 'Un salon', nl: 'Een woonkamer' },
    }),
    ...overrides,
  };
}

describe('roles', () => {
  const paths = ['/fr/backoffice/home', '/fr/backoffice/home/sliders', '/fr/backoffice/home/partners/new', '/fr/backoffice/home/slides', '/fr/backoffice/home/slides/new', '/fr/backoffice/home/testimonies', '/fr/backoffice/home/image-maps', '/fr/backoffice/home/hotspots/new'];
  test.each(paths)('%s: a visitor goes to log in (htmx: 401), a customer gets 403', async (path) => {
    expect((await request(testApp.app).get(path)).headers.location).toMatch(/^\/fr\/security\/login\?returnUrl=/);
    expect((await request(testApp.app).get(path).set({ 'HX-Request': 'true', 'HX-Target': 'page' })).status).toBe(401);
    const { agent } = await signedIn(testApp, demo.customer);
    expect((await agent.get(path)).status).toBe(403);
  });

  test('a customer cannot create a slide', async () => {
    const { agent, token } = await signedIn(testApp, demo.customer);
    const before = await count('home_slides');
    expect((await agent.post('/fr/backoffice/home/slides').type('form').send({ _csrf: token, Version: '1', BannerId: '1', Title_fr: 'x' })).status).toBe(403);
    expect(await count('home_slides')).toBe(before);
  });
});

describe('{culture}/backoffice/home', () => {
  test('the section page links every editor, and the navigation names it', async () => {
    const editor = await signedInEditor(testApp);
    const answer = await editor.agent.get('/fr/backoffice/home');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toContain('no-store');
    const page = parseHtml(answer.text);
    expect(attributeOf(page, '.backoffice-nav a[data-section="homepage"]', 'aria-current')).toBe('page');
    expect(textsOf(page, '.backoffice-sections a')).toEqual(['Sliders', 'Slides', 'Partners', 'Testimonies', 'ImageMaps', 'Hotspots'].map((name) => resource('fr', `BackOffice.Home.${name}.Title`)));
  });
});

describe('banner slides', () => {
  test('a slide in two cultures shows on the home page at once, in those cultures only; audited, listed', async () => {
    const editor = await signedInEditor(testApp);
    await heroTitles('fr'); // the page cache keeps the home page now
    const form = parseHtml((await editor.agent.get('/fr/backoffice/home/slides/new')).text);
    expect(form.querySelector('select[name="BannerId"] option[value="' + (await heroId()) + '"]')).not.toBeNull();
    expect(form.querySelector('[data-asset-field][data-asset-field-name="AssetId"]')).not.toBeNull();
    expect(form.querySelectorAll('fieldset.backoffice-culture')).toHaveLength(6);
    const answer = await editor.agent.post('/fr/backoffice/home/slides').type('form').send(await slideBody(editor));
    expect(answer.status).toBe(303);
    const id = createdId(answer.headers.location);
    expect(await auditActions(testApp, 'home-slide', id)).toEqual(['home-slide.create']);
    expect(await heroTitles('fr')).toContain('Collection d\'hiver');
    expect(await heroTitles('nl')).toContain('Wintercollectie');
    expect(await heroTitles('de')).not.toContain('Collection d\'hiver');
    const home = parseHtml((await request(testApp.app).get('/fr/')).text);
    const slide = home.querySelectorAll('[data-home-slider] .banner-slide').find((each) => each.text.includes('Collection d\'hiver'))!;
    expect(attributeOf(slide, '.banner-slide-link', 'href')).toBe('/fr/catalog');
    expect(parseHtml((await editor.agent.get('/fr/backoffice/home/slides')).text).text).toContain('Collection d\'hiver');
  });

  test('a slide ending in the past or not begun is not shown', async () => {
    const editor = await signedInEditor(testApp);
    await editor.agent.post('/fr/backoffice/home/slides').type('form').send(await slideBody(editor, { Title_fr: 'Bientôt', Title_nl: '', Text_nl: '', LinkLabel_nl: '', ImageAlt_nl: '', StartsAt: '2098-01-01T00:00' }));
    await editor.agent.post('/fr/backoffice/home/slides').type('form').send(await slideBody(editor, { Title_fr: 'Fini', Title_nl: '', Text_nl: '', LinkLabel_nl: '', ImageAlt_nl: '', StartsAt: '2020-01-01T00:00', EndsAt: '2021-01-01T00:00' }));
    const titles = await heroTitles('fr');
    expect(titles).not.toContain('Bientôt');
    expect(titles).not.toContain('Fini');
  });

  test('bad input: a 400 with the localised message on the field, nothing written', async () => {
    const editor = await signedInEditor(testApp);
    const before = [await count('home_slides'), await count('home_slide_translations')];
    for (const [field, overrides, key] of [
      ['ProductId', { ProductId: '999999' }, 'BackOffice.Popups.InvalidProduct'],
      ['ProductId', { ProductId: 'abc' }, 'BackOffice.Popups.InvalidProduct'],
      ['BannerId', { BannerId: '999999' }, 'BackOffice.Home.InvalidBanner'],
      ['AssetId', { AssetId: '999999' }, 'BackOffice.Items.InvalidAsset'],
      ['LinkUrl', { LinkUrl: 'javascript:alert(1)' }, 'BackOffice.Popups.InvalidLink'],
      ['EndsAt', { EndsAt: '2019-01-01T00:00' }, 'BackOffice.Items.WindowEndsFirst'],
      ['StartsAt', { StartsAt: 'tomorrow' }, 'BackOffice.Items.InvalidTime'],
      ['Title_nl', { Title_nl: '' }, 'BackOffice.Items.LabelRequired'],
    ] as const) {
      const answer = await editor.agent.post('/de/backoffice/home/slides').type('form').send(await slideBody(editor, overrides));
      expect([field, answer.status]).toEqual([field, 400]);
      const slot = field === 'AssetId' ? '[data-asset-field-name="AssetId"]' : `[data-field="${field}"]`;
      expect(parseHtml(answer.text).querySelector(slot)?.text).toContain(resource('de', key));
    }
    expect([await count('home_slides'), await count('home_slide_translations')]).toEqual(before);
  });

  test('an edit shows at once; a stale version is a 409 keeping the input; revisions restore the first text', async () => {
    const editor = await signedInEditor(testApp);
    const id = createdId((await editor.agent.post('/fr/backoffice/home/slides').type('form').send(await slideBody(editor, { Title_fr: 'Version une' }))).headers.location);
    const { values } = await editForm(editor.agent, `/fr/backoffice/home/slides/${id}`);
    expect(values.Title_fr).toBe('Version une');
    expect(values.StartsAt).toBe('2020-01-01T00:00');
    const product = await firstProduct();
    expect((await editor.agent.post(`/fr/backoffice/home/slides/${id}`).type('form').send({ ...values, _csrf: editor.token, Title_fr: 'Version deux', ProductId: String(product) })).status).toBe(303);
    expect(await heroTitles('fr')).toContain('Version deux');
    const stale = await editor.agent.post(`/fr/backoffice/home/slides/${id}`).type('form').send({ ...values, _csrf: editor.token, Title_fr: 'Version trois' });
    expect(stale.status).toBe(409);
    const page = parseHtml(stale.text);
    expect(attributeOf(page, 'input[name="Title_fr"]', 'value')).toBe('Version trois');
    expect(page.querySelector('[data-conflict]')).not.toBeNull();
    expect((await testApp.db.selectFrom('home_slide_translations').select('title').where('slide_id', '=', id).where('culture', '=', 'fr').executeTakeFirstOrThrow()).title).toBe('Version deux');
    expect(await revisionVersions(testApp, 'home-slide', id)).toEqual([1, 2]);
    const revisions = parseHtml((await editor.agent.get(`/fr/backoffice/home/slides/${id}/revisions`)).text);
    const revision = attributeOf(revisions, 'tr[data-version="1"]', 'data-revision-id');
    expect((await editor.agent.post(`/fr/backoffice/home/slides/${id}/revisions/${revision}/restore`).type('form').send({ _csrf: editor.token, Version: '2' })).status).toBe(303);
    expect(await heroTitles('fr')).toContain('Version une');
    expect(await auditActions(testApp, 'home-slide', id)).toEqual(['home-slide.create', 'home-slide.update', 'home-slide.restore']);
  });

  test('move, then delete after the confirmation page: gone from the home page at once', async () => {
    const editor = await signedInEditor(testApp);
    const id = createdId((await editor.agent.post('/fr/backoffice/home/slides').type('form').send(await slideBody(editor, { Title_fr: 'À retirer' }))).headers.location);
    expect((await editor.agent.post(`/fr/backoffice/home/slides/${id}/move`).type('form').send({ _csrf: editor.token, Direction: 'up' })).status).toBe(303);
    expect(await heroTitles('fr')).toContain('À retirer');
    expect((await editor.agent.get(`/fr/backoffice/home/slides/${id}/delete`)).status).toBe(200);
    expect((await editor.agent.post(`/fr/backoffice/home/slides/${id}/delete`).type('form').send({ _csrf: editor.token, Version: '9' })).status).toBe(409);
    expect((await editor.agent.post(`/fr/backoffice/home/slides/${id}/delete`).type('form').send({ _csrf: editor.token, Version: '1' })).status).toBe(303);
    expect(await heroTitles('fr')).not.toContain('À retirer');
    expect(await auditActions(testApp, 'home-slide', id)).toEqual(['home-slide.create', 'home-slide.move', 'home-slide.delete']);
    for (const path of [`/fr/backoffice/home/slides/${id}`, '/fr/backoffice/home/slides/x']) expect((await editor.agent.get(path)).status).toBe(404);
  });
});

describe('testimonies', () => {
  test('a testimony in two cultures shows on the home page; its author is required', async () => {
    const editor = await signedInEditor(testApp);
    const before = await count('home_testimonies');
    const missing = await editor.agent.post('/fr/backoffice/home/testimonies').type('form').send({ _csrf: editor.token, Version: '1', Author: '', Text_fr: 'Parfait' });
    expect(missing.status).toBe(400);
    expect(await count('home_testimonies')).toBe(before);
    const answer = await editor.agent.post('/fr/backoffice/home/testimonies').type('form').send({ _csrf: editor.token, Version: '1', Author: 'Léa', ...translatedBody({ text: { fr: 'Livraison parfaite', nl: 'Perfecte levering' }, author_detail: { fr: 'Lyon', nl: 'Lyon' } }) });
    expect(answer.status).toBe(303);
    const texts = (culture: string) => request(testApp.app).get(`/${culture}/`).then((home) => textsOf(parseHtml(home.text), '.testimony-slide blockquote'));
    expect(await texts('fr')).toContain('Livraison parfaite');
    expect(await texts('nl')).toContain('Perfecte levering');
  });
});

describe('image-map banners and hotspots', () => {
  test('a banner and a hotspot: percentages checked, an unknown product refused, shown on the home page; a banner with hotspots is not deleted', async () => {
    const editor = await signedInEditor(testApp);
    const banner = await editor.agent.post('/fr/backoffice/home/image-maps').type('form').send({ _csrf: editor.token, Version: '1', AssetId: String(await firstAsset()), ...translatedBody({ title: { fr: 'Le salon' }, image_alt: { fr: 'Un salon' } }) });
    expect(banner.status).toBe(303);
    const bannerId = createdId(banner.headers.location);
    const body = (overrides: Record<string, string>) => ({ _csrf: editor.token, Version: '1', BannerId: String(bannerId), X: '25', Y: '40', ProductId: '', LinkUrl: '/{culture}/catalog', ...translatedBody({ title: { fr: 'Le canapé' }, text: { fr: 'Trois places' } }), ...overrides });
    const before = await count('image_map_hotspots');
    for (const [field, overrides, key] of [
      ['X', { X: '150' }, 'BackOffice.Home.InvalidPercent'],
      ['Y', { Y: '-3' }, 'BackOffice.Home.InvalidPercent'],
      ['ProductId', { ProductId: '999999' }, 'BackOffice.Popups.InvalidProduct'],
      ['BannerId', { BannerId: '999999' }, 'BackOffice.Home.InvalidBanner'],
      ['ProductId', { LinkUrl: '' }, 'BackOffice.Home.TargetRequired'],
    ] as const) {
      const answer = await editor.agent.post('/fr/backoffice/home/hotspots').type('form').send(body(overrides));
      expect([field, answer.status]).toEqual([field, 400]);
      expect(parseHtml(answer.text).querySelector(`[data-field="${field}"]`)?.text).toContain(resource('fr', key));
    }
    expect(await count('image_map_hotspots')).toBe(before);
    const created = await editor.agent.post('/fr/backoffice/home/hotspots').type('form').send(body({ X: '12,5', ProductId: String(await firstProduct()) }));
    expect(created.status).toBe(303);
    const spotId = createdId(created.headers.location);
    expect((await testApp.db.selectFrom('image_map_hotspots').select('x_percent').where('id', '=', spotId).executeTakeFirstOrThrow()).x_percent).toBe(12.5);
    const home = parseHtml((await request(testApp.app).get('/fr/')).text);
    expect(home.querySelector(`#hotspot-${spotId} .hotspot-popup-title`)?.text).toBe('Le canapé');
    expect((await editor.agent.post(`/fr/backoffice/home/image-maps/${bannerId}/delete`).type('form').send({ _csrf: editor.token, Version: '1' })).status).toBe(409);
    expect(await auditActions(testApp, 'home-hotspot', spotId)).toEqual(['home-hotspot.create']);
  });
});

describe('banner sliders and partners', () => {
  test('the collection slider\'s autoplay is edited (a bad one a 400), a key is unique, a slider with slides is not deleted', async () => {
    const editor = await signedInEditor(testApp);
    const collection = await testApp.db.selectFrom('home_banners').select('id').where('banner_key', '=', 'collection').executeTakeFirstOrThrow();
    const path = `/fr/backoffice/home/sliders/${collection.id}`;
    const { page, values } = await editForm(editor.agent, path);
    expect(page.querySelector('fieldset.backoffice-culture')).toBeNull();
    for (const [field, overrides, key] of [
      ['AutoplayMs', { AutoplayMs: '-5' }, 'BackOffice.Home.InvalidAutoplay'],
      ['BannerKey', { BannerKey: 'hero' }, 'BackOffice.Home.KeyTaken'],
      ['BannerKey', { BannerKey: 'Pas une clé' }, 'BackOffice.Home.InvalidKey'],
    ] as const) {
      const answer = await editor.agent.post(path).type('form').send({ ...values, _csrf: editor.token, ...overrides });
      expect([field, answer.status]).toEqual([field, 400]);
      expect(parseHtml(answer.text).querySelector(`[data-field="${field}"]`)?.text).toContain(resource('fr', key));
    }
    expect((await editor.agent.post(path).type('form').send({ ...values, _csrf: editor.token, AutoplayMs: '7500' })).status).toBe(303);
    const home = parseHtml((await request(testApp.app).get('/fr/')).text);
    expect(attributeOf(home, '[data-slider="collection"]', 'data-slider-autoplay')).toBe('7500');
    expect(await revisionVersions(testApp, 'home-slider', collection.id)).toEqual([2]);
    expect((await editor.agent.post(`${path}/delete`).type('form').send({ _csrf: editor.token, Version: '2' })).status).toBe(409);
    expect(await testApp.db.selectFrom('home_banners').select('id').where('id', '=', collection.id).executeTakeFirst()).toBeDefined();
  });

  test('a partner with its logo shows on the home page at once; a bad address is a 400; a stale version a 409', async () => {
    const editor = await signedInEditor(testApp);
    const asset = await firstAsset();
    const body = { _csrf: editor.token, Version: '1', Name: 'Atelier Lumen', Url: 'https://lumen.example.com', AssetId: String(asset) };
    const refused = await editor.agent.post('/fr/backoffice/home/partners').type('form').send({ ...body, Url: 'javascript:alert(1)' });
    expect(refused.status).toBe(400);
    expect(parseHtml(refused.text).querySelector('[data-field="Url"]')?.text).toContain(resource('fr', 'BackOffice.Home.InvalidUrl'));
    const created = await editor.agent.post('/fr/backoffice/home/partners').type('form').send(body);
    expect(created.status).toBe(303);
    const id = createdId(created.headers.location);
    const logos = async () => parseHtml((await request(testApp.app).get('/nl/')).text).querySelectorAll('.partner-slide img').map((img) => img.getAttribute('alt'));
    expect(await logos()).toContain('Atelier Lumen');
    const { values } = await editForm(editor.agent, `/fr/backoffice/home/partners/${id}`);
    expect((await editor.agent.post(`/fr/backoffice/home/partners/${id}`).type('form').send({ ...values, _csrf: editor.token, Name: 'Atelier Lumen & fils' })).status).toBe(303);
    const stale = await editor.agent.post(`/fr/backoffice/home/partners/${id}`).type('form').send({ ...values, _csrf: editor.token, Name: 'Perdu ?' });
    expect(stale.status).toBe(409);
    expect(attributeOf(parseHtml(stale.text), 'input[name="Name"]', 'value')).toBe('Perdu ?');
    expect(await logos()).toContain('Atelier Lumen & fils');
    expect(parseHtml((await editor.agent.get('/fr/backoffice/home/partners')).text).text).toContain('Atelier Lumen & fils');
    expect(await auditActions(testApp, 'home-partner', id)).toEqual(['home-partner.create', 'home-partner.update']);
  });
});
