// Issue 15 item 1: the main navigation built from menus that are data (server/menus): the catalog's
// departments with their subcategories, the content sections, account and cart, in each culture's own
// slugs; an item whose target is gone, inactive or unpublished is left out, never a 500.
import request from 'supertest';
import { cultures } from '../../server/config';
import { pageIdOf, setPagePublishing } from '../../server/content/blocks-data';
import { addMenuItem, removeMenuItem } from '../../server/menus/data';
import { clearCatalogCaches } from '../../server/catalog/lists-cache';
import { type Html, attributeOf, attributesOf, parseHtml, textOf, textsOf } from '../support/html';
import { useTestApp } from '../support/app';
import { resource } from '../support/resources';

const testApp = useTestApp();

async function page(url: string): Promise<Html> {
  const answer = await request(testApp.app).get(url);
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/html/);
  return parseHtml(answer.text);
}

/** The departments and their subcategories as the catalog has them, in the culture. */
async function catalogDepartments(culture: string) {
  const rows = await testApp.db
    .selectFrom('categories')
    .innerJoin('category_translations as text', 'text.category_id', 'categories.id')
    .select(['categories.id', 'categories.parent_id', 'text.name', 'text.slug'])
    .where('text.culture', '=', culture)
    .where('categories.depth', '<=', 2)
    .orderBy('categories.position')
    .orderBy('categories.id')
    .execute();
  const path = (row: (typeof rows)[number]) => `/${culture}/catalog/category/${row.id}/${encodeURIComponent(row.slug)}`;
  return rows
    .filter((row) => row.parent_id === null)
    .map((department) => ({ id: department.id, name: department.name, href: path(department), children: rows.filter((row) => row.parent_id === department.id).map(path) }));
}

describe('the main navigation', () => {
  it.each([...cultures])('lists the departments with their subcategories, the content sections, account and cart in %s', async (culture) => {
    const html = await page(`/${culture}/`);
    const departments = await catalogDepartments(culture);
    expect(departments.length).toBeGreaterThanOrEqual(3);
    const tops = html.querySelectorAll('#main-navigation li.nav-item');
    const categoryItems = html.querySelectorAll('#main-navigation li.nav-item-category');
    expect(categoryItems.map((item) => item.querySelector('.dropdown-toggle')?.getAttribute('href'))).toEqual(departments.map((department) => department.href));
    expect(categoryItems.map((item) => item.querySelector('.dropdown-toggle')?.textContent)).toEqual(departments.map((department) => department.name));
    for (const [index, department] of departments.entries()) {
      expect(categoryItems[index]!.classList.contains('dropdown')).toBe(true);
      expect(attributesOf(categoryItems[index]!, '.dropdown-menu a', 'href')).toEqual(department.children);
    }
    const links = attributesOf(html, '#main-navigation a', 'href');
    for (const section of ['news', 'projects', 'faq', 'account', 'shoppingcarts']) expect(links).toContain(`/${culture}/${section}`);
    expect(textsOf(html, '#main-navigation .nav-item-news > a')).toEqual([resource(culture, 'Menus.News')]);
    expect(textsOf(html, '#main-navigation .nav-item-cart > a')).toEqual([resource(culture, 'Menus.Cart')]);
    expect(tops.length).toBe(departments.length + 5);
    expect(attributeOf(html, '#main-navigation', 'aria-label')).toBe(resource(culture, 'Core.MainNavigation'));
  });

  it("links each culture's pages and categories by that culture's own slug, and every link answers without a 404 or a redirect chain", async () => {
    const slugs = new Set<string>();
    for (const culture of cultures) {
      const html = await page(`/${culture}/about`);
      const inside = attributesOf(html, '#main-navigation a', 'href').filter((href) => !href!.startsWith('#')) as string[];
      expect(inside.every((href) => href.startsWith(`/${culture}/`))).toBe(true);
      slugs.add(inside.filter((href) => href.includes('/catalog/category/')).join('|'));
      for (const href of inside.filter((link) => !link.endsWith('/account'))) {
        const answer = await request(testApp.app).get(href);
        expect([href, answer.status]).toEqual([href, 200]);
      }
    }
    expect(slugs.size).toBe(cultures.length);
  });

  it('marks the current page in the navigation', async () => {
    const [department] = await catalogDepartments('de');
    const html = await page(department!.href);
    expect(attributeOf(html, '#main-navigation a[aria-current="page"]', 'href')).toBe(department!.href);
  });

  it('leaves out an item whose target was deleted, is inactive or unpublished, and shows a menu change at once', async () => {
    const before = attributesOf(await page('/fr/'), '#main-navigation a', 'href');
    const gone = await addMenuItem(testApp.db, { code: 'main', kind: 'category', targetId: 987654, position: 0 });
    const goneDay = await addMenuItem(testApp.db, { code: 'main', kind: 'page', targetId: 987654, position: 0 });
    const outOfWindow = await addMenuItem(testApp.db, { code: 'main', kind: 'url', url: 'https://example.com/sale', labels: { fr: 'Soldes' }, endsAt: Date.now() - 1000 });
    expect(attributesOf(await page('/fr/'), '#main-navigation a', 'href')).toEqual(before);

    const shown = await addMenuItem(testApp.db, { code: 'main', kind: 'url', url: 'https://example.com/sale', labels: { fr: 'Soldes' }, position: 99 });
    const withSale = await page('/fr/');
    expect(attributesOf(withSale, '#main-navigation a', 'href')).toContain('https://example.com/sale');
    expect(textsOf(withSale, '#main-navigation .nav-item-url > a')).toEqual(['Soldes']);
    // A URL item without a label in a culture is left out there.
    expect(attributesOf(await page('/nl/'), '#main-navigation a', 'href')).not.toContain('https://example.com/sale');
    for (const id of [gone, goneDay, outOfWindow, shown]) expect(await removeMenuItem(testApp.db, { code: 'main', itemId: id })).toBe(true);
    expect(attributesOf(await page('/fr/'), '#main-navigation a', 'href')).toEqual(before);
  });

  it('leaves out a department made inactive, with its subcategories, and a page unpublished', async () => {
    const [department] = await catalogDepartments('fr');
    await testApp.db.updateTable('categories').set({ is_active: 0 }).where('id', '=', department!.id).execute();
    const legal = (await pageIdOf(testApp.db, 'legal'))!;
    // setPagePublishing drops the kept pages and menus (clearCatalogCaches).
    await setPagePublishing(testApp.db, { pageId: legal, status: 'draft' });
    try {
      const links = attributesOf(await page('/fr/faq'), '#main-navigation a', 'href');
      expect(links).not.toContain(department!.href);
      expect(links.filter((href) => department!.children.includes(href!))).toEqual([]);
      expect(links).not.toContain('/fr/legal');
      expect(links).toContain('/fr/contact');
    } finally {
      await testApp.db.updateTable('categories').set({ is_active: 1 }).where('id', '=', department!.id).execute();
      await setPagePublishing(testApp.db, { pageId: legal, status: 'published' });
    }
  });
});

