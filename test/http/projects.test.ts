import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, attributesOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';

const testApp = useTestApp();
const get = (path: string) => request(testApp.app).get(path);

async function translation(slugOrTitle: { culture: string; draft?: boolean; index?: number }) {
  return testApp.db
    .selectFrom('projects as p')
    .innerJoin('project_translations as t', 't.project_id', 'p.id')
    .where('t.culture', '=', slugOrTitle.culture)
    .where('p.status', '=', slugOrTitle.draft ? 'draft' : 'published')
    .orderBy('p.position')
    .select(['p.id', 'p.category_id', 't.slug', 't.title', 't.address', 'p.latitude', 'p.longitude'])
    .limit(1)
    .offset(slugOrTitle.index ?? 0)
    .executeTakeFirstOrThrow();
}

async function categoryOf(categoryId: number, culture: string) {
  return testApp.db.selectFrom('project_category_translations').where('category_id', '=', categoryId).where('culture', '=', culture).select(['slug', 'name']).executeTakeFirstOrThrow();
}

describe('the demo projects', () => {
  it('holds 3 categories and 9 published projects with galleries of 3 to 6 images, and one draft, in all six cultures', async () => {
    const { db } = testApp;
    expect(await db.selectFrom('project_categories').select('id').execute()).toHaveLength(3);
    const projects = await db.selectFrom('projects').select(['id', 'status']).execute();
    expect(projects.filter((project) => project.status === 'published')).toHaveLength(9);
    expect(projects.filter((project) => project.status === 'draft')).toHaveLength(1);
    for (const project of projects) {
      const images = await db.selectFrom('project_images').select('id').where('project_id', '=', project.id).execute();
      expect(images.length).toBeGreaterThanOrEqual(3);
      expect(images.length).toBeLessThanOrEqual(6);
      const cultures = await db.selectFrom('project_translations').select('culture').where('project_id', '=', project.id).execute();
      expect(cultures.map((row) => row.culture).sort()).toEqual(['de', 'es', 'fr', 'it', 'nl', 'pt']);
    }
  });
});

describe('the category grid, {app}/{culture}/projects', () => {
  it('shows each category with its picture, count and a link to its list', async () => {
    const answer = await get('/nl/projects');
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('text/html');
    const page = parseHtml(answer.text);
    expect(textOf(page, 'h1')).toBe(resource('nl', 'Projects.Title'));
    const links = attributesOf(page, '.project-category-card h2 a', 'href');
    expect(links).toHaveLength(3);
    expect(links.every((link) => /^\/nl\/projects\/category\/[a-z0-9-]+$/.test(link!))).toBe(true);
    expect(textsOf(page, '.project-card-count')).toEqual(['3 projecten', '3 projecten', '3 projecten']);
  });
});

