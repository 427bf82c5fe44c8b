// The back office's news editors ({culture}/backoffice/news and /news/categories): who may use them,
// the list, create in two cultures as a draft (visitors get 404, the preview link shows it), publish
// (visitors see it at once: the page cache is cleared), a slug clash, a stale version, revisions and
// restore, move, delete with its confirmation, a category that still has posts, bad ids.
import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, attributesOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { demo, signedIn } from './accounts-helpers';
import { type BackOfficeSession, signedInEditor } from './backoffice-helpers';
import { auditActions, countRows, createdId, editForm, revisionVersions, translatedBody } from './backoffice-content-helpers';

const testApp = useTestApp();

async function firstCategoryId(): Promise<number> {
  const row = await testApp.db.selectFrom('news_categories').select('id').where('parent_id', 'is', null).orderBy('position').orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

// Each post its own words: slugs are unique per culture, and the tests share one database.
let serial = 0;

function postBody(editor: BackOfficeSession, categoryId: number, overrides: Record<string, string> = {}) {
  const n = ++serial;
  return {
    _csrf: editor.token,
    Version: '1',
    CategoryId: String(categoryId),
    Status: 'draft',
    PublishAt: '',
    UnpublishAt: '',
    PostedAt: '2026-03-10T09:30',
    AssetId: '',
    ...translatedBody({
      title: { fr: `Nouvelle boutique à Gand ${n}`, nl: `Nieuwe winkel in Gent ${n}` },
      slug: { fr: `nouvelle-boutique-gand-${n}`, nl: '' },
      summary: { fr: 'Nous ouvrons à Gand.', nl: 'We openen in Gent.' },
      body_html: { fr: '<p>Bienvenue<script>alert(1)</script></p>', nl: '<p>Welkom</p>' },
    }),
    ...overrides,
  };
}

/** A new post's id, its French title and slug. */
async function createPost(editor: BackOfficeSession, overrides: Record<string, string> = {}): Promise<{ id: number; title: string; slug: string }> {
  const body: Record<string, string> = postBody(editor, await firstCategoryId(), overrides);
  const answer = await editor.agent.post('/fr/backoffice/news').type('form').send(body);
  expect(answer.status).toBe(303);
  return { id: createdId(answer.headers.location), title: body.Title_fr!, slug: body.Slug_fr! };
}

describe('roles', () => {
  test.each(['/fr/backoffice/news', '/fr/backoffice/news/new', '/fr/backoffice/news/categories', '/fr/backoffice/news/1', '/fr/backoffice/news/1/revisions', '/fr/backoffice/news/1/delete'])(
    '%s: a visitor 401 (htmx) or the login page, a customer and staff 403',
    async (path) => {
      const ajax = await request(testApp.app).get(path).set({ 'HX-Request': 'true', 'HX-Target': 'page' });
      expect(ajax.status).toBe(401);
      expect((await request(testApp.app).get(path)).headers.location).toMatch(/^\/fr\/security\/login\?returnUrl=/);
      for (const account of [demo.customer, demo.staff]) {
        const { agent } = await signedIn(testApp, account);
        expect((await agent.get(path)).status).toBe(403);
      }
    },
  );

  test('a customer posting to the editors gets 403 and nothing changes', async () => {
    const { agent, token } = await signedIn(testApp, demo.customer);
    const before = await countRows(testApp, 'news_posts');
    const answer = await agent.post('/fr/backoffice/news').type('form').send({ _csrf: token, Title_fr: 'x' });
    expect(answer.status).toBe(403);
    expect(await countRows(testApp, 'news_posts')).toBe(before);
  });
});

describe('the list', () => {
  test('every post with its state and its translations at a glance; never stored', async () => {
    const editor = await signedInEditor(testApp);
    const answer = await editor.agent.get('/fr/backoffice/news');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const page = parseHtml(answer.text);
    expect(textOf(page, '.backoffice-main h1')).toBe(resource('fr', 'BackOffice.News.Title'));
    expect(page.querySelectorAll('tr[data-item-id]')).toHaveLength(await countRows(testApp, 'news_posts'));
    const states = attributesOf(page, '.backoffice-state', 'data-state');
    expect(states).toContain('draft');
    expect(states).toContain('scheduled');
    expect(states).toContain('published');
    expect(attributeOf(page, '.backoffice-nav a[data-section="news"]', 'aria-current')).toBe('page');
  });

  test('the page region alone for htmx (the shell swaps it), the whole document otherwise', async () => {
    const editor = await signedInEditor(testApp);
    const region = await editor.agent.get('/fr/backoffice/news/new').set({ 'HX-Request': 'true', 'HX-Target': 'page' });
    expect(region.status).toBe(200);
    expect(region.headers.vary).toMatch(/HX-Request/);
    const fragment = parseHtml(region.text);
    expect(fragment.querySelector('html, header.site-header')).toBeNull();
    expect(textOf(fragment, 'title')).toContain(resource('fr', 'BackOffice.News.NewPost'));
    expect(fragment.querySelectorAll('fieldset.backoffice-culture').map((fieldset) => fieldset.getAttribute('data-culture'))).toEqual(['fr', 'nl', 'es', 'de', 'it', 'pt']);
    const whole = parseHtml((await editor.agent.get('/fr/backoffice/news/new')).text);
    expect(whole.querySelector('header.site-header')).not.toBeNull();
    expect(whole.querySelectorAll('form.backoffice-form')).toHaveLength(1);
  });

  test('50 rows a page, with previous and next links; a bad page number is a 400, one past the last a 404', async () => {
    const editor = await signedInEditor(testApp);
    const total = await countRows(testApp, 'news_posts');
    const category = await firstCategoryId();
    for (let n = total; n < 51; n++) {
      await testApp.db.insertInto('news_posts').values({ category_id: category, status: 'draft', publish_at: null, unpublish_at: null, posted_at: Date.now(), position: 100 + n, asset_id: null, created_at: Date.now() }).execute();
    }
    const first = parseHtml((await editor.agent.get('/fr/backoffice/news')).text);
    expect(first.querySelectorAll('tr[data-item-id]')).toHaveLength(50);
    expect(attributeOf(first, '.backoffice-paging a[rel="next"]', 'href')).toBe('/fr/backoffice/news?pageindex=2');
    const second = parseHtml((await editor.agent.get('/fr/backoffice/news?pageindex=2')).text);
    expect(second.querySelectorAll('tr[data-item-id]').length).toBe((await countRows(testApp, 'news_posts')) - 50);
    expect(attributeOf(second, '.backoffice-paging a[rel="prev"]', 'href')).toBe('/fr/backoffice/news');
    expect((await editor.agent.get('/fr/backoffice/news?pageindex=abc')).status).toBe(400);
    expect((await editor.agent.get('/fr/backoffice/news?pageindex=99')).status).toBe(404);
  });
});

describe('a post from draft to published', () => {
  test('created in two cultures: audited, a revision, sanitised, missing cultures shown, a 404 for visitors', async () => {
    const editor = await signedInEditor(testApp);
    const { id, title, slug } = await createPost(editor);
    const texts = await testApp.db.selectFrom('news_post_translations').selectAll().where('post_id', '=', id).orderBy('culture').execute();
    expect(texts.map((text) => [text.culture, text.slug, text.body_html])).toEqual([
      ['fr', slug, '<p>Bienvenue</p>'],
      ['nl', `nieuwe-winkel-in-gent-${slug.split('-').pop()}`, '<p>Welkom</p>'],
    ]);
    expect(await auditActions(testApp, 'news-post', id)).toEqual(['news-post.create']);
    expect(await revisionVersions(testApp, 'news-post', id)).toEqual([1]);
    const { page } = await editForm(editor.agent, `/fr/backoffice/news/${id}`);
    expect(attributesOf(page, '.backoffice-translations li', 'data-state')).toEqual(['filled', 'filled', 'missing', 'missing', 'missing', 'missing']);
    expect((await request(testApp.app).get(`/fr/news/${slug}`)).status).toBe(404);
    expect((await request(testApp.app).get(`/nl/news/nieuwe-winkel-in-gent-${slug.split('-').pop()}`)).status).toBe(404);
  });

  test('the signed preview link shows the draft on the real template to anyone; an altered one is a 404', async () => {
    const editor = await signedInEditor(testApp);
    const { id, title, slug } = await createPost(editor);
    const { page } = await editForm(editor.agent, `/fr/backoffice/news/${id}`);
    const links = attributesOf(page, 'a[data-preview]', 'href');
    expect(attributesOf(page, 'a[data-preview]', 'data-preview')).toEqual(['fr', 'nl']);
    const path = new URL(links[0]!).pathname;
    const preview = await request(testApp.app).get(path);
    expect(preview.status).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(textOf(parseHtml(preview.text), 'article.news-post h1')).toBe(title);
    expect((await request(testApp.app).get(path.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')))).status).toBe(404);
    expect((await editor.agent.get(`/nl/backoffice/news/${id}/preview`)).status).toBe(200);
    expect((await editor.agent.get(`/es/backoffice/news/${id}/preview`)).status).toBe(404);
  });

  test('published: the visitor sees it at once, in the list the page cache had kept', async () => {
    const editor = await signedInEditor(testApp);
    const { id, title, slug } = await createPost(editor, { PostedAt: '2099-01-01T10:00' });
    const before = await request(testApp.app).get('/fr/news');
    expect(before.text).not.toContain(title);
    const { values } = await editForm(editor.agent, `/fr/backoffice/news/${id}`);
    const saved = await editor.agent.post(`/fr/backoffice/news/${id}`).type('form').send({ ...values, Status: 'published' });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe(`/fr/backoffice/news/${id}`);
    const post = await request(testApp.app).get(`/fr/news/${slug}`);
    expect(post.status).toBe(200);
    expect(textOf(parseHtml(post.text), 'article.news-post h1')).toBe(title);
    expect(textsOf(parseHtml((await request(testApp.app).get('/fr/news')).text), '.news-blog h2, .news-blog h3')).toContain(title);
    expect(await auditActions(testApp, 'news-post', id)).toEqual(['news-post.create', 'news-post.update']);
  });

  test('scheduled: published with a start in the future stays hidden until then', async () => {
    const editor = await signedInEditor(testApp);
    const { id, title, slug } = await createPost(editor, { Status: 'published', PublishAt: '2099-06-01T08:00' });
    expect((await request(testApp.app).get(`/fr/news/${slug}`)).status).toBe(404);
    const row = await testApp.db.selectFrom('news_posts').select('publish_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.publish_at)).toBe(Date.UTC(2099, 5, 1, 6, 0));
    const list = parseHtml((await editor.agent.get('/fr/backoffice/news')).text);
    expect(attributeOf(list, `tr[data-item-id="${id}"] .backoffice-state`, 'data-state')).toBe('scheduled');
  });
});

describe('the gallery', () => {
  test('pictures by asset id in order with their alternatives per culture; restored with a revision; an unknown asset is a 400', async () => {
    const editor = await signedInEditor(testApp);
    const assets = (await testApp.db.selectFrom('assets').select('id').orderBy('id').limit(2).execute()).map((asset) => asset.id);
    const { id, slug } = await createPost(editor, { GalleryIds: `${assets[1]},${assets[0]}`, GalleryAlts_fr: 'La vitrine\nLe comptoir', GalleryAlts_nl: 'De etalage' });
    const images = await testApp.db.selectFrom('news_post_images').select(['id', 'asset_id', 'position']).where('post_id', '=', id).orderBy('position').execute();
    expect(images.map((image) => image.asset_id)).toEqual([assets[1], assets[0]]);
    const alts = await testApp.db.selectFrom('news_post_image_translations').select(['image_id', 'culture', 'alt']).where('image_id', 'in', images.map((image) => image.id)).orderBy('image_id').orderBy('culture').execute();
    expect(alts.map((alt) => [alt.image_id === images[0]!.id ? 0 : 1, alt.culture, alt.alt])).toEqual([[0, 'fr', 'La vitrine'], [0, 'nl', 'De etalage'], [1, 'fr', 'Le comptoir']]);
    const { page, values } = await editForm(editor.agent, `/fr/backoffice/news/${id}`);
    expect(values.GalleryIds).toBe(`${assets[1]},${assets[0]}`);
    expect(values.GalleryAlts_fr).toBe('La vitrine\nLe comptoir');
    const preview = parseHtml((await request(testApp.app).get(new URL(attributeOf(page, 'a[data-preview="fr"]', 'href')!).pathname)).text);
    expect(attributesOf(preview, '.news-post-gallery img', 'alt')).toEqual(['La vitrine', 'Le comptoir']);
    expect((await editor.agent.post(`/fr/backoffice/news/${id}`).type('form').send({ ...values, GalleryIds: '', GalleryAlts_fr: '', GalleryAlts_nl: '' })).status).toBe(303);
    expect(await testApp.db.selectFrom('news_post_images').select('id').where('post_id', '=', id).execute()).toEqual([]);
    const revision = attributeOf(parseHtml((await editor.agent.get(`/fr/backoffice/news/${id}/revisions`)).text), 'tr[data-version="1"]', 'data-revision-id');
    expect((await editor.agent.post(`/fr/backoffice/news/${id}/revisions/${revision}/restore`).type('form').send({ _csrf: editor.token, Version: '2' })).status).toBe(303);
    expect((await testApp.db.selectFrom('news_post_images').select('asset_id').where('post_id', '=', id).orderBy('position').execute()).map((image) => image.asset_id)).toEqual([assets[1], assets[0]]);
    const refused = await editor.agent.post(`/fr/backoffice/news/${id}`).type('form').send({ ...values, Version: '3', GalleryIds: `${assets[0]},999999` });
    expect(refused.status).toBe(400);
    expect(textOf(parseHtml(refused.text), '[data-valmsg-for="GalleryIds"]')).toBe(resource('fr', 'BackOffice.Items.InvalidGallery'));
    expect((await testApp.db.selectFrom('news_post_images').select('asset_id').where('post_id', '=', id).execute())).toHaveLength(2);
    expect(slug).toMatch(/^nouvelle-boutique-gand-\d+$/);
  });

  test("a seed post's gallery is in its form", async () => {
    const editor = await signedInEditor(testApp);
    const image = await testApp.db.selectFrom('news_post_images').select(['post_id']).executeTakeFirstOrThrow();
    const { values } = await editForm(editor.agent, `/fr/backoffice/news/${image.post_id}`);
    expect(values.GalleryIds).toMatch(/^\d+(,\d+)*$/);
  });
});

describe('bad input changes nothing', () => {
  test("another post's slug in the same culture: 400 on that culture's field", async () => {
    const editor = await signedInEditor(testApp);
    const taken = await testApp.db.selectFrom('news_post_translations').select('slug').where('culture', '=', 'fr').executeTakeFirstOrThrow();
    const before = [await countRows(testApp, 'news_posts'), await countRows(testApp, 'news_post_translations'), await countRows(testApp, 'audit_log')];
    const answer = await editor.agent.post('/fr/backoffice/news').type('form').send(postBody(editor, await firstCategoryId(), { Slug_fr: taken.slug }));
    expect(answer.status).toBe(400);
    const page = parseHtml(answer.text);
    expect(textOf(page, '#bo-news-post-Slug_fr-error')).toBe(resource('fr', 'BackOffice.Items.SlugTaken'));
    expect(attributeOf(page, '#bo-news-post-Title_fr', 'value')).toMatch(/^Nouvelle boutique à Gand \d+$/);
    expect([await countRows(testApp, 'news_posts'), await countRows(testApp, 'news_post_translations'), await countRows(testApp, 'audit_log')]).toEqual(before);
  });

  test('no culture, an unknown category, a bad slug, a window ending first, an unknown asset: 400s, nothing written', async () => {
    const editor = await signedInEditor(testApp);
    const before = await countRows(testApp, 'news_posts');
    const category = await firstCategoryId();
    const cases: [Record<string, string>, string, string][] = [
      [{ Title_fr: '', Title_nl: '', Slug_fr: '', Summary_fr: '', Summary_nl: '', Body_fr: '', Body_nl: '' }, 'Title_fr', 'BackOffice.Items.OneCultureRequired'],
      [{ CategoryId: '999999' }, 'CategoryId', 'BackOffice.Items.InvalidCategory'],
      [{ Slug_fr: 'Pas Bon!' }, 'Slug_fr', 'BackOffice.Items.InvalidSlug'],
      [{ Status: 'published', PublishAt: '2026-05-01T10:00', UnpublishAt: '2026-04-01T10:00' }, 'UnpublishAt', 'BackOffice.Items.WindowEndsFirst'],
      [{ AssetId: '999999' }, 'AssetId', 'BackOffice.Items.InvalidAsset'],
      [{ Title_fr: '', Slug_fr: 'sans-titre' }, 'Title_fr', 'BackOffice.Items.LabelRequired'],
    ];
    for (const [overrides, field, key] of cases) {
      const answer = await editor.agent.post('/fr/backoffice/news').type('form').send(postBody(editor, category, overrides));
      expect(answer.status).toBe(400);
      expect(textOf(parseHtml(answer.text), `[data-valmsg-for="${field}"]`)).toBe(resource('fr', key));
    }
    expect(await countRows(testApp, 'news_posts')).toBe(before);
  });

  test('bad ids: 404; a bad direction or version: 400', async () => {
    const editor = await signedInEditor(testApp);
    for (const path of ['/fr/backoffice/news/abc', '/fr/backoffice/news/0', '/fr/backoffice/news/999999', '/fr/backoffice/news/999999/revisions', '/fr/backoffice/news/categories/999999']) {
      expect((await editor.agent.get(path)).status).toBe(404);
    }
    const { id, title, slug } = await createPost(editor);
    expect((await editor.agent.post(`/fr/backoffice/news/${id}/move`).type('form').send({ _csrf: editor.token, Direction: 'sideways' })).status).toBe(400);
    expect((await editor.agent.post(`/fr/backoffice/news/${id}/delete`).type('form').send({ _csrf: editor.token, Version: 'x' })).status).toBe(400);
    expect(await countRows(testApp, 'news_posts')).toBeGreaterThan(0);
    expect(await testApp.db.selectFrom('news_posts').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
  });
});

describe('two editors, revisions', () => {
  test('the second save of the same version is a 409 that keeps its input; saving again is a choice', async () => {
    const first = await signedInEditor(testApp);
    const second = await signedInEditor(testApp);
    const { id, title, slug } = await createPost(first);
    const one = await editForm(first.agent, `/fr/backoffice/news/${id}`);
    const two = await editForm(second.agent, `/fr/backoffice/news/${id}`);
    expect((await first.agent.post(`/fr/backoffice/news/${id}`).type('form').send({ ...one.values, Title_fr: 'Titre du premier' })).status).toBe(303);
    const stale = await second.agent.post(`/fr/backoffice/news/${id}`).type('form').send({ ...two.values, Title_fr: 'Titre du second' });
    expect(stale.status).toBe(409);
    const page = parseHtml(stale.text);
    expect(textOf(page, '[data-conflict]')).toBe(resource('fr', 'BackOffice.Conflict'));
    expect(attributeOf(page, '#bo-news-post-Title_fr', 'value')).toBe('Titre du second');
    expect(attributeOf(page, 'input[name="Version"]', 'value')).toBe('2');
    const text = await testApp.db.selectFrom('news_post_translations').select('title').where('post_id', '=', id).where('culture', '=', 'fr').executeTakeFirstOrThrow();
    expect(text.title).toBe('Titre du premier');
  });

  test('revisions list every saved version; restoring one is a new version with its texts', async () => {
    const editor = await signedInEditor(testApp);
    const { id, title, slug } = await createPost(editor);
    const { values } = await editForm(editor.agent, `/fr/backoffice/news/${id}`);
    await editor.agent.post(`/fr/backoffice/news/${id}`).type('form').send({ ...values, Title_fr: 'Deuxième titre' });
    const answer = await editor.agent.get(`/fr/backoffice/news/${id}/revisions`);
    expect(answer.status).toBe(200);
    const page = parseHtml(answer.text);
    expect(attributesOf(page, 'tr[data-revision-id]', 'data-version')).toEqual(['2', '1']);
    const revision = attributeOf(page, 'tr[data-version="1"]', 'data-revision-id');
    const restored = await editor.agent.post(`/fr/backoffice/news/${id}/revisions/${revision}/restore`).type('form').send({ _csrf: editor.token, Version: '2' });
    expect(restored.status).toBe(303);
    const text = await testApp.db.selectFrom('news_post_translations').select('title').where('post_id', '=', id).where('culture', '=', 'fr').executeTakeFirstOrThrow();
    expect(text.title).toBe(title);
    expect(await revisionVersions(testApp, 'news-post', id)).toEqual([1, 2, 3]);
    expect(await auditActions(testApp, 'news-post', id)).toEqual(['news-post.create', 'news-post.update', 'news-post.restore']);
    const stale = await editor.agent.post(`/fr/backoffice/news/${id}/revisions/${revision}/restore`).type('form').send({ _csrf: editor.token, Version: '2' });
    expect(stale.status).toBe(409);
  });
});

describe('order and delete', () => {
  test('move up and down renumbers the category and is audited', async () => {
    const editor = await signedInEditor(testApp);
    const frenchOnly = { Title_nl: '', Summary_nl: '', Body_nl: '' };
    const { id: first } = await createPost(editor, frenchOnly);
    const { id: second } = await createPost(editor, frenchOnly);
    const position = async (id: number) => Number((await testApp.db.selectFrom('news_posts').select('position').where('id', '=', id).executeTakeFirstOrThrow()).position);
    expect(await position(second)).toBeGreaterThan(await position(first));
    const moved = await editor.agent.post(`/fr/backoffice/news/${second}/move`).type('form').send({ _csrf: editor.token, Direction: 'up' });
    expect(moved.status).toBe(303);
    expect(moved.headers.location).toBe('/fr/backoffice/news');
    expect(await position(second)).toBeLessThan(await position(first));
    expect(await auditActions(testApp, 'news-post', second)).toEqual(['news-post.create', 'news-post.move']);
  });

  test('delete: a confirmation page, then the post and its translations are gone', async () => {
    const editor = await signedInEditor(testApp);
    const { id, title, slug } = await createPost(editor);
    const confirm = parseHtml((await editor.agent.get(`/fr/backoffice/news/${id}/delete`)).text);
    expect(attributeOf(confirm, '.backoffice-delete form', 'action')).toBe(`/fr/backoffice/news/${id}/delete`);
    const answer = await editor.agent.post(`/fr/backoffice/news/${id}/delete`).type('form').send({ _csrf: editor.token, Version: '1' });
    expect(answer.status).toBe(303);
    expect(await testApp.db.selectFrom('news_post_translations').select('slug').where('post_id', '=', id).execute()).toEqual([]);
    expect(await auditActions(testApp, 'news-post', id)).toEqual(['news-post.create', 'news-post.delete']);
  });

  test('a category with posts or children refuses to be deleted, with a clear message; an empty one goes', async () => {
    const editor = await signedInEditor(testApp);
    const id = await firstCategoryId();
    const page = parseHtml((await editor.agent.get(`/fr/backoffice/news/categories/${id}/delete`)).text);
    expect(textOf(page, '[data-delete-blocked]')).toBe(resource('fr', 'BackOffice.Items.HasChildren'));
    expect(page.querySelector('.backoffice-delete form')).toBeNull();
    const refused = await editor.agent.post(`/fr/backoffice/news/categories/${id}/delete`).type('form').send({ _csrf: editor.token, Version: '1' });
    expect(refused.status).toBe(409);
    expect(await testApp.db.selectFrom('news_categories').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
    const created = await editor.agent.post('/fr/backoffice/news/categories').type('form').send({ _csrf: editor.token, Version: '1', ParentId: String(id), ...translatedBody({ name: { fr: 'Presse', de: 'Presse' } }) });
    expect(created.status).toBe(303);
    const child = createdId(created.headers.location);
    const slugs = await testApp.db.selectFrom('news_category_translations').select(['culture', 'slug']).where('category_id', '=', child).orderBy('culture').execute();
    expect(slugs).toEqual([{ culture: 'de', slug: 'presse' }, { culture: 'fr', slug: 'presse' }]);
    expect((await request(testApp.app).get('/fr/news/category/presse')).status).toBe(200);
    const removed = await editor.agent.post(`/fr/backoffice/news/categories/${child}/delete`).type('form').send({ _csrf: editor.token, Version: '1' });
    expect(removed.status).toBe(303);
    expect((await request(testApp.app).get('/fr/news/category/presse')).status).toBe(404);
  });

  test('a category cannot be its own parent nor the child of a child', async () => {
    const editor = await signedInEditor(testApp);
    const child = await testApp.db.selectFrom('news_categories').select(['id', 'parent_id']).where('parent_id', 'is not', null).executeTakeFirstOrThrow();
    const { values } = await editForm(editor.agent, `/fr/backoffice/news/categories/${child.parent_id}`);
    const own = await editor.agent.post(`/fr/backoffice/news/categories/${child.parent_id}`).type('form').send({ ...values, ParentId: String(child.parent_id) });
    expect(own.status).toBe(400);
    const deeper = await editor.agent.post('/fr/backoffice/news/categories').type('form').send({ _csrf: editor.token, Version: '1', ParentId: String(child.id), ...translatedBody({ name: { fr: 'Trop profond' } }) });
    expect(deeper.status).toBe(400);
    expect(textOf(parseHtml(deeper.text), '[data-valmsg-for="ParentId"]')).toBe(resource('fr', 'BackOffice.Items.InvalidCategory'));
  });
});
