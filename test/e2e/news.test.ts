// News in Chromium: the calendar's month navigation and day links with and without JavaScript, the
// masonry wall, the lightbox on a post's picture, and the ticker with and without JavaScript.
import type { Page } from 'playwright-core';
import { resource } from '../support/resources';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';

const bed = useBrowserTestBed();
jest.setTimeout(60_000);

async function visit(path: string, { javaScript = true, width = 1280 } = {}) {
  const opened = await openPage(bed.browser, `${bed.server.url}/fr/about`, { javaScript });
  await withConsentAnswered(opened.context, bed.server.url);
  await opened.page.setViewportSize({ width, height: 900 });
  await opened.page.goto(`${bed.server.url}${path}`);
  if (javaScript) await waitForShell(opened.page);
  return opened;
}

const monthLabel = (page: Page) => page.textContent('.news-calendar-month');
const selectedMonth = (page: Page) => page.$eval('.news-calendar select[name="month"]', (select) => (select as HTMLSelectElement).value);

describe('the news calendar', () => {
  it('without JavaScript: the month links and the month form load the news page at that month; a day link its page', async () => {
    const { page, context } = await visit('/fr/news', { javaScript: false });
    const shown = Number(await selectedMonth(page));
    await Promise.all([page.waitForNavigation(), page.click('.news-calendar-step >> nth=0')]);
    expect(new URL(page.url()).searchParams.get('month')).toBe(String(shown === 1 ? 12 : shown - 1));
    expect(Number(await selectedMonth(page))).toBe(shown === 1 ? 12 : shown - 1);
    await page.selectOption('.news-calendar select[name="month"]', '2');
    await page.selectOption('.news-calendar select[name="year"]', String(new Date().getUTCFullYear() + 1));
    await Promise.all([page.waitForNavigation(), page.click('.news-calendar-form button')]);
    expect(await page.textContent('.news-calendar-empty')).toBe(resource('fr', 'News.NoPostsThisMonth'));
    await page.goto(`${bed.server.url}/fr/news`);
    await Promise.all([page.waitForNavigation(), page.click('.news-calendar .has-news a >> nth=-1')]);
    expect(new URL(page.url()).pathname).toMatch(/^\/fr\/news\/day\/\d{4}-\d{2}-\d{2}$/);
    expect(await page.$$eval('.news-card', (cards) => cards.length)).toBeGreaterThan(0);
    await context.close();
  });

  it('with JavaScript: the month changes in place (the page stays), a day shows its news below, a failure an inline alert', async () => {
    const { page, context, errors } = await visit('/fr/news');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));
    const before = await monthLabel(page);
    await page.click('.news-calendar-step >> nth=0');
    await page.waitForFunction((label) => document.querySelector('.news-calendar-month')?.textContent !== label, before);
    await page.click('.news-calendar-step >> nth=1');
    await page.waitForFunction((label) => document.querySelector('.news-calendar-month')?.textContent === label, before);
    await page.selectOption('.news-calendar select[name="month"]', '3');
    await page.selectOption('.news-calendar select[name="year"]', '2024');
    await page.click('.news-calendar-form button');
    await page.waitForFunction(() => document.querySelector<HTMLSelectElement>('.news-calendar select[name="year"]')?.value === '2024');
    expect(await selectedMonth(page)).toBe('3');
    expect(await page.textContent('.news-calendar-empty')).toBe(resource('fr', 'News.NoPostsThisMonth'));
    expect(await page.evaluate(() => (window as unknown as { marker: string }).marker)).toBe('still here');
    expect(new URL(page.url()).pathname).toBe('/fr/news');

    await page.goto(`${bed.server.url}/fr/news`);
    await waitForShell(page);
    await page.click('.news-calendar .has-news a >> nth=-1');
    await page.waitForSelector('.news-calendar-results .news-card');
    expect(new URL(page.url()).pathname).toBe('/fr/news');

    await page.route('**/widget/news/newslist/**', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.click('.news-calendar .has-news a >> nth=0');
    await page.waitForSelector('.news-calendar-results .alert[role="alert"]');
    expect(await page.textContent('.news-calendar-results .alert')).toBe(resource('fr', 'Core.ErrorServer'));
    expect(errors.filter((error) => !error.includes('status of 500'))).toEqual([]);
    await context.close();
  });
});

