// Issue 28, item 4b: a preview link dies with the draft it shows. Its token names the item's version
// and preview generation; the link answers 404 once the item is saved again (the rule: a link shows
// one version, never a later one), deleted, or its links revoked by an editor (a form, CSRF, no JS
// needed). Only editors and administrators can revoke.
import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, type Html, parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { demo, signedIn, visitor } from './accounts-helpers';
import { type BackOfficeSession, signedInEditor } from './backoffice-helpers';
import { auditActions, createdId, editForm, translatedBody } from './backoffice-content-helpers';

const testApp = useTestApp();
let serial = 0;

async function createPost(editor: BackOfficeSession): Promise<number> {
  const category = await testApp.db.selectFrom('news_categories').select('id').where('parent_id', 'is', null).orderBy('id').executeTakeFirstOrThrow();
  const n = ++serial;
  const answer = await editor.agent.post('/fr/backoffice/news').type('form').send({
    _csrf: editor.token, Version: '1', CategoryId: String(category.id), Status: 'draft', PublishAt: '', UnpublishAt: '', PostedAt: '2026-03-10T09:30', AssetId: '',
    ...translatedBody({ title: { fr: `Aperçu secret ${n}` }, slug: { fr: `apercu-secret-${n}` }, summary: { fr: 'Résumé' }, body_html: { fr: '<p>Brouillon</p>' } }),
  });
  expect(answer.status).toBe(303);
  return createdId(answer.headers.location);
}

/** The French preview link the editor's page shows (a path), and the page. */
async function previewOf(editor: BackOfficeSession, id: number): Promise<{ link: string; page: Html; values: Record<string, string> }> {
  const { page, values } = await editForm(editor.agent, `/fr/backoffice/news/${id}`);
  return { link: new URL(attributeOf(page, 'a[data-preview="fr"]', 'href')!).pathname, page, values };
}

const status = async (path: string) => (await request(testApp.app).get(path)).status;

describe('a preview link dies with its draft', () => {
  test('a new save (a change, or unpublishing) ends the links made before; the editor shows a new one', async () => {
    const editor = await signedInEditor(testApp);
    const id = await createPost(editor);
    const first = await previewOf(editor, id);
    expect(await status(first.link)).toBe(200);
    expect((await editor.agent.post(`/fr/backoffice/news/${id}`).type('form').send({ ...first.values, Title_fr: 'Titre changé' })).status).toBe(303);
    expect(await status(first.link)).toBe(404);
    const second = await previewOf(editor, id);
    expect(second.link).not.toBe(first.link);
    const shown = await request(testApp.app).get(second.link);
    expect([shown.status, textOf(parseHtml(shown.text), 'article.news-post h1')]).toEqual([200, 'Titre changé']);
  });

  test('deleting the item ends its links', async () => {
    const editor = await signedInEditor(testApp);
    const id = await createPost(editor);
    const { link, values } = await previewOf(editor, id);
    expect(await status(link)).toBe(200);
    expect((await editor.agent.post(`/fr/backoffice/news/${id}/delete`).type('form').send({ _csrf: editor.token, Version: values.Version })).status).toBe(303);
    expect(await status(link)).toBe(404);
  });
});

