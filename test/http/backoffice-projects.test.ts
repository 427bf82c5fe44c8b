// The back office's project editors ({culture}/backoffice/projects and /projects/categories): roles, the
// list, a project from draft (a 404 for visitors, its signed preview on the detail template) to
// published (in its category's grid the page cache had kept), a slug clash, coordinates out of range, an
// unknown picture, a stale version, revisions, move, delete, a category with projects, bad ids.
import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, attributesOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { demo, signedIn } from './accounts-helpers';
import { type BackOfficeSession, signedInEditor } from './backoffice-helpers';
import { auditActions, countRows, createdId, editForm, revisionVersions, translatedBody } from './backoffice-content-helpers';

const testApp = useTestApp();
let serial = 0;

async function visibleCategory(): Promise<{ id: number; slug: string }> {
  return testApp.db
    .selectFrom('project_categories as c')
    .innerJoin('project_category_translations as t', 't.category_id', 'c.id')
    .select(['c.id', 't.slug'])
    .where('c.status', '=', 'published')
    .where('t.culture', '=', 'fr')
    .orderBy('c.position')
    .executeTakeFirstOrThrow();
}

async function projectBody(editor: BackOfficeSession, overrides: Record<string, string> = {}): Promise<Record<string, string>> {
  const n = ++serial;
  const asset = await testApp.db.selectFrom('assets').select('id').executeTakeFirstOrThrow();
  return {
    _csrf: editor.token,
    Version: '1',
    CategoryId: String((await visibleCategory()).id),
    Status: 'draft',
    PublishAt: '',
    UnpublishAt: '',
    Latitude: '51,0543',
    Longitude: '3.7174',
    AssetId: String(asset.id),
    GalleryIds: String(asset.id),
    GalleryAlts_fr: 'La verrière vue du quai',
    ...translatedBody({
      title: { fr: `Atelier de Gand ${n}`, pt: `Oficina de Gante ${n}` },
      slug: { fr: `atelier-gand-${n}`, pt: '' },
      summary: { fr: 'Un atelier lumineux.', pt: 'Uma oficina luminosa.' },
      description_html: { fr: '<p onclick="x()">Lumineux</p>', pt: '<p>Luminosa</p>' },
      address: { fr: 'Korenmarkt 1, Gand', pt: 'Korenmarkt 1, Gante' },
      image_alt: { fr: 'La verrière', pt: 'A claraboia' },
    }),
    ...overrides,
  };
}

async function createProject(editor: BackOfficeSession, overrides: Record<string, string> = {}) {
  const body = await projectBody(editor, overrides);
  const answer = await editor.agent.post('/fr/backoffice/projects').type('form').send(body);
  expect(answer.status).toBe(303);
  return { id: createdId(answer.headers.location), title: body.Title_fr!, slug: body.Slug_fr! };
}

describe('roles', () => {
  test.each(['/fr/backoffice/projects', '/fr/backoffice/projects/new', '/fr/backoffice/projects/categories', '/fr/backoffice/projects/categories/new', '/fr/backoffice/projects/1/revisions'])(
    '%s: 401 for a visitor (htmx), 403 for a customer and staff',
    async (path) => {
      expect((await request(testApp.app).get(path).set({ 'HX-Request': 'true', 'HX-Target': 'page' })).status).toBe(401);
      for (const account of [demo.customer, demo.staff]) expect((await (await signedIn(testApp, account)).agent.get(path)).status).toBe(403);
    },
  );

  test('staff cannot move a project', async () => {
    const { agent, token } = await signedIn(testApp, demo.staff);
    expect((await agent.post('/fr/backoffice/projects/1/move').type('form').send({ _csrf: token, Direction: 'down' })).status).toBe(403);
  });
});