describe('the masonry wall, the navigation and the lightbox', () => {
  it('a category page lays its cards out with masonry (absolute positions in columns); its navigation opens on hover and focus', async () => {
    const house = await bed.server.db.selectFrom('news_category_translations').select('slug').where('culture', '=', 'fr').orderBy('category_id').executeTakeFirstOrThrow();
    const { page, context, errors } = await visit(`/fr/news/category/${house.slug}`);
    // Before the reader's first sign the wall is a grid; the wall's code comes with it.
    expect(await page.$('.news-masonry-items.is-laid-out')).toBeNull();
    await page.mouse.wheel(0, 40);
    await page.waitForSelector('.news-masonry-items.is-laid-out');
    const items = await page.$$eval('.news-masonry-item', (elements) => elements.map((element) => ({ position: getComputedStyle(element).position, left: element.getBoundingClientRect().left })));
    expect(items.length).toBe(9);
    expect(items.every((item) => item.position === 'absolute')).toBe(true);
    expect(new Set(items.map((item) => Math.round(item.left))).size).toBe(3);
    // The navigation: at 1024 px and up a child category is in a dropdown shown on hover or focus.
    expect(await page.isVisible('.news-navigation-dropdown a')).toBe(false);
    await page.hover('.news-navigation .has-dropdown > a');
    expect(await page.isVisible('.news-navigation-dropdown a')).toBe(true);
    await page.mouse.move(0, 600);
    expect(await page.isVisible('.news-navigation-dropdown a')).toBe(false);
    // A keyboard user: focus on the parent opens it, and Tab goes on into the child.
    await page.focus('.news-navigation .has-dropdown > a');
    expect(await page.isVisible('.news-navigation-dropdown a')).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.news-navigation-dropdown') !== null)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a post’s picture opens in the lightbox', async () => {
    const post = await bed.server.db
      .selectFrom('news_post_images')
      .innerJoin('news_post_translations as t', 't.post_id', 'news_post_images.post_id')
      .select('t.slug')
      .where('t.culture', '=', 'fr')
      .executeTakeFirstOrThrow();
    const { page, context, errors } = await visit(`/fr/news/${post.slug}`);
    await page.click('.news-post-picture a');
    await page.waitForSelector('.glightbox-container .gslide.current img');
    expect(await page.getAttribute('.glightbox-container .gclose', 'aria-label')).toBe(resource('fr', 'Core.Close'));
    expect(new URL(page.url()).pathname).toBe(`/fr/news/${post.slug}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the ticker', () => {
  it('without JavaScript every slide is readable and no control shows', async () => {
    const { page, context } = await visit('/fr/news', { javaScript: false });
    expect(await page.$$eval('.news-ticker-slide', (slides) => slides.filter((slide) => (slide as HTMLElement).offsetHeight > 0).length)).toBe(5);
    expect(await page.isVisible('.news-ticker-dots')).toBe(false);
    await context.close();
  });

  it('with JavaScript shows one slide, moves on by itself, follows the dots and pauses on hover and focus', async () => {
    const { page, context } = await visit('/fr/about');
    await page.clock.install();
    await page.goto(`${bed.server.url}/fr/news`);
    await waitForShell(page);
    await page.hover('.news-page h1');
    await page.waitForSelector('.news-ticker.is-ticking');
    const visibleSlide = () => page.$eval('.news-ticker', (ticker) => [...ticker.querySelectorAll('.news-ticker-slide')].findIndex((slide) => !(slide as HTMLElement).hidden));
    expect(await visibleSlide()).toBe(0);
    await page.mouse.move(0, 0);
    await page.clock.runFor(5100);
    expect(await visibleSlide()).toBe(1);
    await page.click('[data-news-ticker-dot="3"]');
    expect(await visibleSlide()).toBe(3);
    expect(await page.getAttribute('[data-news-ticker-dot="3"]', 'aria-current')).toBe('true');
    // The click left the pointer over it and focus in it: it waits.
    await page.clock.runFor(15_000);
    expect(await visibleSlide()).toBe(3);
    await page.mouse.move(0, 0);
    await page.clock.runFor(15_000);
    expect(await visibleSlide()).toBe(3);
    await page.focus('.news-navigation a');
    await page.clock.runFor(5100);
    expect(await visibleSlide()).toBe(4);
    await context.close();
  });
});
