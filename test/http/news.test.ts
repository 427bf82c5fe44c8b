import { JSDOM } from 'jsdom';
import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, attributesOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { currentMonth, dayKeyOf } from '../../server/news/calendar';

const testApp = useTestApp();
const get = (path: string) => request(testApp.app).get(path);

/** A visible post's slug in a culture (newest first), a draft's and a future one's. */
async function slugs(culture = 'fr') {
  const rows = await testApp.db
    .selectFrom('news_posts')
    .innerJoin('news_post_translations as t', 't.post_id', 'news_posts.id')
    .select(['news_posts.id', 'status', 'publish_at', 'posted_at', 't.slug', 't.title'])
    .where('t.culture', '=', culture)
    .orderBy('posted_at', 'desc')
    .execute();
  const now = Date.now();
  return {
    visible: rows.filter((row) => row.status === 'published' && Number(row.publish_at) <= now),
    draft: rows.find((row) => row.status === 'draft')!,
    future: rows.find((row) => row.status === 'published' && Number(row.publish_at) > now)!,
  };
}

async function categories(culture = 'fr') {
  return testApp.db
    .selectFrom('news_categories')
    .innerJoin('news_category_translations as t', 't.category_id', 'news_categories.id')
    .select(['news_categories.id', 'parent_id', 't.slug', 't.name'])
    .where('t.culture', '=', culture)
    .orderBy('news_categories.position')
    .execute();
}