describe('a category list, {app}/{culture}/projects/category/{slug}', () => {
  it('lists its visible projects and leaves the draft out', async () => {
    const draft = await translation({ culture: 'fr', draft: true });
    const category = await categoryOf(draft.category_id, 'fr');
    const answer = await get(`/fr/projects/category/${category.slug}`);
    expect(answer.status).toBe(200);
    const page = parseHtml(answer.text);
    expect(textOf(page, 'h1')).toBe(category.name);
    const titles = textsOf(page, '.project-card-title');
    expect(titles).toHaveLength(3);
    expect(titles).not.toContain(draft.title);
  });

  it('answers 404 for an unknown slug and redirects another culture’s slug to this culture’s', async () => {
    expect((await get('/fr/projects/category/nope')).status).toBe(404);
    const project = await translation({ culture: 'de' });
    const german = await categoryOf(project.category_id, 'de');
    const french = await categoryOf(project.category_id, 'fr');
    const moved = await get(`/fr/projects/category/${german.slug}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`/fr/projects/category/${french.slug}`);
  });
});

describe('a project, {app}/{culture}/projects/{slug}', () => {
  it('shows its title, description, address, map and directions links, and a masonry gallery of lazy images with alt texts', async () => {
    const project = await translation({ culture: 'es' });
    const answer = await get(`/es/projects/${project.slug}`);
    expect(answer.status).toBe(200);
    const page = parseHtml(answer.text);
    expect(textOf(page, 'h1')).toBe(project.title);
    expect(textOf(page, '.project-address')).toBe(project.address);
    expect(page.querySelector('.project-description p')).not.toBeNull();
    expect(page.querySelector('.project-description script')).toBeNull();
    const directions = attributeOf(page, 'a.project-directions', 'href')!;
    expect(directions).toBe(`https://www.openstreetmap.org/directions?to=${project.latitude}%2C${project.longitude}`);
    expect(page.querySelector(`a[href="/es/projects/${project.slug}/map"]`)).not.toBeNull();
    const images = page.querySelectorAll('[data-projects-gallery] img.lozad');
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const image of images) {
      expect(image.getAttribute('data-src')).toMatch(/^\/assets\/\d+\/\d+x\d+\/project-/);
      expect(image.getAttribute('alt')).toContain(project.title);
    }
    const image = await get(images[0].getAttribute('data-src')!);
    expect(image.status).toBe(200);
    expect(image.type).toMatch(/^image\//);
  });

  it('is a 404 for the draft, for a future project and for an expired one', async () => {
    const draft = await translation({ culture: 'fr', draft: true });
    expect((await get(`/fr/projects/${draft.slug}`)).status).toBe(404);
    expect((await get(`/fr/projects/${draft.slug}/map`)).status).toBe(404);
    const later = await translation({ culture: 'fr', index: 1 });
    await testApp.db.updateTable('projects').set({ publish_at: Date.now() + 86_400_000 }).where('id', '=', later.id).execute();
    try {
      expect((await get(`/fr/projects/${later.slug}`)).status).toBe(404);
    } finally {
      await testApp.db.updateTable('projects').set({ publish_at: null, unpublish_at: Date.now() - 1000 }).where('id', '=', later.id).execute();
    }
    try {
      expect((await get(`/fr/projects/${later.slug}`)).status).toBe(404);
    } finally {
      await testApp.db.updateTable('projects').set({ unpublish_at: null }).where('id', '=', later.id).execute();
    }
    expect((await get(`/fr/projects/${later.slug}`)).status).toBe(200);
  });

  it('redirects another culture’s slug, and answers the page region alone for htmx', async () => {
    const italian = await translation({ culture: 'it' });
    const portuguese = await translation({ culture: 'pt' });
    const moved = await get(`/pt/projects/${italian.slug}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`/pt/projects/${portuguese.slug}`);
    const region = await get(`/pt/projects/${portuguese.slug}`).set('HX-Request', 'true').set('HX-Target', 'page');
    expect(region.status).toBe(200);
    expect(region.text).not.toContain('<html');
    expect(textOf(parseHtml(region.text), 'h1')).toBe(portuguese.title);
  });
});

describe('the map detail, {app}/{culture}/projects/{slug}/map', () => {
  it('lists the place with its address and directions link, and renders no map without a maps key', async () => {
    const project = await translation({ culture: 'fr' });
    const answer = await get(`/fr/projects/${project.slug}/map`);
    expect(answer.status).toBe(200);
    const page = parseHtml(answer.text);
    expect(textOf(page, '.map-place-title')).toBe(project.title);
    expect(textOf(page, '.map-place-address')).toBe(project.address);
    expect(attributeOf(page, '.map-place-directions', 'href')).toBe(`https://www.openstreetmap.org/directions?to=${project.latitude}%2C${project.longitude}`);
    expect(page.querySelector('[data-map]')).toBeNull();
  });
});

describe('the projects grid widget, {site}/widget/projects/grid/{categoryIds}', () => {
  it('answers the grid alone, in the culture asked, for one or more categories', async () => {
    const first = await translation({ culture: 'de' });
    const categories = await testApp.db.selectFrom('project_categories').select('id').orderBy('position').execute();
    const answer = await get(`/widget/projects/grid/${categories[0].id},${categories[1].id}?culture=de`);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('text/html');
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
    expect(answer.text).not.toContain('<html');
    const fragment = parseHtml(answer.text);
    expect(textsOf(fragment, '.project-card-title')).toHaveLength(6);
    expect(textsOf(fragment, '.project-card-title')).toContain(first.title);
    const cultureLevel = await get(`/it/widget/projects/grid/${categories[2].id}`);
    expect(cultureLevel.status).toBe(200);
    expect(parseHtml(cultureLevel.text).querySelectorAll('.project-card a[href^="/it/projects/"]').length).toBeGreaterThan(0);
  });

  it('answers a localised 400 for a malformed list and a 404 for an unknown or unpublished category, never a 500', async () => {
    for (const bad of ['abc', '1,,2', '0', '-1', '1.5', `${'1,'.repeat(21)}1`, '99999999999']) {
      const answer = await get(`/widget/projects/grid/${encodeURIComponent(bad)}?culture=fr`).set('Accept', 'application/json');
      expect(answer.status).toBe(400);
      expect(answer.body.Errors).toEqual([{ Field: 'categoryIds', Message: resource('fr', 'Projects.InvalidCategoryIds') }]);
    }
    expect((await get('/widget/projects/grid/999999?culture=fr')).status).toBe(404);
    const category = await testApp.db.selectFrom('project_categories').select('id').orderBy('position').executeTakeFirstOrThrow();
    await testApp.db.updateTable('project_categories').set({ status: 'draft' }).where('id', '=', category.id).execute();
    try {
      expect((await get(`/widget/projects/grid/${category.id}?culture=fr`)).status).toBe(404);
      const detail = await translation({ culture: 'fr' });
      expect((await get(`/fr/projects/${detail.slug}`)).status).toBe(404);
    } finally {
      await testApp.db.updateTable('project_categories').set({ status: 'published' }).where('id', '=', category.id).execute();
    }
  });

  it('never shows the draft project', async () => {
    const draft = await translation({ culture: 'fr', draft: true });
    const answer = await get(`/widget/projects/grid/${draft.category_id}?culture=fr`);
    expect(textsOf(parseHtml(answer.text), '.project-card-title')).not.toContain(draft.title);
  });
});

describe('the projects map widget, {site}/widget/map/projects/{categoryIds}', () => {
  it('lists every visible project as a place with its directions link and a search form that keeps the config', async () => {
    const categories = await testApp.db.selectFrom('project_categories').select('id').execute();
    const ids = categories.map((category) => category.id).join(',');
    const answer = await get(`/widget/map/projects/${ids}?culture=nl&zoom=9`);
    expect(answer.status).toBe(200);
    const fragment = parseHtml(answer.text);
    expect(fragment.querySelectorAll('.map-place')).toHaveLength(9);
    expect(fragment.querySelectorAll('.map-place-directions')).toHaveLength(9);
    expect(attributeOf(fragment, 'form.map-search', 'action')).toBe(`/widget/map/projects/${ids}`);
    expect(attributeOf(fragment, 'form.map-search input[name="zoom"]', 'value')).toBe('9');
    expect(attributeOf(fragment, 'form.map-search input[name="culture"]', 'value')).toBe('nl');
  });

  it('answers a localised 400 naming a bad config value, and 404 for an unknown category', async () => {
    const category = await testApp.db.selectFrom('project_categories').select('id').executeTakeFirstOrThrow();
    for (const [name, value] of [['zoom', '40'], ['mapType', 'moon'], ['center', 'north'], ['draggable', 'maybe'], ['fitBounds', 'yes']]) {
      const answer = await get(`/widget/map/projects/${category.id}?culture=es&${name}=${value}`).set('Accept', 'application/json');
      expect(answer.status).toBe(400);
      expect(answer.body.Errors).toEqual([{ Field: name, Message: resource('es', 'Maps.InvalidConfig') }]);
    }
    expect((await get('/widget/map/projects/424242?culture=es')).status).toBe(404);
  });
});