describe('the footer, the follow-us block and the side navigation', () => {
  it.each([...cultures])("lists the footer menu's pages in %s and links the social pages from the settings", async (culture) => {
    const html = await page(`/${culture}/news`);
    const footer = attributesOf(html, '.footer-links a', 'href');
    expect(footer.slice(0, 3)).toEqual(['legal', 'contact', 'about'].map((slug) => `/${culture}/${slug}`));
    expect(textOf(html, '.follow-us-title')).toBe(resource(culture, 'Menus.FollowUs'));
    const social = attributesOf(html, '[data-follow-us] a', 'href');
    expect(social.length).toBeGreaterThanOrEqual(3);
    expect(social.every((href) => /^https:\/\//.test(href!))).toBe(true);
    expect(textsOf(html, '[data-follow-us] a .visually-hidden').every((name) => name.length > 2)).toBe(true);
  });

  it('shows a changed social setting at once and leaves out one that is not an https address', async () => {
    await testApp.db.updateTable('site_settings').set({ value: 'javascript:alert(1)' }).where('key', '=', 'social.facebook').execute();
    clearCatalogCaches(testApp.db);
    try {
      const links = attributesOf(await page('/fr/faq'), '[data-follow-us] a', 'href');
      expect(links.some((href) => href!.includes('facebook') || href!.startsWith('javascript'))).toBe(false);
    } finally {
      await testApp.db.updateTable('site_settings').set({ value: 'https://www.facebook.com/example.shop' }).where('key', '=', 'social.facebook').execute();
      clearCatalogCaches(testApp.db);
    }
  });

  it("gives a content page with sections a side navigation to each titled block, by the block's id", async () => {
    const html = await page('/fr/about');
    const targets = attributesOf(html, '[data-side-navigation] a', 'href') as string[];
    expect(targets.length).toBeGreaterThanOrEqual(2);
    for (const target of targets) {
      expect(target).toMatch(/^#block-\d+$/);
      expect(html.querySelector(target)?.classList.contains('content-block')).toBe(true);
    }
    expect(attributeOf(html, '[data-side-navigation]', 'aria-label')).toBe(resource('fr', 'Menus.SideNavigation'));
    expect(html.querySelector('[data-side-navigation] a.active')).toBeNull();
  });
});