describe('projects', () => {
  test('the list: every project with its category, state and translations', async () => {
    const editor = await signedInEditor(testApp);
    const answer = await editor.agent.get('/fr/backoffice/projects');
    expect(answer.status).toBe(200);
    const page = parseHtml(answer.text);
    expect(page.querySelectorAll('tr[data-item-id]')).toHaveLength(await countRows(testApp, 'projects'));
    expect(attributesOf(page, '.backoffice-state', 'data-state')).toEqual(expect.arrayContaining(['draft', 'published']));
    expect(attributesOf(page, 'tr[data-item-id] .backoffice-translations li', 'data-state')).not.toContain('missing');
  });

  test('a draft: a 404 for visitors, its preview on the detail template; published, in the grid at once', async () => {
    const editor = await signedInEditor(testApp);
    const category = await visibleCategory();
    const kept = await request(testApp.app).get(`/fr/projects/category/${category.slug}`);
    const body = await projectBody(editor);
    const created = await editor.agent.post('/fr/backoffice/projects').type('form').send(body);
    expect(created.status).toBe(303);
    const [id, title, slug] = [createdId(created.headers.location), body.Title_fr!, body.Slug_fr!];
    const row = await testApp.db.selectFrom('projects').select(['latitude', 'longitude']).where('id', '=', id).executeTakeFirstOrThrow();
    expect([Number(row.latitude), Number(row.longitude)]).toEqual([51.0543, 3.7174]);
    const text = await testApp.db.selectFrom('project_translations').select('description_html').where('project_id', '=', id).where('culture', '=', 'fr').executeTakeFirstOrThrow();
    expect(text.description_html).toBe('<p>Lumineux</p>');
    const gallery = await testApp.db.selectFrom('project_images as i').innerJoin('project_image_translations as t', 't.image_id', 'i.id').select(['i.asset_id', 't.culture', 't.alt']).where('i.project_id', '=', id).execute();
    expect(gallery).toEqual([{ asset_id: Number(body.AssetId), culture: 'fr', alt: 'La verrière vue du quai' }]);
    expect((await request(testApp.app).get(`/fr/projects/${slug}`)).status).toBe(404);
    expect(kept.text).not.toContain(title);
    const { page, values } = await editForm(editor.agent, `/fr/backoffice/projects/${id}`);
    expect(attributeOf(page, 'input[data-embed-url]', 'value')).toMatch(new RegExp(`/fr/widget/projects/grid/${category.id}$`));
    const preview = await request(testApp.app).get(new URL(attributeOf(page, 'a[data-preview="pt"]', 'href')!).pathname);
    expect(preview.status).toBe(200);
    expect(textOf(parseHtml(preview.text), '.project-detail h1')).toBe(title.replace('Atelier de Gand', 'Oficina de Gante'));
    expect((await editor.agent.post(`/fr/backoffice/projects/${id}`).type('form').send({ ...values, Status: 'published' })).status).toBe(303);
    expect((await request(testApp.app).get(`/fr/projects/${slug}`)).status).toBe(200);
    expect(textsOf(parseHtml((await request(testApp.app).get(`/fr/projects/category/${category.slug}`)).text), 'h2, h3')).toContain(title);
    expect(await auditActions(testApp, 'project', id)).toEqual(['project.create', 'project.update']);
  });

  test('bad input is a 400 naming the field, and nothing is written', async () => {
    const editor = await signedInEditor(testApp);
    const taken = await testApp.db.selectFrom('project_translations').select('slug').where('culture', '=', 'fr').executeTakeFirstOrThrow();
    const before = [await countRows(testApp, 'projects'), await countRows(testApp, 'project_translations')];
    const cases: [Record<string, string>, string, string][] = [
      [{ Slug_fr: taken.slug }, 'Slug_fr', 'BackOffice.Items.SlugTaken'],
      [{ Latitude: '91' }, 'Latitude', 'BackOffice.Projects.InvalidLatitude'],
      [{ Longitude: '-181' }, 'Longitude', 'BackOffice.Projects.InvalidLongitude'],
      [{ AssetId: '999999' }, 'AssetId', 'BackOffice.Items.InvalidAsset'],
      [{ CategoryId: '999999' }, 'CategoryId', 'BackOffice.Items.InvalidCategory'],
    ];
    for (const [overrides, field, key] of cases) {
      const answer = await editor.agent.post('/fr/backoffice/projects').type('form').send(await projectBody(editor, overrides));
      expect(answer.status).toBe(400);
      expect(textOf(parseHtml(answer.text), `[data-valmsg-for="${field}"]`)).toBe(resource('fr', key));
    }
    expect([await countRows(testApp, 'projects'), await countRows(testApp, 'project_translations')]).toEqual(before);
    for (const path of ['/fr/backoffice/projects/abc', '/fr/backoffice/projects/999999/delete', '/fr/backoffice/projects/categories/0']) expect((await editor.agent.get(path)).status).toBe(404);
  });

  test('a stale version is a 409 keeping the input; a revision restores the older text; move; delete', async () => {
    const first = await signedInEditor(testApp);
    const second = await signedInEditor(testApp);
    const { id, title } = await createProject(first);
    const one = await editForm(first.agent, `/fr/backoffice/projects/${id}`);
    const two = await editForm(second.agent, `/fr/backoffice/projects/${id}`);
    expect((await first.agent.post(`/fr/backoffice/projects/${id}`).type('form').send({ ...one.values, Title_fr: 'Premier' })).status).toBe(303);
    const stale = await second.agent.post(`/fr/backoffice/projects/${id}`).type('form').send({ ...two.values, Title_fr: 'Second' });
    expect(stale.status).toBe(409);
    expect(attributeOf(parseHtml(stale.text), '#bo-project-Title_fr', 'value')).toBe('Second');
    const revision = attributeOf(parseHtml((await first.agent.get(`/fr/backoffice/projects/${id}/revisions`)).text), 'tr[data-version="1"]', 'data-revision-id');
    expect((await first.agent.post(`/fr/backoffice/projects/${id}/revisions/${revision}/restore`).type('form').send({ _csrf: first.token, Version: '2' })).status).toBe(303);
    expect((await testApp.db.selectFrom('project_translations').select('title').where('project_id', '=', id).where('culture', '=', 'fr').executeTakeFirstOrThrow()).title).toBe(title);
    expect(await revisionVersions(testApp, 'project', id)).toEqual([1, 2, 3]);
    expect((await first.agent.post(`/fr/backoffice/projects/${id}/move`).type('form').send({ _csrf: first.token, Direction: 'up' })).status).toBe(303);
    expect((await first.agent.post(`/fr/backoffice/projects/${id}/delete`).type('form').send({ _csrf: first.token, Version: '2' })).status).toBe(409);
    expect((await first.agent.post(`/fr/backoffice/projects/${id}/delete`).type('form').send({ _csrf: first.token, Version: '3' })).status).toBe(303);
    expect(await auditActions(testApp, 'project', id)).toEqual(['project.create', 'project.update', 'project.restore', 'project.move', 'project.delete']);
  });
});

