// The menus editor ({app}/{culture}/backoffice/menus): labels in six cultures, add an item (a page, a URL),
// reorder, remove with a confirmation page, a target that does not exist refused (400, nothing written),
// a stale Version a 409 that keeps the editor's values and writes nothing; each change shows at once on
// the visitors' navigation, is audited and kept as a revision. Visitors and customers are kept out.
import request from 'supertest';
import { cultures } from '../../server/config';
import { useTestApp } from '../support/app';
import { attributeOf, attributesOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { type BackOfficeSession, signedInEditor } from './backoffice-helpers';

const testApp = useTestApp();

const mainMenu = () => testApp.db.selectFrom('menus').select(['id', 'version']).where('code', '=', 'main').executeTakeFirstOrThrow();
const itemsOf = (menuId: number) => testApp.db.selectFrom('menu_items').select(['id', 'parent_id', 'position', 'kind', 'target_id', 'url']).where('menu_id', '=', menuId).orderBy('id').execute();
const navigationLinks = async (culture = 'fr') => attributesOf(parseHtml((await request(testApp.app).get(`/${culture}/faq`)).text), '#main-navigation a', 'href');
const labels = (values: Partial<Record<string, string>> = {}) => Object.fromEntries(cultures.map((culture) => [`Label_${culture}`, values[culture] ?? '']));

async function itemPost(editor: BackOfficeSession, path: string, fields: Record<string, string>) {
  return editor.agent.post(path).type('form').send({ _csrf: editor.token, Kind: 'page', TargetId: '', Url: '', ...labels(), ...fields });
}

describe('the menus editor', () => {
  let editor: BackOfficeSession;
  beforeAll(async () => {
    editor = await signedInEditor(testApp);
  });

  it('lists the menus and shows the main menu as a tree of forms, with the navigation link', async () => {
    const menu = await mainMenu();
    const list = await editor.agent.get('/fr/backoffice/menus');
    expect(list.status).toBe(200);
    const html = parseHtml(list.text);
    expect(attributesOf(html, 'tr[data-menu-code] ', 'data-menu-code')).toEqual(['main', 'footer']);
    expect(attributeOf(html, '.backoffice-nav a[data-section="menus"]', 'aria-current')).toBe('page');
    const edit = parseHtml((await editor.agent.get(`/fr/backoffice/menus/${menu.id}`)).text);
    expect(textOf(edit, 'h1')).toBe(resource('fr', 'Menus.Admin.Codes.main'));
    const items = await itemsOf(menu.id);
    expect(edit.querySelectorAll('.backoffice-menu-item').length).toBe(items.length);
    expect(edit.querySelectorAll('.backoffice-menu-item[data-depth="2"]').length).toBe(items.filter((item) => item.parent_id !== null).length);
    expect(attributesOf(edit, '.backoffice-menu-item form input[name="Label_pt"]', 'name').length).toBe(items.length);
  });

  it('saves an item\'s labels in six cultures: the navigation shows them at once; audited with a revision', async () => {
    const menu = await mainMenu();
    const news = (await itemsOf(menu.id)).find((item) => item.kind === 'news')!;
    const names = { fr: 'Le journal', nl: 'De krant', es: 'El diario', de: 'Die Zeitung', it: 'Il giornale', pt: 'O jornal' };
    const answer = await itemPost(editor, `/fr/backoffice/menus/${menu.id}/items/${news.id}`, { Kind: 'news', Version: String(menu.version), ...labels(names) });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`/fr/backoffice/menus/${menu.id}`);
    for (const culture of cultures) {
      const html = parseHtml((await request(testApp.app).get(`/${culture}/faq`)).text);
      expect(textsOf(html, '#main-navigation .nav-item-news > a')).toEqual([names[culture]]);
    }
    expect((await mainMenu()).version).toBe(menu.version + 1);
    const audit = await testApp.db.selectFrom('audit_log').select('action').where('entity', '=', 'menu').where('entity_id', '=', String(menu.id)).execute();
    expect(audit.map((row) => row.action)).toContain('menu.item.update');
    expect((await testApp.db.selectFrom('revisions').select('version').where('entity', '=', 'menu').execute()).map((row) => row.version)).toContain(menu.version + 1);
  });

  it('refuses a target that does not exist and a URL without a label (400, nothing written)', async () => {
    const menu = await mainMenu();
    const before = await itemsOf(menu.id);
    const gone = await itemPost(editor, `/fr/backoffice/menus/${menu.id}/items`, { Kind: 'category', TargetId: '987654', Version: String(menu.version) });
    expect(gone.status).toBe(400);
    expect(textOf(parseHtml(gone.text), '.backoffice-menu-add [data-field="TargetId"] .field-error')).toBe(resource('fr', 'Menus.Admin.InvalidTarget'));
    const unlabelled = await itemPost(editor, `/fr/backoffice/menus/${menu.id}/items`, { Kind: 'url', Url: 'https://example.com', Version: String(menu.version) });
    expect(unlabelled.status).toBe(400);
    const script = await itemPost(editor, `/fr/backoffice/menus/${menu.id}/items`, { Kind: 'url', Url: 'javascript:alert(1)', Version: String(menu.version), ...labels({ fr: 'x' }) });
    expect(script.status).toBe(400);
    expect(await itemsOf(menu.id)).toEqual(before);
    expect((await mainMenu()).version).toBe(menu.version);
  });

  it('adds a link under an item, moves it up, and removes it after a confirmation page', async () => {
    let menu = await mainMenu();
    const help = (await itemsOf(menu.id)).find((item) => item.kind === 'faq' && item.parent_id === null)!;
    const added = await itemPost(editor, `/fr/backoffice/menus/${menu.id}/items`, { ParentId: String(help.id), Kind: 'url', Url: 'https://example.com/soldes', Version: String(menu.version), ...labels({ fr: 'Soldes' }) });
    expect(added.status).toBe(303);
    const item = (await itemsOf(menu.id)).find((candidate) => candidate.url === 'https://example.com/soldes')!;
    expect(item.parent_id).toBe(help.id);
    const html = parseHtml((await request(testApp.app).get('/fr/faq')).text);
    expect(attributesOf(html, '#main-navigation .nav-item-faq .dropdown-item', 'href').at(-1)).toBe('https://example.com/soldes');
    expect(await navigationLinks('nl')).not.toContain('https://example.com/soldes');

    menu = await mainMenu();
    expect((await editor.agent.post(`/fr/backoffice/menus/${menu.id}/items/${item.id}/move`).type('form').send({ _csrf: editor.token, Direction: 'up', Version: String(menu.version) })).status).toBe(303);
    const links = attributesOf(parseHtml((await request(testApp.app).get('/fr/faq')).text), '#main-navigation .nav-item-faq .dropdown-item', 'href');
    expect(links.at(-2)).toBe('https://example.com/soldes');

    const confirm = await editor.agent.get(`/fr/backoffice/menus/${menu.id}/items/${item.id}/remove`);
    expect(confirm.status).toBe(200);
    expect(textOf(parseHtml(confirm.text), 'main p')).toBe(resource('fr', 'Menus.Admin.RemoveQuestion').replace('{{name}}', 'Soldes'));
    menu = await mainMenu();
    expect((await editor.agent.post(`/fr/backoffice/menus/${menu.id}/items/${item.id}/remove`).type('form').send({ _csrf: editor.token, Version: String(menu.version) })).status).toBe(303);
    expect((await itemsOf(menu.id)).some((candidate) => candidate.id === item.id)).toBe(false);
    expect(await navigationLinks()).not.toContain('https://example.com/soldes');
  });

  it('answers a stale Version with 409: the editor\'s values kept, the conflict shown, nothing written', async () => {
    const menu = await mainMenu();
    const cart = (await itemsOf(menu.id)).find((item) => item.kind === 'cart')!;
    const answer = await itemPost(editor, `/fr/backoffice/menus/${menu.id}/items/${cart.id}`, { Kind: 'cart', Version: String(menu.version - 1), ...labels({ fr: 'Mon panier' }) });
    expect(answer.status).toBe(409);
    const html = parseHtml(answer.text);
    expect(textOf(html, '.backoffice-conflict p')).toBe(resource('fr', 'BackOffice.Conflict'));
    expect(attributeOf(html, `.backoffice-menu-item[data-item-id="${cart.id}"] input[name="Label_fr"]`, 'value')).toBe('Mon panier');
    expect(attributeOf(html, `.backoffice-menu-item[data-item-id="${cart.id}"] input[name="Version"]`, 'value')).toBe(String(menu.version));
    expect((await mainMenu()).version).toBe(menu.version);
    expect(textsOf(parseHtml((await request(testApp.app).get('/fr/faq')).text), '#main-navigation .nav-item-cart > a')).toEqual([resource('fr', 'Menus.Cart')]);
  });

  it('keeps visitors out', async () => {
    const menu = await mainMenu();
    const visitor = await request(testApp.app).get(`/fr/backoffice/menus/${menu.id}`);
    expect([302, 303, 401]).toContain(visitor.status);
  });
});