describe('revoking the preview links of an item', () => {
  test('a form in the editor (no JS) ends every link made before, back to the editor with a notice; audited', async () => {
    const editor = await signedInEditor(testApp);
    const id = await createPost(editor);
    const { link, page, values } = await previewOf(editor, id);
    expect(await status(link)).toBe(200);
    const form = page.querySelector('form.backoffice-revoke-previews')!;
    expect(form.getAttribute('action')).toBe(`/fr/backoffice/previews/news-post/${id}/revoke`);
    expect(textOf(form, 'button')).toBe(resource('fr', 'BackOffice.Items.RevokePreviews'));
    const answer = await editor.agent.post(form.getAttribute('action')!).type('form').send({ _csrf: editor.token, ReturnUrl: attributeOf(form, 'input[name="ReturnUrl"]', 'value') });
    expect([answer.status, answer.headers.location]).toEqual([303, `/fr/backoffice/news/${id}`]);
    expect(await status(link)).toBe(404);
    const after = parseHtml((await editor.agent.get(answer.headers.location)).text);
    expect(textOf(after, '.flash-success')).toBe(resource('fr', 'BackOffice.Items.PreviewsRevoked'));
    const fresh = new URL(attributeOf(after, 'a[data-preview="fr"]', 'href')!).pathname;
    expect(await status(fresh)).toBe(200);
    // Revoking does not touch the item: the open form still saves at its version.
    expect((await editor.agent.post(`/fr/backoffice/news/${id}`).type('form').send({ ...values, Title_fr: 'Encore' })).status).toBe(303);
    const row = await testApp.db.selectFrom('preview_generations').select('generation').where('entity', '=', 'news-post').where('entity_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.generation)).toBe(1);
    expect(await auditActions(testApp, 'news-post', id)).toEqual(['news-post.create', 'news-post.preview-revoke', 'news-post.update']);
  });

  test("the pages editor has the same button; revoked twice, each time the page's links die", async () => {
    const editor = await signedInEditor(testApp);
    const created = await editor.agent.post('/fr/backoffice/pages').type('form').send({ _csrf: editor.token, PageKey: `preview-page-${++serial}`, Title: `Page aperçu ${serial}`, Slug: '' });
    const edit = created.headers.location as string;
    for (let round = 1; round <= 2; round++) {
      const page = parseHtml((await editor.agent.get(edit)).text);
      const link = attributeOf(page, 'a[data-preview-link]', 'href')!;
      expect(await status(link)).toBe(200);
      const form = page.querySelector('form.backoffice-revoke-previews')!;
      const answer = await editor.agent.post(form.getAttribute('action')!).type('form').send({ _csrf: editor.token, ReturnUrl: attributeOf(form, 'input[name="ReturnUrl"]', 'value') });
      expect([answer.status, answer.headers.location]).toEqual([303, edit]);
      expect(await status(link)).toBe(404);
    }
  });

  test('visitors, customers and staff cannot revoke; a wrong kind, id or CSRF token changes nothing', async () => {
    const editor = await signedInEditor(testApp);
    const id = await createPost(editor);
    const { link } = await previewOf(editor, id);
    const path = `/fr/backoffice/previews/news-post/${id}/revoke`;
    const anonymous = await visitor(testApp);
    expect((await anonymous.agent.post(path).type('form').send({ _csrf: anonymous.token })).status).toBe(401);
    for (const account of [demo.customer, demo.staff]) {
      const { agent, token } = await signedIn(testApp, account);
      expect({ account: account.email, status: (await agent.post(path).type('form').send({ _csrf: token })).status }).toEqual({ account: account.email, status: 403 });
    }
    expect((await editor.agent.post(path).type('form').send({ _csrf: 'wrong' })).status).toBe(403);
    expect((await editor.agent.post(`/fr/backoffice/previews/menu/${id}/revoke`).type('form').send({ _csrf: editor.token })).status).toBe(404);
    expect((await editor.agent.post('/fr/backoffice/previews/news-post/999999/revoke').type('form').send({ _csrf: editor.token })).status).toBe(404);
    expect((await editor.agent.post('/fr/backoffice/previews/news-post/abc/revoke').type('form').send({ _csrf: editor.token })).status).toBe(404);
    expect(await testApp.db.selectFrom('preview_generations').select('generation').where('entity_id', '=', id).execute()).toEqual([]);
    expect(await status(link)).toBe(200);
  });

  test('an unsafe return address goes back to the back office home instead', async () => {
    const editor = await signedInEditor(testApp);
    const id = await createPost(editor);
    const answer = await editor.agent.post(`/fr/backoffice/previews/news-post/${id}/revoke`).type('form').send({ _csrf: editor.token, ReturnUrl: '//evil.example/x' });
    expect([answer.status, answer.headers.location]).toEqual([303, '/fr/backoffice']);
  });
});