describe('the news page, {app}/{culture}/news', () => {
  it('lists the newest 3 posts as a blog list with the pagination (data total pages / current page)', async () => {
    const answer = await get('/fr/news');
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('text/html');
    const page = parseHtml(answer.text);
    expect(textOf(page, 'h1')).toBe(resource('fr', 'News.Title'));
    const { visible } = await slugs();
    expect(textsOf(page, '.news-blog .news-blog-title')).toEqual(visible.slice(0, 3).map((row) => row.title));
    expect(attributeOf(page, '.pagination', 'data-total-pages')).toBe(String(Math.ceil(visible.length / 3)));
    expect(attributeOf(page, '.pagination', 'data-current-pages')).toBe('1');
    expect(attributeOf(page, '.news-blog-post:nth-child(1) .news-blog-down', 'href')).toMatch(/^#news-post-\d+$/);
    expect(page.querySelectorAll('.news-ticker-slide').length).toBe(5);
    expect(page.querySelectorAll('.news-navigation-dropdown a').length).toBe(1);
  });

  it('answers ?pageindex=2 with the next posts, and a bad or too far page index with a 400 or 404', async () => {
    const { visible } = await slugs();
    const page = parseHtml((await get('/fr/news?pageindex=2')).text);
    expect(textsOf(page, '.news-blog .news-blog-title')).toEqual(visible.slice(3, 6).map((row) => row.title));
    expect(attributeOf(page, '.pagination', 'data-current-pages')).toBe('2');
    const bad = await get('/fr/news?pageindex=abc');
    expect(bad.status).toBe(400);
    expect(textOf(parseHtml(bad.text), '.error-page p')).toBe(resource('fr', 'Catalog.InvalidParameter'));
    expect((await get('/fr/news?pageindex=99')).status).toBe(404);
  });

  it('shows the calendar of this month by default and of ?month=&year= (a month 13 is a 400)', async () => {
    const now = currentMonth(Date.now());
    const page = parseHtml((await get('/fr/news')).text);
    expect(attributeOf(page, '.news-calendar select[name="month"] option[selected]', 'value')).toBe(String(now.month));
    expect(page.querySelectorAll('.news-calendar .has-news a').length).toBeGreaterThan(0);
    const other = parseHtml((await get('/fr/news?month=1&year=2030')).text);
    expect(attributeOf(other, '.news-calendar select[name="year"] option[selected]', 'value')).toBe('2030');
    expect(textOf(other, '.news-calendar-empty')).toBe(resource('fr', 'News.NoPostsThisMonth'));
    expect((await get('/fr/news?month=13&year=2026')).status).toBe(400);
  });
});

describe('a news post, {app}/{culture}/news/{slug}', () => {
  it('shows the post with its picture linking to the large rendition, and its gallery', async () => {
    const withGallery = await testApp.db.selectFrom('news_post_images').select('post_id').executeTakeFirstOrThrow();
    const { visible } = await slugs('nl');
    const post = visible.find((row) => row.id === withGallery.post_id)!;
    const answer = await get(`/nl/news/${post.slug}`);
    expect(answer.status).toBe(200);
    const page = parseHtml(answer.text);
    expect(textOf(page, 'h1')).toBe(post.title);
    expect(attributeOf(page, '.news-post-picture a', 'href')).toMatch(/^\/assets\/\d+\/1200x1200\/news-[\w-]+\.svg\?key=[\w-]{16}$/);
    expect(attributeOf(page, '.news-post-picture img', 'alt')).toContain(post.title);
    const gallery = attributesOf(page, '.news-post-gallery a', 'data-news-image');
    expect(gallery.length).toBeGreaterThanOrEqual(3);
    expect(gallery.length).toBeLessThanOrEqual(5);
    const image = await get(attributeOf(page, '.news-post-picture a', 'href')!);
    expect(image.status).toBe(200);
    expect(image.type).toMatch(/^image\//);
  });

  it('is a 404 for a draft, a future post and an unknown slug, even when asked by their exact slug', async () => {
    const { draft, future } = await slugs();
    expect((await get(`/fr/news/${draft.slug}`)).status).toBe(404);
    expect((await get(`/fr/news/${future.slug}`)).status).toBe(404);
    const unknown = await get('/fr/news/no-such-post');
    expect(unknown.status).toBe(404);
    expect(textOf(parseHtml(unknown.text), '.error-page p')).toBe(resource('fr', 'News.PostNotFound'));
  });

  it('is a 404 once past its unpublish date, and leaves the lists', async () => {
    const post = (await slugs('pt')).visible[4];
    await testApp.db.updateTable('news_posts').set({ unpublish_at: Date.now() - 1000 }).where('id', '=', post.id).execute();
    try {
      expect((await get(`/pt/news/${post.slug}`)).status).toBe(404);
      const list = parseHtml((await get('/pt/widget/news/gallery/0/false/10')).text);
      expect(textsOf(list, '.news-card-title')).not.toContain(post.title);
    } finally {
      await testApp.db.updateTable('news_posts').set({ unpublish_at: null }).where('id', '=', post.id).execute();
    }
  });

  it('redirects another culture’s slug to the post’s own (the culture switch swaps only the segment)', async () => {
    const [fr, de] = [(await slugs('fr')).visible[0], (await slugs('de')).visible[0]];
    const moved = await get(`/de/news/${fr.slug}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`/de/news/${de.slug}`);
  });
});

describe('a news category, {app}/{culture}/news/category/{slug}', () => {
  it('lists the category’s posts and its children’s as a masonry wall', async () => {
    const [house, events] = await categories();
    expect(events.parent_id).toBe(house.id);
    const page = parseHtml((await get(`/fr/news/category/${house.slug}`)).text);
    expect(textOf(page, 'h1')).toBe(house.name);
    expect(page.querySelector('[data-news-masonry]')).not.toBeNull();
    const names = textsOf(page, '.news-masonry-item .news-meta a');
    expect(names.length).toBe(9);
    expect(new Set(names)).toEqual(new Set([house.name, events.name]));
    const child = parseHtml((await get(`/fr/news/category/${events.slug}`)).text);
    expect(new Set(textsOf(child, '.news-masonry-item .news-meta a'))).toEqual(new Set([events.name]));
    expect((await get('/fr/news/category/nope')).status).toBe(404);
  });
});

describe('the feeds', () => {
  const parseXml = (text: string) => {
    const document = new JSDOM(text, { contentType: 'application/xml' }).window.document;
    expect(document.querySelector('parsererror')).toBeNull();
    return document;
  };

  it('{app}/{culture}/news/feed.xml is RSS 2.0 with the newest visible posts, never a draft or future one', async () => {
    const answer = await get('/it/news/feed.xml');
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/rss+xml');
    const feed = parseXml(answer.text);
    expect(feed.documentElement.getAttribute('version')).toBe('2.0');
    const { visible, draft, future } = await slugs('it');
    const titles = [...feed.querySelectorAll('item > title')].map((node) => node.textContent);
    expect(titles).toEqual(visible.slice(0, 20).map((row) => row.title));
    expect(titles).not.toContain(draft.title);
    expect(titles).not.toContain(future.title);
    expect(feed.querySelector('item > link')!.textContent).toMatch(new RegExp(`^http://127\\.0\\.0\\.1(:\\d+)?/it/news/${visible[0].slug}$`));
  });

  it('{app}/{culture}/news/category/{slug}/feed.xml holds that category’s posts only', async () => {
    const [, , collections] = await categories('es');
    const feed = parseXml((await get(`/es/news/category/${collections.slug}/feed.xml`)).text);
    const links = [...feed.querySelectorAll('item > link')].map((node) => node.textContent);
    expect(links.length).toBe(6);
    expect((await get('/es/news/category/nope/feed.xml')).status).toBe(404);
  });
});

describe('the calendar widget, {site}/widget/news/calendar/{categoryIds}/{displayChildren}/{postPerPage}/{month}/{year}', () => {
  it('is a fragment with cache headers and an ETag; a day with news links to its newslist', async () => {
    const { month, year } = currentMonth(Date.now());
    const answer = await get(`/widget/news/calendar/0/false/3/${month}/${year}?culture=pt`);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
    // The ETag names this body: asked again it is the same, another culture's calendar has its own.
    expect((await get(`/widget/news/calendar/0/false/3/${month}/${year}?culture=pt`)).headers.etag).toBe(answer.headers.etag);
    const french = await get(`/widget/news/calendar/0/false/3/${month}/${year}?culture=fr`);
    expect(french.text).not.toBe(answer.text);
    expect(french.headers.etag).toMatch(/^W\/"/);
    expect(french.headers.etag).not.toBe(answer.headers.etag);
    expect(answer.text).not.toMatch(/<html/);
    const fragment = parseHtml(answer.text);
    const today = dayKeyOf(Date.now());
    expect(attributeOf(fragment, `.has-news a[data-day="${today}"]`, 'data-news-day')).toBe(`/pt/widget/news/newslist/0/false/3/${today}`);
    expect(attributeOf(fragment, `.has-news a[data-day="${today}"]`, 'href')).toBe(`/pt/news/day/${today}`);
    const again = await get(`/widget/news/calendar/0/false/3/${month}/${year}?culture=pt`).set('If-None-Match', answer.headers.etag);
    expect(again.status).toBe(304);
  });

  it('a month without news is a full grid that says so', async () => {
    const fragment = parseHtml((await get('/fr/widget/news/calendar/0/false/3/2/2031')).text);
    expect(fragment.querySelectorAll('.news-calendar-day').length).toBe(28);
    expect(textOf(fragment, '.news-calendar-empty')).toBe(resource('fr', 'News.NoPostsThisMonth'));
  });

  it('counts only the asked categories, with their children when displayChildren is true', async () => {
    const [house] = await categories();
    const { month, year } = currentMonth(Date.now() - 100 * 86_400_000);
    const count = async (path: string) => parseHtml((await get(path)).text).querySelectorAll('.has-news a').length;
    const alone = await count(`/fr/widget/news/calendar/${house.id}/false/3/${month}/${year}`);
    const withChildren = await count(`/fr/widget/news/calendar/${house.id}/true/3/${month}/${year}`);
    const all = await count(`/fr/widget/news/calendar/0/false/3/${month}/${year}`);
    expect(alone).toBeLessThan(withChildren);
    expect(withChildren).toBeLessThan(all);
  });

  it.each([
    ['non-numeric category ids', '/widget/news/calendar/a,b/false/3/1/2026', 'News.InvalidCategoryIds'],
    ['a bad displayChildren', '/widget/news/calendar/0/maybe/3/1/2026', 'News.InvalidDisplayChildren'],
    ['postPerPage 0', '/widget/news/calendar/0/false/0/1/2026', 'News.InvalidPostPerPage'],
    ['postPerPage 10000', '/widget/news/calendar/0/false/10000/1/2026', 'News.InvalidPostPerPage'],
    ['month 13', '/widget/news/calendar/0/false/3/13/2026', 'News.InvalidMonth'],
    ['year 99999', '/widget/news/calendar/0/false/3/1/99999', 'News.InvalidYear'],
    ['an unknown culture', '/widget/news/calendar/0/false/3/1/2026?culture=xx', 'News.InvalidCulture'],
  ])('answers %s with a localised 400', async (_name, path, key) => {
    const answer = await get(path).set('Accept-Language', 'de');
    expect(answer.status).toBe(400);
    expect(textOf(parseHtml(answer.text), '.error-page p')).toBe(resource('de', key));
  });

  it('answers an unknown culture segment with a localised 400', async () => {
    const answer = await get('/xx/widget/news/calendar/0/false/3/1/2026');
    expect(answer.status).toBe(400);
    expect(textOf(parseHtml(answer.text), '.error-page p')).toBe(resource('fr', 'News.InvalidCulture'));
  });

  it('answers an unknown category with a 404', async () => {
    expect((await get('/fr/widget/news/calendar/9999/false/3/1/2026')).status).toBe(404);
  });
});

describe('the newslist widget, {site}/widget/news/newslist/{categoryIds}/{displayChildren}/{postPerPage}/{year-month-day}', () => {
  it('lists that day’s visible posts', async () => {
    const { visible } = await slugs('de');
    const day = dayKeyOf(Number(visible[0].posted_at));
    const answer = await get(`/widget/news/newslist/0/false/3/${day}`).set('Referer', 'http://127.0.0.1/de/news');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
    expect(textsOf(parseHtml(answer.text), '.news-card-title')).toContain(visible[0].title);
  });

  it('says when a day has none, and answers 2026-02-30 with a 400', async () => {
    expect(textOf(parseHtml((await get('/fr/widget/news/newslist/0/false/3/2030-01-01')).text), '.news-empty')).toBe(resource('fr', 'News.NoPostsThisDay'));
    const bad = await get('/fr/widget/news/newslist/0/false/3/2026-02-30');
    expect(bad.status).toBe(400);
    expect(textOf(parseHtml(bad.text), '.error-page p')).toBe(resource('fr', 'News.InvalidDate'));
  });

  it('has a day page for the no-JS day link', async () => {
    const { visible } = await slugs();
    const day = dayKeyOf(Number(visible[0].posted_at));
    const page = parseHtml((await get(`/fr/news/day/${day}`)).text);
    expect(textsOf(page, '.news-card-title')).toContain(visible[0].title);
    expect((await get('/fr/news/day/2026-13-01')).status).toBe(400);
  });
});

describe('the list widgets: gallery, masonry, blog, ticker, navigation', () => {
  it.each(['gallery', 'masonry', 'blog'])('%s lists postPerPage posts with the pagination', async (layout) => {
    const { visible } = await slugs();
    const answer = await get(`/fr/widget/news/${layout}/0/false/4?pageindex=2`);
    expect(answer.status).toBe(200);
    const fragment = parseHtml(answer.text);
    expect(fragment.querySelector(`.news-${layout}`)).not.toBeNull();
    expect(textsOf(fragment, layout === 'blog' ? '.news-blog-title' : '.news-card-title')).toEqual(visible.slice(4, 8).map((row) => row.title));
    expect(attributeOf(fragment, '.pagination', 'data-current-pages')).toBe('2');
  });

  it('the ticker is a readable list of the newest posts; the navigation lists every category', async () => {
    const { visible } = await slugs();
    const ticker = parseHtml((await get('/fr/widget/news/ticker/0/false/3')).text);
    expect(textsOf(ticker, '.news-ticker-slide a')).toEqual(visible.slice(0, 3).map((row) => row.title));
    expect(ticker.querySelectorAll('[data-news-ticker-dot]').length).toBe(3);
    const navigation = parseHtml((await get('/fr/widget/news/navigation')).text);
    expect(textsOf(navigation, '.news-navigation-item > a').slice(1)).toEqual((await categories()).filter((row) => !row.parent_id).map((row) => row.name));
  });
});
