// Issue 28 item 4: every link an editor types (a menu item, a popup or banner, a home slide, a hotspot, a
// partner, a page's banner block) passes the one allow-list of common/links.ts: a path of the site (one
// `/`) or an absolute http(s) address. Anything else is the form's localised field error (400) and
// nothing is saved; a site path and an https address are saved as typed.
import { cultures } from '../../server/config';
import { useTestApp } from '../support/app';
import { parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { type BackOfficeSession, signedInEditor } from './backoffice-helpers';
import { createdId, translatedBody } from './backoffice-content-helpers';

const testApp = useTestApp();

const refusedLinks = [
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  '\tjavascript:alert(1)',
  '//evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
];
const acceptedLinks = ['/fr/page', 'https://example.org'];

let editor: BackOfficeSession;
beforeAll(async () => {
  editor = await signedInEditor(testApp);
});

const firstAsset = async () => (await testApp.db.selectFrom('assets').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
const heroId = async () => (await testApp.db.selectFrom('home_banners').select('id').where('banner_key', '=', 'hero').executeTakeFirstOrThrow()).id;

/** One link field: where its form posts, the body around the link, where its error shows, and what the database keeps. */
interface LinkField {
  name: string;
  post: (link: string) => Promise<{ status: number; text: string; headers: Record<string, string> }>;
  errorOf: (text: string) => string;
  stored: () => Promise<string[]>;
}

const fieldError = (selector: string) => (text: string) => parseHtml(text).querySelector(selector)?.text ?? '';

const menuField = (): LinkField => ({
  name: 'menu item Url',
  async post(link) {
    const menu = await testApp.db.selectFrom('menus').select(['id', 'version']).where('code', '=', 'footer').executeTakeFirstOrThrow();
    const labels = Object.fromEntries(cultures.map((culture) => [`Label_${culture}`, culture === 'fr' ? 'Lien' : '']));
    return editor.agent.post(`/fr/backoffice/menus/${menu.id}/items`).type('form').send({ _csrf: editor.token, Kind: 'url', TargetId: '', Url: link, Version: String(menu.version), ...labels });
  },
  errorOf: fieldError('.backoffice-menu-add [data-field="Url"] .field-error'),
  stored: async () => (await testApp.db.selectFrom('menu_items').select('url').where('url', 'is not', null).orderBy('id').execute()).map((row) => row.url!),
});

const popupField = (): LinkField => ({
  name: 'popup LinkUrl_fr',
  post: (link) => editor.agent.post('/fr/backoffice/popups').type('form').send({
    _csrf: editor.token, Version: '1', Kind: 'banner', StartsAt: '2020-01-01T00:00', EndsAt: '2099-01-01T00:00', CountdownEnd: '', Dismissible: 'true', LinkPageId: '', LinkProductId: '', Culture_fr: 'true',
    ...translatedBody({ title: { fr: 'Soldes' }, text: { fr: '' }, link_url: { fr: link }, link_label: { fr: 'Voir' } }),
  }),
  errorOf: fieldError('[data-field="LinkUrl_fr"]'),
  stored: async () => (await testApp.db.selectFrom('popup_translations').select('link_url').orderBy('popup_id').execute()).map((row) => row.link_url).filter((url): url is string => !!url),
});

const slideField = (): LinkField => ({
  name: 'home slide LinkUrl',
  post: async (link) => editor.agent.post('/fr/backoffice/home/slides').type('form').send({
    _csrf: editor.token, Version: '1', BannerId: String(await heroId()), AssetId: String(await firstAsset()), ProductId: '', LinkUrl: link, StartsAt: '2020-01-01T00:00', EndsAt: '',
    ...translatedBody({ title: { fr: 'Titre', nl: 'Titel' }, text: { fr: '', nl: '' }, link_label: { fr: 'Voir', nl: 'Zien' }, image_alt: { fr: 'Image', nl: 'Beeld' } }),
  }),
  errorOf: fieldError('[data-field="LinkUrl"]'),
  stored: async () => (await testApp.db.selectFrom('home_slides').select('link_url').orderBy('id').execute()).map((row) => row.link_url).filter((url): url is string => !!url),
});

const hotspotField = (bannerId: () => number): LinkField => ({
  name: 'hotspot LinkUrl',
  post: (link) => editor.agent.post('/fr/backoffice/home/hotspots').type('form').send({
    _csrf: editor.token, Version: '1', BannerId: String(bannerId()), X: '25', Y: '40', ProductId: '', LinkUrl: link, ...translatedBody({ title: { fr: 'Le canapé' }, text: { fr: '' } }),
  }),
  errorOf: fieldError('[data-field="LinkUrl"]'),
  stored: async () => (await testApp.db.selectFrom('image_map_hotspots').select('link_url').orderBy('id').execute()).map((row) => row.link_url).filter((url): url is string => !!url),
});

const partnerField = (): LinkField => ({
  name: 'partner Url',
  post: async (link) => editor.agent.post('/fr/backoffice/home/partners').type('form').send({ _csrf: editor.token, Version: '1', Name: 'Atelier', Url: link, AssetId: String(await firstAsset()) }),
  errorOf: fieldError('[data-field="Url"]'),
  stored: async () => (await testApp.db.selectFrom('home_partners').select('url').orderBy('id').execute()).map((row) => row.url).filter((url): url is string => !!url),
});

const blockField = (pageId: () => number): LinkField => ({
  name: 'page banner block link',
  post: async (link) => {
    const { version } = await testApp.db.selectFrom('pages').select('version').where('id', '=', pageId()).executeTakeFirstOrThrow();
    return editor.agent.post(`/fr/backoffice/pages/${pageId()}/blocks`).type('form').send({
      _csrf: editor.token, Language: 'fr', Version: String(version), Type: 'banner', 'Settings.assetId': String(await firstAsset()), 'Settings.link': link, 'Texts.title': 'Titre', 'Texts.action': 'Voir',
    });
  },
  errorOf: (text) => textOf(parseHtml(text), '#block-Settings-link-error'),
  stored: async () => (await testApp.db.selectFrom('page_blocks').select('settings').where('type', '=', 'banner').orderBy('id').execute()).map((row) => String(JSON.parse(row.settings).link)),
});

let imageMapId = 0;
let pageId = 0;
beforeAll(async () => {
  const banner = await editor.agent.post('/fr/backoffice/home/image-maps').type('form').send({ _csrf: editor.token, Version: '1', AssetId: String(await firstAsset()), ...translatedBody({ title: { fr: 'Le salon' }, image_alt: { fr: 'Un salon' } }) });
  imageMapId = createdId(banner.headers.location);
  const page = await editor.agent.post('/fr/backoffice/pages').type('form').send({ _csrf: editor.token, PageKey: 'links-test', Title: 'Liens', Slug: '' });
  pageId = Number(/\/fr\/backoffice\/pages\/(\d+)\?/.exec(page.headers.location)![1]);
});

const fields: [string, () => LinkField, string][] = [
  ['menus', menuField, 'Menus.Admin.InvalidUrl'],
  ['popups', popupField, 'BackOffice.Popups.InvalidLink'],
  ['home slides', slideField, 'BackOffice.Popups.InvalidLink'],
  ['hotspots', () => hotspotField(() => imageMapId), 'BackOffice.Popups.InvalidLink'],
  ['partners', partnerField, 'BackOffice.Home.InvalidUrl'],
  ['page blocks', () => blockField(() => pageId), 'BackOffice.Pages.InvalidField'],
];

describe.each(fields)('the %s link field', (_name, makeField, key) => {
  it('refuses every link outside the allow-list with its localised field error, saving nothing', async () => {
    const field = makeField();
    const before = await field.stored();
    for (const link of refusedLinks) {
      const answer = await field.post(link);
      expect([field.name, link, answer.status]).toEqual([field.name, link, 400]);
      expect([field.name, link, field.errorOf(answer.text)]).toEqual([field.name, link, expect.stringContaining(resource('fr', key))]);
    }
    expect(await field.stored()).toEqual(before);
  });

  it('saves a path of the site and an https address as typed', async () => {
    const field = makeField();
    for (const link of acceptedLinks) {
      const answer = await field.post(link);
      expect([field.name, link, answer.status]).toEqual([field.name, link, 303]);
      expect(await field.stored()).toContain(link);
    }
  });
});
