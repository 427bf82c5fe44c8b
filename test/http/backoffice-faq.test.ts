// The back office's FAQ editors ({culture}/backoffice/faq for entries, /faq/categories): roles, the
// list, an entry from draft (absent for visitors, shown by its signed preview) to published (on the FAQ
// page the page cache had kept), an anchor clash, a stale version, revisions, move, delete, a category
// that still has entries, a new category in draft and published, bad ids.
import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, attributesOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { demo, signedIn } from './accounts-helpers';
import { type BackOfficeSession, signedInEditor } from './backoffice-helpers';
import { auditActions, countRows, createdId, editForm, revisionVersions, translatedBody } from './backoffice-content-helpers';

const testApp = useTestApp();
let serial = 0;

async function firstCategoryId(): Promise<number> {
  return (await testApp.db.selectFrom('faq_categories').select('id').orderBy('position').orderBy('id').executeTakeFirstOrThrow()).id;
}

async function entryBody(editor: BackOfficeSession, overrides: Record<string, string> = {}): Promise<Record<string, string>> {
  const n = ++serial;
  return {
    _csrf: editor.token,
    Version: '1',
    CategoryId: String(await firstCategoryId()),
    Status: 'draft',
    PublishAt: '',
    UnpublishAt: '',
    ...translatedBody({
      question: { fr: `Livrez-vous le dimanche ${n} ?`, es: `¿Entregan los domingos ${n}?` },
      anchor: { fr: '', es: `entregan-domingos-${n}` },
      answer_html: { fr: '<p>Oui, <a href="javascript:alert(1)">parfois</a>.</p>', es: '<p>Sí, a veces.</p>' },
    }),
    ...overrides,
  };
}

async function createEntry(editor: BackOfficeSession, overrides: Record<string, string> = {}) {
  const body = await entryBody(editor, overrides);
  const answer = await editor.agent.post('/fr/backoffice/faq').type('form').send(body);
  expect(answer.status).toBe(303);
  return { id: createdId(answer.headers.location), question: body.Question_fr! };
}

