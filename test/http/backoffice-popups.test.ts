// The back office's popups, banners and info bars ({culture}/backoffice/popups): who may use it, create
// in two cultures with a window and target cultures (visitors see it at once), bad input (a 400 that
// writes nothing), a stale version (409, the editor's input kept), edit, and an unknown link target.
import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, parseHtml, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { demo, signedIn } from './accounts-helpers';
import { type BackOfficeSession, signedInEditor } from './backoffice-helpers';
import { auditActions, createdId, editForm, translatedBody } from './backoffice-content-helpers';

const testApp = useTestApp();

function body(editor: BackOfficeSession, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    _csrf: editor.token,
    Version: '1',
    Kind: 'banner',
    StartsAt: '2020-01-01T00:00',
    EndsAt: '2099-01-01T00:00',
    CountdownEnd: '',
    Dismissible: 'true',
    LinkPageId: '',
    LinkProductId: '',
    Culture_fr: 'true',
    Culture_nl: 'true',
    ...translatedBody({
      title: { fr: 'Soldes d\'hiver', nl: 'Winteruitverkoop' },
      text: { fr: 'Jusqu\'à -50 %', nl: 'Tot -50 %' },
      link_url: { fr: '/fr/catalog', nl: '' },
      link_label: { fr: 'En profiter', nl: '' },
    }),
    ...overrides,
  };
}

const popupCount = async () => Number((await testApp.db.selectFrom('popups').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count);
const bannerTitles = async (path: string) => textsOf(parseHtml((await request(testApp.app).get(path)).text), '[data-banner] .site-banner-title');

describe('roles', () => {
  test.each(['/fr/backoffice/popups', '/fr/backoffice/popups/new'])('%s: a visitor goes to log in, a customer gets 403', async (path) => {
    expect((await request(testApp.app).get(path)).headers.location).toMatch(/^\/fr\/security\/login\?returnUrl=/);
    const { agent } = await signedIn(testApp, demo.customer);
    expect((await agent.get(path)).status).toBe(403);
  });
});

describe('{culture}/backoffice/popups', () => {
  it('creates a banner in two cultures, shown at once in those cultures only, and lists it', async () => {
    const editor = await signedInEditor(testApp);
    const form = parseHtml((await editor.agent.get('/fr/backoffice/popups/new')).text);
    expect(attributeOf(form, 'select[name="Kind"] option[value="infobar"]', 'value')).toBe('infobar');
    expect(form.querySelectorAll('input[type="checkbox"][name^="Culture_"]')).toHaveLength(6);
    const answer = await editor.agent.post('/fr/backoffice/popups').type('form').send(body(editor));
    expect(answer.status).toBe(303);
    const id = createdId(answer.headers.location);
    expect(await auditActions(testApp, 'popup', id)).toEqual(['popup.create']);
    expect(await bannerTitles('/fr/about')).toEqual(['Soldes d\'hiver']);
    expect(await bannerTitles('/nl/about')).toEqual(['Winteruitverkoop']);
    expect(await bannerTitles('/de/about')).toEqual([]);
    const list = parseHtml((await editor.agent.get('/fr/backoffice/popups')).text);
    expect(list.text).toContain('Soldes d\'hiver');
  });

  it('refuses an end before the start, an unknown page and a foreign link with a 400 that writes nothing', async () => {
    const editor = await signedInEditor(testApp);
    const before = await popupCount();
    for (const [field, overrides, key] of [
      ['EndsAt', { EndsAt: '2019-01-01T00:00' }, 'BackOffice.Items.WindowEndsFirst'],
      ['LinkPageId', { LinkPageId: '999999' }, 'BackOffice.Popups.InvalidPage'],
      ['LinkUrl_fr', { LinkUrl_fr: 'javascript:alert(1)' }, 'BackOffice.Popups.InvalidLink'],
    ] as const) {
      const answer = await editor.agent.post('/fr/backoffice/popups').type('form').send(body(editor, overrides));
      expect([field, answer.status]).toEqual([field, 400]);
      expect(parseHtml(answer.text).querySelector(`[data-field="${field}"]`)?.text).toContain(resource('fr', key));
    }
    expect(await popupCount()).toBe(before);
  });

  it('shows each culture\'s picture, and refuses an unknown asset', async () => {
    const editor = await signedInEditor(testApp);
    const asset = await testApp.db.selectFrom('assets').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    const refused = await editor.agent.post('/fr/backoffice/popups').type('form').send(body(editor, { AssetId_fr: '999999' }));
    expect(refused.status).toBe(400);
    expect(parseHtml(refused.text).querySelector('[data-field="AssetId_fr"]')?.text).toContain(resource('fr', 'BackOffice.Items.InvalidAsset'));
    const created = await editor.agent.post('/fr/backoffice/popups').type('form').send(body(editor, { Kind: 'popup', AssetId_fr: String(asset.id) }));
    expect(created.status).toBe(303);
    const id = createdId(created.headers.location);
    const page = parseHtml((await request(testApp.app).get('/fr/about')).text);
    expect(attributeOf(page, `[data-popup="${id}"] .site-popup-image`, 'src')).toMatch(new RegExp(`^/assets/${asset.id}/\\d+x\\d+/`));
    expect(parseHtml((await request(testApp.app).get('/nl/about')).text).querySelector(`[data-popup="${id}"] img`)).toBeNull();
    expect((await editForm(editor.agent, `/fr/backoffice/popups/${id}`)).values.AssetId_fr).toBe(String(asset.id));
  });

  it('saves an edit, and answers a stale version with 409 keeping the editor\'s input', async () => {
    const editor = await signedInEditor(testApp);
    const id = createdId((await editor.agent.post('/fr/backoffice/popups').type('form').send(body(editor, { ...translatedBody({ title: { fr: 'Version une', nl: '' }, text: { nl: '' } }) }))).headers.location);
    const { values } = await editForm(editor.agent, `/fr/backoffice/popups/${id}`);
    expect(values.Title_fr).toBe('Version une');
    expect(values.Culture_fr).toBe('true');
    expect(values.Culture_de).toBe('');
    const saved = await editor.agent.post(`/fr/backoffice/popups/${id}`).type('form').send({ ...values, _csrf: editor.token, Title_fr: 'Version deux' });
    expect(saved.status).toBe(303);
    const stale = await editor.agent.post(`/fr/backoffice/popups/${id}`).type('form').send({ ...values, _csrf: editor.token, Title_fr: 'Version trois' });
    expect(stale.status).toBe(409);
    const page = parseHtml(stale.text);
    expect(attributeOf(page, 'input[name="Title_fr"]', 'value')).toBe('Version trois');
    expect(page.querySelector('[data-conflict]')).not.toBeNull();
    const row = await testApp.db.selectFrom('popup_translations').select('title').where('popup_id', '=', id).where('culture', '=', 'fr').executeTakeFirstOrThrow();
    expect(row.title).toBe('Version deux');
  });
});
