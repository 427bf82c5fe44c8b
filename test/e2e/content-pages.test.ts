// The about page's blocks in Chromium, with and without JavaScript, and the home page's ways into the site.
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations } from '../support/page-checks';
import { resource } from '../support/resources';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';

const bed = useBrowserTestBed();
jest.setTimeout(60_000);

const PLAYER = 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0';

/** The about page with the consent banner answered (marketing as asked), the provider's addresses answered locally. */
async function about(javaScript: boolean, { marketing = false } = {}): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const opened = await openPage(bed.browser, `${bed.server.url}/fr/about`, { javaScript });
  await withConsentAnswered(opened.context, bed.server.url);
  if (marketing) {
    const { consentStamp } = await import('../../server/db/seed/site');
    const value = JSON.stringify({ stamp: consentStamp, preferences: false, statistics: false, marketing: true });
    await opened.context.addCookies([{ name: 'CookieConsent', value: encodeURIComponent(value), url: bed.server.url }]);
  }
  await opened.context.route(/youtube(-nocookie)?\.com/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title><p>player</p>' }));
  await opened.page.reload();
  if (javaScript) await waitForShell(opened.page);
  return opened;
}

describe('the about page with JavaScript', () => {
  it('slides a collapse open and shut', async () => {
    const { page, context, errors } = await about(true);
    const delivery = page.locator('details#delivery');
    expect(await delivery.evaluate((element: HTMLDetailsElement) => element.open)).toBe(false);
    await delivery.locator('summary').click();
    await page.waitForFunction(() => document.querySelector<HTMLDetailsElement>('details#delivery')!.open && !document.querySelector('details#delivery.collapsing'));
    expect(await delivery.locator('.content-collapse-body').isVisible()).toBe(true);
    await delivery.locator('summary').click();
    await page.waitForFunction(() => !document.querySelector<HTMLDetailsElement>('details#delivery')!.open);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a gallery photo in the lightbox, and closes it', async () => {
    const { page, context, errors } = await about(true);
    await page.locator('[data-content-gallery-item="2"]').click();
    await page.waitForSelector('#glightbox-body .gslide.current img');
    expect(await page.getAttribute('#glightbox-body .gslide.current img', 'src')).toMatch(/\/assets\/\d+\/1200x1200\/about-gallery-3\.jpg\?key=[\w-]{16}$/);
    expect(new URL(page.url()).pathname).toBe('/fr/about');
    await page.click('#glightbox-body .gclose');
    await page.waitForSelector('#glightbox-body', { state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the video in a dialog: without marketing consent it explains and loads no player', async () => {
    const { page, context } = await about(true);
    const players: string[] = [];
    page.on('request', (request) => request.url().includes('youtube') && players.push(request.url()));
    await page.click('[data-video-open]');
    await page.waitForSelector('dialog[data-video-dialog][open] [data-video-consent]:not([hidden])');
    expect(await page.locator('dialog[data-video-dialog] iframe').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/fr/about');
    await page.click('[data-video-close]');
    await page.waitForSelector('dialog[data-video-dialog]:not([open])', { state: 'attached' });
    expect(players).toEqual([]);
    await context.close();
  });

  it('with marketing consent, loads the privacy-enhanced player on click only, and removes it on close', async () => {
    const { page, context } = await about(true, { marketing: true });
    expect(await page.locator('iframe').count()).toBe(0);
    await page.click('[data-video-open]');
    await page.waitForSelector('dialog[data-video-dialog][open] iframe');
    expect(await page.getAttribute('dialog[data-video-dialog] iframe', 'src')).toBe(PLAYER);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog[data-video-dialog] iframe'));
    await context.close();
  });

  it('moves the product carousel one view with its buttons', async () => {
    const { page, context } = await about(true);
    const track = page.locator('[data-content-carousel-track]');
    await track.scrollIntoViewIfNeeded();
    expect(await page.isDisabled('[data-content-carousel-prev]')).toBe(true);
    await page.click('[data-content-carousel-next]');
    await page.waitForFunction(() => document.querySelector('[data-content-carousel-track]')!.scrollLeft > 100);
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-content-carousel-prev]')!.disabled);
    await page.click('[data-content-carousel-prev]');
    await page.waitForFunction(() => document.querySelector('[data-content-carousel-track]')!.scrollLeft <= 1);
    await context.close();
  });
});

describe('collapses laid out as tabs', () => {
  beforeAll(async () => {
    const { pageIdOf } = await import('../../server/content/blocks-data');
    const { addPageBlock } = await import('../../server/content/blocks/write');
    const pageId = (await pageIdOf(bed.server.db, 'legal'))!;
    const item = (title: string, text: string) => ({ title, html: `<p>${text}</p>` });
    const texts = { fr: { title: 'Conditions', items: { sale: item('Vente', 'Conditions de vente'), delivery: item('Livraison', 'Délais'), privacy: item('Vie privée', 'Données') } } };
    await addPageBlock(bed.server.db, { pageId, position: 0, type: 'collapses', settings: { layout: 'tabs', items: [{ key: 'sale' }, { key: 'delivery' }, { key: 'privacy' }] }, texts });
  });

  async function legal(javaScript: boolean) {
    const opened = await openPage(bed.browser, `${bed.server.url}/fr/legal`, { javaScript });
    await withConsentAnswered(opened.context, bed.server.url);
    await opened.page.reload();
    if (javaScript) await waitForShell(opened.page);
    return opened;
  }

  it('are tabs with JavaScript: one panel shown, a click or the arrow keys choose another', async () => {
    const { page, context, errors } = await legal(true);
    await page.waitForSelector('[data-content-tabs] [role="tablist"] [role="tab"][aria-selected="true"]');
    expect(await page.isVisible('#sale')).toBe(true);
    expect(await page.isVisible('#privacy')).toBe(false);
    await page.click('[data-content-tab][href="#privacy"]');
    expect(await page.isVisible('#privacy')).toBe(true);
    expect(await page.isVisible('#sale')).toBe(false);
    expect(new URL(page.url()).hash).toBe('');
    await page.keyboard.press('ArrowRight');
    expect(await page.getAttribute('[data-content-tab][href="#sale"]', 'aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#sale');
    expect(await page.isVisible('#sale')).toBe(true);
    expect(await axeViolations(page, { javaScript: true })).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('are links to panels that all show without JavaScript', async () => {
    const { page, context } = await legal(false);
    for (const id of ['sale', 'delivery', 'privacy']) expect(await page.isVisible(`#${id}`)).toBe(true);
    expect(await axeViolations(page, { javaScript: false })).toEqual([]);
    await page.click('[data-content-tab][href="#privacy"]');
    expect(new URL(page.url()).hash).toBe('#privacy');
    await context.close();
  });
});

describe('the contact form block', () => {
  const stored = (email: string) => bed.server.db.selectFrom('contact_messages').select(['name', 'culture']).where('email', '=', email).execute();

  async function thirdPage(javaScript: boolean) {
    const opened = await openPage(bed.browser, `${bed.server.url}/de/about?pageindex=3`, { javaScript });
    await withConsentAnswered(opened.context, bed.server.url);
    await opened.page.reload();
    if (javaScript) await waitForShell(opened.page);
    return opened;
  }

  async function send(page: Page, email: string): Promise<void> {
    await page.fill('.content-block-contact-form [name="Name"]', 'Lena Vogel');
    await page.fill('.content-block-contact-form [name="Email"]', email);
    await page.selectOption('.content-block-contact-form [name="Subject"]', 'product');
    await page.fill('.content-block-contact-form [name="Message"]', 'Gibt es die Vase auch in Blau?');
    await page.focus('.content-block-contact-form button[type="submit"]');
    await page.click('.content-block-contact-form button[type="submit"]');
  }

  it('sends from the about page with JavaScript, the thanks replacing the form there', async () => {
    const { page, context } = await thirdPage(true);
    await send(page, 'lena@example.de');
    await page.waitForSelector('.content-block-contact-form .contact-sent');
    expect(await page.textContent('.content-block-contact-form .contact-sent')).toBe(resource('de', 'Contact.Sent'));
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/de/about?pageindex=3');
    expect(await stored('lena@example.de')).toEqual([{ name: 'Lena Vogel', culture: 'de' }]);
    await context.close();
  });

  it('sends without JavaScript, back on the contact page with the notice', async () => {
    const { page, context } = await thirdPage(false);
    await Promise.all([page.waitForURL((url) => url.pathname === '/de/contact/form'), send(page, 'lena.nojs@example.de')]);
    expect(await page.textContent('.flash-success')).toBe(resource('de', 'Contact.Sent'));
    expect(await stored('lena.nojs@example.de')).toEqual([{ name: 'Lena Vogel', culture: 'de' }]);
    await context.close();
  });
});

describe('the about page without JavaScript', () => {
  it('opens a collapse natively', async () => {
    const { page, context } = await about(false);
    expect(await page.isVisible('details#returns .content-collapse-body')).toBe(false);
    await page.click('details#returns summary');
    expect(await page.isVisible('details#returns .content-collapse-body')).toBe(true);
    await context.close();
  });

  it('follows the video poster to the provider and a gallery photo to its large picture', async () => {
    const { page, context } = await about(false);
    await Promise.all([page.waitForURL(/youtube\.com\/watch\?v=aqz-KE-bpKQ/), page.click('[data-video-open]')]);
    await page.goBack();
    await Promise.all([page.waitForURL(/\/assets\/\d+\/1200x1200\/about-gallery-1\.jpg\?key=[\w-]{16}$/), page.click('[data-content-gallery-item="0"]')]);
    await context.close();
  });

  it('scrolls the product carousel by hand and pages to the projects, then the contact form', async () => {
    const { page, context } = await about(false);
    const track = page.locator('[data-content-carousel-track]');
    await track.scrollIntoViewIfNeeded();
    const box = (await track.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(600, 0);
    let scrolled = 0;
    for (let tries = 0; tries < 20 && scrolled === 0; tries++) {
      await page.waitForTimeout(100);
      scrolled = await track.evaluate((element) => element.scrollLeft);
    }
    expect(scrolled).toBeGreaterThan(0);
    await Promise.all([page.waitForURL(/pageindex=2$/), page.click('nav.pagination .pagination-next a')]);
    expect(await page.locator('.content-projects .project-card').count()).toBeGreaterThan(0);
    await Promise.all([page.waitForURL(/pageindex=3$/), page.click('nav.pagination .pagination-last a')]);
    expect(await page.isVisible('.content-block-contact-form form.contact-form')).toBe(true);
    await context.close();
  });
});

describe('the home page', () => {
  it.each([true, false])('reaches the news, the FAQ, the projects and a department (JavaScript: %s)', async (javaScript) => {
    const { page, context } = await openPage(bed.browser, `${bed.server.url}/fr/`, { javaScript });
    await withConsentAnswered(context, bed.server.url);
    for (const [selector, path] of [['.home-sections a[href="/fr/news"]', /^\/fr\/news$/], ['.home-sections a[href="/fr/faq"]', /^\/fr\/faq$/], ['.home-sections a[href="/fr/projects"]', /^\/fr\/projects$/], ['.home-departments li:first-child a', /^\/fr\/catalog\/category\/\d+\//]] as const) {
      await page.goto(`${bed.server.url}/fr/`);
      if (javaScript) await waitForShell(page);
      // Reached: the address, then the page's own heading and no error page. (A wait for the answer's
      // response event timed out once in an idle fresh-clone CI run, the page having arrived.)
      await Promise.all([page.waitForURL((url) => path.test(url.pathname)), page.click(selector)]);
      await page.locator('#page h1, main h1').first().waitFor();
      expect(await page.locator('.error-page').count()).toBe(0);
    }
    await context.close();
  });
});