describe('roles', () => {
  test.each(['/fr/backoffice/faq', '/fr/backoffice/faq/new', '/fr/backoffice/faq/categories', '/fr/backoffice/faq/1', '/fr/backoffice/faq/categories/1/delete'])(
    '%s: 401 for a visitor (htmx), 403 for a customer and staff',
    async (path) => {
      expect((await request(testApp.app).get(path).set({ 'HX-Request': 'true', 'HX-Target': 'page' })).status).toBe(401);
      for (const account of [demo.customer, demo.staff]) expect((await (await signedIn(testApp, account)).agent.get(path)).status).toBe(403);
    },
  );

  test('a customer cannot delete a category', async () => {
    const { agent, token } = await signedIn(testApp, demo.customer);
    const id = await firstCategoryId();
    expect((await agent.post(`/fr/backoffice/faq/categories/${id}/delete`).type('form').send({ _csrf: token, Version: '1' })).status).toBe(403);
    expect(await testApp.db.selectFrom('faq_categories').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
  });
});

describe('entries', () => {
  test('the list: every entry with its state and translations', async () => {
    const editor = await signedInEditor(testApp);
    const answer = await editor.agent.get('/fr/backoffice/faq');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const page = parseHtml(answer.text);
    expect(page.querySelectorAll('tr[data-item-id]')).toHaveLength(await countRows(testApp, 'faq_entries'));
    expect(attributesOf(page, '.backoffice-state', 'data-state')).toEqual(expect.arrayContaining(['draft', 'scheduled', 'published']));
  });

  test('a draft is absent for visitors and shown by its preview; published, it is on the FAQ page at once', async () => {
    const editor = await signedInEditor(testApp);
    const kept = await request(testApp.app).get('/fr/faq');
    const { id, question } = await createEntry(editor);
    const texts = await testApp.db.selectFrom('faq_entry_translations').select(['culture', 'anchor', 'answer_html']).where('entry_id', '=', id).orderBy('culture').execute();
    expect(texts[1]).toEqual({ culture: 'fr', anchor: question.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''), answer_html: '<p>Oui, <a>parfois</a>.</p>' });
    expect(kept.text).not.toContain(question);
    expect(textsOf(parseHtml((await request(testApp.app).get('/fr/faq')).text), 'summary')).not.toContain(question);
    const { page, values } = await editForm(editor.agent, `/fr/backoffice/faq/${id}`);
    const preview = await request(testApp.app).get(new URL(attributeOf(page, 'a[data-preview="fr"]', 'href')!).pathname);
    expect(preview.status).toBe(200);
    expect(textsOf(parseHtml(preview.text), 'summary')).toContain(question);
    expect(attributeOf(page, 'input[data-embed-url]', 'value')).toMatch(new RegExp(`/fr/widget/faq/${values.CategoryId}$`));
    expect((await editor.agent.post(`/fr/backoffice/faq/${id}`).type('form').send({ ...values, Status: 'published' })).status).toBe(303);
    expect(textsOf(parseHtml((await request(testApp.app).get('/fr/faq')).text), 'summary')).toContain(question);
    expect(await auditActions(testApp, 'faq-entry', id)).toEqual(['faq-entry.create', 'faq-entry.update']);
  });

  test("an anchor another entry has in that culture: 400 on the field, nothing written", async () => {
    const editor = await signedInEditor(testApp);
    const taken = await testApp.db.selectFrom('faq_entry_translations').select('anchor').where('culture', '=', 'es').executeTakeFirstOrThrow();
    const before = await countRows(testApp, 'faq_entry_translations');
    const answer = await editor.agent.post('/fr/backoffice/faq').type('form').send(await entryBody(editor, { Anchor_es: taken.anchor }));
    expect(answer.status).toBe(400);
    expect(textOf(parseHtml(answer.text), '[data-valmsg-for="Anchor_es"]')).toBe(resource('fr', 'BackOffice.Items.SlugTaken'));
    expect(await countRows(testApp, 'faq_entry_translations')).toBe(before);
  });

  test('a stale version: 409 with the input kept; revisions restore an older text', async () => {
    const first = await signedInEditor(testApp);
    const second = await signedInEditor(testApp);
    const { id, question } = await createEntry(first);
    const one = await editForm(first.agent, `/fr/backoffice/faq/${id}`);
    const two = await editForm(second.agent, `/fr/backoffice/faq/${id}`);
    expect((await first.agent.post(`/fr/backoffice/faq/${id}`).type('form').send({ ...one.values, Question_fr: 'Première ?' })).status).toBe(303);
    const stale = await second.agent.post(`/fr/backoffice/faq/${id}`).type('form').send({ ...two.values, Question_fr: 'Seconde ?' });
    expect(stale.status).toBe(409);
    expect(attributeOf(parseHtml(stale.text), '#bo-faq-entry-Question_fr', 'value')).toBe('Seconde ?');
    const revisions = parseHtml((await first.agent.get(`/fr/backoffice/faq/${id}/revisions`)).text);
    const revision = attributeOf(revisions, 'tr[data-version="1"]', 'data-revision-id');
    expect((await first.agent.post(`/fr/backoffice/faq/${id}/revisions/${revision}/restore`).type('form').send({ _csrf: first.token, Version: '2' })).status).toBe(303);
    const text = await testApp.db.selectFrom('faq_entry_translations').select('question').where('entry_id', '=', id).where('culture', '=', 'fr').executeTakeFirstOrThrow();
    expect(text.question).toBe(question);
    expect(await revisionVersions(testApp, 'faq-entry', id)).toEqual([1, 2, 3]);
  });

  test('move up, then delete after the confirmation page', async () => {
    const editor = await signedInEditor(testApp);
    const { id } = await createEntry(editor);
    const position = async () => Number((await testApp.db.selectFrom('faq_entries').select('position').where('id', '=', id).executeTakeFirstOrThrow()).position);
    const last = await position();
    expect((await editor.agent.post(`/fr/backoffice/faq/${id}/move`).type('form').send({ _csrf: editor.token, Direction: 'up' })).status).toBe(303);
    expect(await position()).toBe(last - 1);
    expect((await editor.agent.get(`/fr/backoffice/faq/${id}/delete`)).status).toBe(200);
    expect((await editor.agent.post(`/fr/backoffice/faq/${id}/delete`).type('form').send({ _csrf: editor.token, Version: '1' })).status).toBe(303);
    expect(await testApp.db.selectFrom('faq_entries').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await auditActions(testApp, 'faq-entry', id)).toEqual(['faq-entry.create', 'faq-entry.move', 'faq-entry.delete']);
  });

  test('bad ids are 404s; an unknown category a 400', async () => {
    const editor = await signedInEditor(testApp);
    for (const path of ['/fr/backoffice/faq/x', '/fr/backoffice/faq/999999', '/fr/backoffice/faq/categories/999999/revisions']) expect((await editor.agent.get(path)).status).toBe(404);
    const answer = await editor.agent.post('/fr/backoffice/faq').type('form').send(await entryBody(editor, { CategoryId: '999999' }));
    expect(answer.status).toBe(400);
    expect(textOf(parseHtml(answer.text), '[data-valmsg-for="CategoryId"]')).toBe(resource('fr', 'BackOffice.Items.InvalidCategory'));
  });
});

describe('categories', () => {
  test('a category with entries refuses to be deleted', async () => {
    const editor = await signedInEditor(testApp);
    const id = await firstCategoryId();
    expect(textOf(parseHtml((await editor.agent.get(`/fr/backoffice/faq/categories/${id}/delete`)).text), '[data-delete-blocked]')).toBe(resource('fr', 'BackOffice.Items.HasChildren'));
    expect((await editor.agent.post(`/fr/backoffice/faq/categories/${id}/delete`).type('form').send({ _csrf: editor.token, Version: '1' })).status).toBe(409);
    expect(await testApp.db.selectFrom('faq_entries').select('id').where('category_id', '=', id).execute()).not.toHaveLength(0);
  });

  test('a new category: a draft is a 404 for visitors, published it has its page; empty, it can be deleted', async () => {
    const editor = await signedInEditor(testApp);
    const body = { _csrf: editor.token, Version: '1', Status: 'draft', PublishAt: '', UnpublishAt: '', ...translatedBody({ title: { fr: 'Garanties', it: 'Garanzie' } }) };
    const created = await editor.agent.post('/fr/backoffice/faq/categories').type('form').send(body);
    expect(created.status).toBe(303);
    const id = createdId(created.headers.location);
    expect((await request(testApp.app).get('/fr/faq/garanties')).status).toBe(404);
    const { values } = await editForm(editor.agent, `/fr/backoffice/faq/categories/${id}`);
    expect((await editor.agent.post(`/fr/backoffice/faq/categories/${id}`).type('form').send({ ...values, Status: 'published' })).status).toBe(303);
    expect((await request(testApp.app).get('/it/faq/garanzie')).status).toBe(200);
    expect((await editor.agent.post(`/fr/backoffice/faq/categories/${id}/delete`).type('form').send({ _csrf: editor.token, Version: '2' })).status).toBe(303);
    expect((await request(testApp.app).get('/it/faq/garanzie')).status).toBe(404);
  });
});