describe('categories', () => {
  test('a category with projects refuses to be deleted; a new one goes from draft to published with its picture', async () => {
    const editor = await signedInEditor(testApp);
    const category = await visibleCategory();
    expect(textOf(parseHtml((await editor.agent.get(`/fr/backoffice/projects/categories/${category.id}/delete`)).text), '[data-delete-blocked]')).toBe(resource('fr', 'BackOffice.Items.HasChildren'));
    expect((await editor.agent.post(`/fr/backoffice/projects/categories/${category.id}/delete`).type('form').send({ _csrf: editor.token, Version: '1' })).status).toBe(409);
    const asset = await testApp.db.selectFrom('assets').select('id').executeTakeFirstOrThrow();
    const body = { _csrf: editor.token, Version: '1', Status: 'draft', PublishAt: '', UnpublishAt: '', AssetId: String(asset.id), ...translatedBody({ name: { fr: 'Bureaux', nl: 'Kantoren' }, summary: { fr: 'Des bureaux.', nl: 'Kantoren.' } }) };
    const created = await editor.agent.post('/fr/backoffice/projects/categories').type('form').send(body);
    expect(created.status).toBe(303);
    const id = createdId(created.headers.location);
    expect((await request(testApp.app).get('/nl/projects/category/kantoren')).status).toBe(404);
    const { values } = await editForm(editor.agent, `/fr/backoffice/projects/categories/${id}`);
    expect(values.AssetId).toBe(String(asset.id));
    expect((await editor.agent.post(`/fr/backoffice/projects/categories/${id}`).type('form').send({ ...values, Status: 'published' })).status).toBe(303);
    expect((await request(testApp.app).get('/nl/projects/category/kantoren')).status).toBe(200);
    expect(await auditActions(testApp, 'project-category', id)).toEqual(['project-category.create', 'project-category.update']);
  });
});
