// The pages editor ({app}/{culture}/backoffice/pages): create, edit per culture, publish and schedule,
// blocks (add, edit, move, remove) with their settings checked by the block types, optimistic
// concurrency (a stale Version is a 409 showing the editor's values and nothing is written), revisions
// and restore, delete with a confirmation page, signed preview links (valid, expired, forged), audit
// rows, and visitors never seeing a draft. Runs on SQLite and PostgreSQL.
import request from 'supertest';
import { previewToken, readPreviewToken } from '../../server/backoffice/preview';
import { useListeningServer, useTestApp } from '../support/app';
import { attributeOf, attributesOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { demo, signedIn } from './accounts-helpers';
import { type BackOfficeSession, signedInEditor } from './backoffice-helpers';

const testApp = useTestApp();
const listening = useListeningServer(testApp);
let counter = 0;

const pageRow = (id: number) => testApp.db.selectFrom('pages').select(['status', 'publish_at', 'unpublish_at', 'version', 'position']).where('id', '=', id).executeTakeFirstOrThrow();
const textsRow = (id: number, culture: string) => testApp.db.selectFrom('page_translations').select(['title', 'slug', 'summary', 'body_html']).where('page_id', '=', id).where('culture', '=', culture).executeTakeFirst();
const blocksOf = (id: number) => testApp.db.selectFrom('page_blocks').select(['id', 'type', 'settings', 'position']).where('page_id', '=', id).orderBy('position').execute();
const auditActions = async (id: number) => (await testApp.db.selectFrom('audit_log').select('action').where('entity', '=', 'page').where('entity_id', '=', String(id)).orderBy('id').execute()).map((row) => row.action);

/** Creates a draft page through the form; answers its id, key and slug. */
async function newPage(editor: BackOfficeSession) {
  const key = `test-page-${++counter}`;
  const answer = await editor.agent.post('/fr/backoffice/pages').type('form').send({ _csrf: editor.token, PageKey: key, Title: `Page d'essai ${counter}`, Slug: '' });
  expect(answer.status).toBe(303);
  const id = Number(/\/fr\/backoffice\/pages\/(\d+)\?language=fr$/.exec(answer.headers.location)![1]);
  return { id, key, slug: `page-d-essai-${counter}` };
}

/** The page form's fields as posted, with changes. */
function pageFields(editor: BackOfficeSession, version: number, values: Record<string, string> = {}) {
  return { _csrf: editor.token, Language: 'fr', Version: String(version), Title: 'Titre', Slug: '', Summary: 'Résumé', BodyHtml: '<p>Corps</p>', Status: 'draft', PublishAt: '', UnpublishAt: '', ...values };
}

describe('pages: create, edit, publish', () => {
  test('a new page is a draft: the editor lists it, a visitor gets 404; audited with a first revision', async () => {
    const editor = await signedInEditor(testApp);
    const { id, slug } = await newPage(editor);
    expect(await textsRow(id, 'fr')).toMatchObject({ slug, title: `Page d'essai ${counter}` });
    expect(await pageRow(id)).toMatchObject({ status: 'draft', version: 1 });
    const list = parseHtml((await editor.agent.get('/fr/backoffice/pages')).text);
    expect(attributeOf(list, `tr[data-page-id="${id}"] .backoffice-status`, 'data-status')).toBe('draft');
    expect(attributesOf(list, `tr[data-page-id="${id}"] .backoffice-translations li`, 'data-state')).toEqual(['filled', 'missing', 'missing', 'missing', 'missing', 'missing']);
    expect((await request(testApp.app).get(`/fr/${slug}`)).status).toBe(404);
    expect((await editor.agent.get(`/fr/${slug}`)).status).toBe(404);
    expect(await auditActions(id)).toEqual(['page.create']);
    expect((await testApp.db.selectFrom('revisions').select('version').where('entity', '=', 'page').where('entity_id', '=', id).execute()).map((row) => row.version)).toEqual([1]);
  });

  test('a second culture, then published: the visitor sees it at once (the page cache forgets it)', async () => {
    const editor = await signedInEditor(testApp);
    const { id } = await newPage(editor);
    const dutch = await editor.agent.post(`/fr/backoffice/pages/${id}`).type('form').send(pageFields(editor, 1, { Language: 'nl', Title: 'Proefpagina', Slug: `proefpagina-${id}` }));
    expect(dutch.status).toBe(303);
    expect(dutch.headers.location).toBe(`/fr/backoffice/pages/${id}?language=nl`);
    const visitor = request(testApp.app);
    expect((await visitor.get(`/nl/proefpagina-${id}`)).status).toBe(404);
    const published = await editor.agent.post(`/fr/backoffice/pages/${id}`).type('form').send(pageFields(editor, 2, { Language: 'nl', Title: 'Proefpagina', Slug: `proefpagina-${id}`, Status: 'published', BodyHtml: '<p onclick="x()">Hallo<script>alert(1)</script></p>' }));
    expect(published.status).toBe(303);
    const page = await visitor.get(`/nl/proefpagina-${id}`);
    expect(page.status).toBe(200);
    expect(textOf(parseHtml(page.text), 'h1')).toBe('Proefpagina');
    expect((await textsRow(id, 'nl'))!.body_html).toBe('<p>Hallo</p>');
    expect(await pageRow(id)).toMatchObject({ status: 'published', version: 3 });
    expect(await auditActions(id)).toEqual(['page.create', 'page.update', 'page.update']);
    const audit = await testApp.db.selectFrom('audit_log').select(['before_json', 'after_json', 'actor_id']).where('entity', '=', 'page').where('entity_id', '=', String(id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!)).toMatchObject({ status: 'draft', version: 2 });
    expect(JSON.parse(audit.after_json!)).toMatchObject({ status: 'published', version: 3, translations: { nl: { title: 'Proefpagina' } } });
    expect(audit.actor_id).toBe(editor.userId);
  });

  test('a kept page is forgotten when the editor saves it: visitors see the change at once, and an unpublish at once', async () => {
    const editor = await signedInEditor(testApp);
    const { id, slug } = await newPage(editor);
    await editor.agent.post(`/fr/backoffice/pages/${id}`).type('form').send(pageFields(editor, 1, { Title: 'Gardée', Slug: slug, Status: 'published' }));
    const visitorTitle = async () => textOf(parseHtml((await request(listening()).get(`/fr/${slug}`).expect(200)).text), 'h1');
    expect(await visitorTitle()).toBe('Gardée');
    // Changed behind the cache's back: the kept page still shows the old title, so it is kept.
    await testApp.db.updateTable('page_translations').set({ title: 'Dans le dos' }).where('page_id', '=', id).execute();
    expect(await visitorTitle()).toBe('Gardée');
    await editor.agent.post(`/fr/backoffice/pages/${id}`).type('form').send(pageFields(editor, 2, { Title: 'Renommée', Slug: slug, Status: 'published' }));
    expect(await visitorTitle()).toBe('Renommée');
    await editor.agent.post(`/fr/backoffice/pages/${id}`).type('form').send(pageFields(editor, 3, { Title: 'Renommée', Slug: slug, Status: 'draft' }));
    expect((await request(listening()).get(`/fr/${slug}`)).status).toBe(404);
  });

  test('scheduled: published with a future start is not shown to visitors and listed as scheduled', async () => {
    const editor = await signedInEditor(testApp);
    const { id, slug } = await newPage(editor);
    const answer = await editor.agent.post(`/fr/backoffice/pages/${id}`).type('form').send(pageFields(editor, 1, { Slug: slug, Status: 'published', PublishAt: '2099-01-01T10:00' }));
    expect(answer.status).toBe(303);
    expect(Number((await pageRow(id)).publish_at)).toBe(Date.UTC(2099, 0, 1, 9, 0));
    expect((await request(testApp.app).get(`/fr/${slug}`)).status).toBe(404);
    const list = parseHtml((await editor.agent.get('/fr/backoffice/pages')).text);
    expect(attributeOf(list, `tr[data-page-id="${id}"] .backoffice-status`, 'data-status')).toBe('scheduled');
  });

  test.each([
    ['an empty title', { Title: '' }, 'Title'],
    ['a bad slug', { Slug: 'Pas Bon!' }, 'Slug'],
    ['a window ending first', { PublishAt: '2030-01-02T10:00', UnpublishAt: '2030-01-01T10:00' }, 'UnpublishAt'],
    ['an unknown status', { Status: 'gone' }, 'Status'],
  ])('%s is a 400 naming the field; nothing changes', async (_name, values, fieldName) => {
    const editor = await signedInEditor(testApp);
    const { id } = await newPage(editor);
    const before = [await pageRow(id), await textsRow(id, 'fr')];
    const answer = await editor.agent.post(`/fr/backoffice/pages/${id}`).type('form').send(pageFields(editor, 1, values));
    expect(answer.status).toBe(400);
    expect(textOf(parseHtml(answer.text), `#backoffice-page-${fieldName}-error`)).not.toBe('');
    expect([await pageRow(id), await textsRow(id, 'fr')]).toEqual(before);
    expect(await auditActions(id)).toEqual(['page.create']);
  });

  test('a malformed Version, a taken slug or page key, an unknown language: 400, nothing written', async () => {
    const editor = await signedInEditor(testApp);
    const first = await newPage(editor);
    const { id } = await newPage(editor);
    const send = (values: Record<string, string>) => editor.agent.post(`/fr/backoffice/pages/${id}`).type('form').send(pageFields(editor, 1, values));
    expect((await send({ Version: 'abc' })).status).toBe(400);
    const taken = await send({ Slug: first.slug });
    expect(taken.status).toBe(400);
    expect(textOf(parseHtml(taken.text), '#backoffice-page-Slug-error')).toBe(resource('fr', 'BackOffice.Items.SlugTaken'));
    expect((await send({ Language: 'xx' })).status).toBe(400);
    const key = await editor.agent.post('/fr/backoffice/pages').type('form').send({ _csrf: editor.token, PageKey: first.key, Title: 'Autre' });
    expect(key.status).toBe(400);
    expect(textOf(parseHtml(key.text), '#backoffice-new-page-PageKey-error')).toBe(resource('fr', 'BackOffice.Pages.KeyTaken'));
    expect(await pageRow(id)).toMatchObject({ version: 1 });
  });

  test('a customer gets 403 on every editor address; a visitor 401', async () => {
    const customer = await signedIn(testApp, demo.customer);
    expect((await customer.agent.get('/fr/backoffice/pages')).status).toBe(403);
    expect((await customer.agent.post('/fr/backoffice/pages').type('form').send({ _csrf: customer.token, PageKey: 'x', Title: 'x' })).status).toBe(403);
    expect((await request(testApp.app).get('/fr/backoffice/pages/1').set({ 'HX-Request': 'true', 'HX-Target': 'page' })).status).toBe(401);
  });
});

describe('concurrency and revisions', () => {
  test('two editors save the same version: the second gets 409 with its own values, the first is kept', async () => {
    const first = await signedInEditor(testApp);
    const second = await signedInEditor(testApp);
    const { id, slug } = await newPage(first);
    expect((await first.agent.post(`/fr/backoffice/pages/${id}`).type('form').send(pageFields(first, 1, { Title: 'Version de Anne', Slug: slug }))).status).toBe(303);
    const late = await second.agent.post(`/fr/backoffice/pages/${id}`).type('form').send(pageFields(second, 1, { Title: 'Version de Bruno', Slug: slug }));
    expect(late.status).toBe(409);
    const form = parseHtml(late.text);
    expect(textOf(form, '.backoffice-conflict p')).toBe(resource('fr', 'BackOffice.Conflict'));
    expect(attributeOf(form, '.backoffice-conflict a[data-current-version]', 'href')).toBe(`/fr/backoffice/pages/${id}?language=fr`);
    expect(attributeOf(form, '#backoffice-page-Title', 'value')).toBe('Version de Bruno');
    expect((await textsRow(id, 'fr'))!.title).toBe('Version de Anne');
    expect(await pageRow(id)).toMatchObject({ version: 2 });
  });

  test('two saves of the same version at the same moment: one is written, the other is a 409', async () => {
    const first = await signedInEditor(testApp);
    const second = await signedInEditor(testApp);
    const { id, slug } = await newPage(first);
    const answers = await Promise.all([
      first.agent.post(`/fr/backoffice/pages/${id}`).type('form').send(pageFields(first, 1, { Title: 'Parallèle A', Slug: slug })),
      second.agent.post(`/fr/backoffice/pages/${id}`).type('form').send(pageFields(second, 1, { Title: 'Parallèle B', Slug: slug })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409]);
    const winner = answers[0].status === 303 ? 'Parallèle A' : 'Parallèle B';
    expect((await textsRow(id, 'fr'))!.title).toBe(winner);
    expect(await pageRow(id)).toMatchObject({ version: 2 });
    expect(await auditActions(id)).toEqual(['page.create', 'page.update']);
  });

  test('revisions are listed; restoring one is a new revision with the old content', async () => {
    const editor = await signedInEditor(testApp);
    const { id, slug } = await newPage(editor);
    await editor.agent.post(`/fr/backoffice/pages/${id}`).type('form').send(pageFields(editor, 1, { Title: 'Deuxième', Slug: slug }));
    await editor.agent.post(`/fr/backoffice/pages/${id}`).type('form').send(pageFields(editor, 2, { Title: 'Troisième', Slug: slug }));
    const list = parseHtml((await editor.agent.get(`/fr/backoffice/pages/${id}/revisions`)).text);
    expect(attributesOf(list, '.backoffice-revisions tr[data-version]', 'data-version')).toEqual(['3', '2', '1']);
    const second = attributeOf(list, 'tr[data-version="2"]', 'data-revision-id');
    const stale = await editor.agent.post(`/fr/backoffice/pages/${id}/revisions/${second}/restore`).type('form').send({ _csrf: editor.token, Version: '2' });
    expect(stale.status).toBe(303);
    expect((await textsRow(id, 'fr'))!.title).toBe('Troisième');
    const restored = await editor.agent.post(`/fr/backoffice/pages/${id}/revisions/${second}/restore`).type('form').send({ _csrf: editor.token, Version: '3' });
    expect(restored.status).toBe(303);
    expect((await textsRow(id, 'fr'))!.title).toBe('Deuxième');
    expect(await pageRow(id)).toMatchObject({ version: 4 });
    expect(await auditActions(id)).toEqual(['page.create', 'page.update', 'page.update', 'page.restore']);
    expect((await editor.agent.post(`/fr/backoffice/pages/${id}/revisions/999999/restore`).type('form').send({ _csrf: editor.token, Version: '4' })).status).toBe(404);
  });
});

describe('blocks', () => {
  test('add, edit in another culture, move and remove blocks; rich text sanitised; each a new version', async () => {
    const editor = await signedInEditor(testApp);
    const { id } = await newPage(editor);
    const form = await editor.agent.get(`/fr/backoffice/pages/${id}/blocks/new?type=rich-text&language=fr`);
    expect(form.status).toBe(200);
    const add = (version: number, values: Record<string, string>) => editor.agent.post(`/fr/backoffice/pages/${id}/blocks`).type('form').send({ _csrf: editor.token, Language: 'fr', Version: String(version), ...values });
    expect((await add(1, { Type: 'rich-text', 'Texts.html': '<p>Un<script>x</script></p>' })).status).toBe(303);
    expect((await add(2, { Type: 'page-break' })).status).toBe(303);
    const [text, pageBreak] = await blocksOf(id);
    expect([text.type, pageBreak.type]).toEqual(['rich-text', 'page-break']);
    const stored = await testApp.db.selectFrom('page_block_translations').select(['culture', 'texts']).where('block_id', '=', text.id).execute();
    expect(stored).toEqual([{ culture: 'fr', texts: JSON.stringify({ html: '<p>Un</p>' }) }]);
    const german = await editor.agent.post(`/fr/backoffice/pages/${id}/blocks/${text.id}`).type('form').send({ _csrf: editor.token, Language: 'de', Version: '3', 'Texts.html': '<p>Eins</p>' });
    expect(german.status).toBe(303);
    const edit = parseHtml((await editor.agent.get(`/fr/backoffice/pages/${id}?language=de`)).text);
    expect(attributesOf(edit, `li[data-block-id="${text.id}"] .backoffice-translations li`, 'data-state')).toEqual(['filled', 'missing', 'missing', 'filled', 'missing', 'missing']);
    expect(attributeOf(edit, `#block-embed-${text.id}`, 'value')).toMatch(new RegExp(`/widget/page/test-page-\\d+/block/${text.id}$`));
    const moved = await editor.agent.post(`/fr/backoffice/pages/${id}/blocks/${text.id}/move`).type('form').send({ _csrf: editor.token, Version: '4', Direction: 'down' });
    expect(moved.status).toBe(303);
    expect((await blocksOf(id)).map((block) => block.id)).toEqual([pageBreak.id, text.id]);
    const other = await newPage(editor);
    expect((await editor.agent.post(`/fr/backoffice/pages/${other.id}/blocks/${text.id}/move`).type('form').send({ _csrf: editor.token, Version: '1', Direction: 'up' })).status).toBe(404);
    expect((await editor.agent.post(`/fr/backoffice/pages/${id}/blocks/${pageBreak.id}/move`).type('form').send({ _csrf: editor.token, Version: '5', Direction: 'up' })).status).toBe(400);
    expect((await editor.agent.post(`/fr/backoffice/pages/${id}/blocks/${pageBreak.id}/remove`).type('form').send({ _csrf: editor.token, Version: '5' })).status).toBe(303);
    expect((await blocksOf(id)).map((block) => block.id)).toEqual([text.id]);
    expect(await auditActions(id)).toEqual(['page.create', 'page.block.add', 'page.block.add', 'page.block.update', 'page.block.move-down', 'page.block.remove']);
  });

  test('an image block with a bad asset id or an unknown type: 400 naming the field, nothing written', async () => {
    const editor = await signedInEditor(testApp);
    const { id } = await newPage(editor);
    const bad = await editor.agent.post(`/fr/backoffice/pages/${id}/blocks`).type('form').send({ _csrf: editor.token, Language: 'fr', Version: '1', Type: 'image', 'Settings.assetId': 'douze', 'Texts.alt': 'Une image' });
    expect(bad.status).toBe(400);
    expect(textOf(parseHtml(bad.text), '#block-Settings-assetId-error')).toBe(resource('fr', 'BackOffice.Pages.InvalidField'));
    expect(attributeOf(parseHtml(bad.text), '#block-Texts-alt', 'value')).toBe('Une image');
    expect((await editor.agent.post(`/fr/backoffice/pages/${id}/blocks`).type('form').send({ _csrf: editor.token, Language: 'fr', Version: '1', Type: 'nope' })).status).toBe(400);
    expect((await editor.agent.get(`/fr/backoffice/pages/${id}/blocks/new?type=nope`)).status).toBe(400);
    expect(await blocksOf(id)).toEqual([]);
    expect(await pageRow(id)).toMatchObject({ version: 1 });
    const asset = await testApp.db.selectFrom('assets').select('id').orderBy('id').executeTakeFirstOrThrow();
    const good = await editor.agent.post(`/fr/backoffice/pages/${id}/blocks`).type('form').send({ _csrf: editor.token, Language: 'fr', Version: '1', Type: 'image', 'Settings.assetId': String(asset.id), 'Texts.alt': 'Une image' });
    expect(good.status).toBe(303);
    expect((await blocksOf(id)).map((block) => JSON.parse(block.settings))).toEqual([{ assetId: asset.id }]);
  });
});

describe('preview links and delete', () => {
  test('the preview shows the draft on the page template, never stored; expired and forged links are 404', async () => {
    const editor = await signedInEditor(testApp);
    const { id, slug } = await newPage(editor);
    await editor.agent.post(`/fr/backoffice/pages/${id}/blocks`).type('form').send({ _csrf: editor.token, Language: 'fr', Version: '1', Type: 'rich-text', 'Texts.html': '<p class="x">Brouillon secret</p>' });
    const edit = parseHtml((await editor.agent.get(`/fr/backoffice/pages/${id}`)).text);
    const link = attributeOf(edit, 'a[data-preview-link]', 'href')!;
    expect(link).toMatch(/^\/fr\/preview\/page\.\d+\.\d+\.\d+\.\d{13}\.[A-Za-z0-9_-]{43}$/);
    const preview = await request(testApp.app).get(link);
    expect(preview.status).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.headers['x-robots-tag']).toBe('noindex');
    const page = parseHtml(preview.text);
    expect(textOf(page, 'h1')).toBe(`Page d'essai ${counter}`);
    expect(textsOf(page, '.content-block p')).toContain('Brouillon secret');
    expect(preview.text).not.toMatch(/static\/dist\/backoffice/);
    expect((await request(testApp.app).get(`/fr/${slug}`)).status).toBe(404);
    const secret = testApp.config.SESSION_SECRET;
    const state = { version: 2, generation: 0 };
    expect(readPreviewToken(secret, link.split('/').pop()!)).toMatchObject(state);
    const expired = previewToken(secret, { entity: 'page', id, ...state, now: Date.now() - 8 * 24 * 3600 * 1000 });
    expect((await request(testApp.app).get(`/fr/preview/${expired}`)).status).toBe(404);
    const forged = link.split('/').pop()!.replace(/\.(\d+)\./, (_m, digits: string) => `.${Number(digits) + 1}.`);
    expect((await request(testApp.app).get(`/fr/preview/${forged}`)).status).toBe(404);
    const otherKey = previewToken('another-secret-of-at-least-32-characters!', { entity: 'page', id, ...state });
    expect((await request(testApp.app).get(`/fr/preview/${otherKey}`)).status).toBe(404);
    expect((await request(testApp.app).get('/fr/preview/nonsense')).status).toBe(404);
    expect((await request(testApp.app).get(link.replace('/fr/', '/de/'))).status).toBe(404);
  });

  test('delete asks first (a page without JS), then removes the page in every culture; the home page cannot go', async () => {
    const editor = await signedInEditor(testApp);
    const { id } = await newPage(editor);
    const confirm = parseHtml((await editor.agent.get(`/fr/backoffice/pages/${id}/delete`)).text);
    expect(attributeOf(confirm, `form[action="/fr/backoffice/pages/${id}/delete"] input[name="Version"]`, 'value')).toBe('1');
    expect((await editor.agent.post(`/fr/backoffice/pages/${id}/delete`).type('form').send({ _csrf: editor.token, Version: '1' })).status).toBe(303);
    expect(await testApp.db.selectFrom('pages').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await auditActions(id)).toEqual(['page.create', 'page.delete']);
    const home = await testApp.db.selectFrom('pages').select(['id', 'version']).where('is_home', '=', 1).executeTakeFirstOrThrow();
    expect((await editor.agent.post(`/fr/backoffice/pages/${home.id}/delete`).type('form').send({ _csrf: editor.token, Version: String(home.version) })).status).toBe(400);
  });
});
