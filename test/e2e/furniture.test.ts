// Site furniture in Chromium: the video modal loads its player only on a click and only from the
// privacy-enhanced host, the info bar's marquee rule, viewport-entry animations (none under reduced
// motion, nothing hidden without JavaScript), the confirmation page without and with JavaScript, and
// the copy message's timing (100 / 2000 / 2500 ms).
import type { Page } from 'playwright-core';
import { createItem } from '../../server/popups/data';
import { resource } from '../support/resources';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';

const bed = useBrowserTestBed();
jest.setTimeout(90_000);
const HOUR = 3_600_000;

afterEach(async () => {
  await bed.server.db.deleteFrom('popup_translations').execute();
  await bed.server.db.deleteFrom('popups').execute();
  bed.server.app.locals.pageCache.clear();
});

async function aboutPage(options: { javaScript?: boolean; reducedMotion?: 'reduce' | 'no-preference'; width?: number } = {}) {
  const context = await bed.browser.newContext({
    javaScriptEnabled: options.javaScript ?? true,
    reducedMotion: options.reducedMotion ?? 'no-preference',
    viewport: { width: options.width ?? 1280, height: 720 },
  });
  await withConsentAnswered(context, bed.server.url);
  await context.route(/youtube(-nocookie)?\.com|vimeo\.com/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }));
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`${bed.server.url}/fr/about`);
  return { context, page, requests };
}

describe('the video modal', () => {
  it('loads no player until clicked, then only from youtube-nocookie.com, after an explicit click-through without consent', async () => {
    const { context, page, requests } = await aboutPage();
    await waitForShell(page);
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(500);
    expect(requests.filter((url) => /youtube|vimeo/.test(url))).toEqual([]);
    await page.click('[data-video-open]');
    await page.locator('dialog[data-video-dialog][open] [data-video-consent]:not([hidden])').waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    await page.click('[data-video-play-once]');
    const frame = page.locator('dialog[data-video-dialog][open] iframe');
    await frame.waitFor();
    expect(new URL((await frame.getAttribute('src'))!).host).toBe('www.youtube-nocookie.com');
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('youtube-nocookie.com')));
    expect(requests.filter((url) => /youtube|vimeo/.test(url)).every((url) => new URL(url).host === 'www.youtube-nocookie.com')).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('iframe'));
    await context.close();
  });
});

describe('the info bar', () => {
  async function infoBar(text: string, width: number): Promise<{ page: Page; close: () => Promise<void> }> {
    await createItem(bed.server.db, {
      input: {
        kind: 'infobar', startsAt: Date.now() - HOUR, endsAt: Date.now() + HOUR, cultures: [], countdownEnd: null, dismissible: false,
        linkPageId: null, linkProductId: null, position: 0, texts: { fr: { title: 'Info', text, linkUrl: '/fr/contact/form', linkLabel: 'Nous contacter', assetId: null } },
      },
    });
    bed.server.app.locals.pageCache.clear();
    const { context, page } = await aboutPage({ width });
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-info-bar]')?.dataset.infoBarMode !== undefined);
    return { page, close: () => context.close() };
  }
  const long = 'Livraison offerte dès 50 € d\'achat, retours gratuits pendant 30 jours, paiement en trois fois sans frais et service client six jours sur sept. '.repeat(2);

  it('stays static when its content fits', async () => {
    const { page, close } = await infoBar('Livraison offerte dès 50 €', 1280);
    expect(await page.getAttribute('[data-info-bar]', 'data-info-bar-mode')).toBe('static');
    await close();
  });

  it('scrolls only the first item on a wide screen, the whole content at 1024 px and below, 10 to 120 s a pass', async () => {
    const wide = await infoBar(long, 1280);
    expect(await wide.page.getAttribute('[data-info-bar]', 'data-info-bar-mode')).toBe('first');
    expect(await wide.page.locator('.info-bar-second a').isVisible()).toBe(true);
    const seconds = parseFloat(await wide.page.evaluate(() => document.querySelector<HTMLElement>('[data-info-bar]')!.style.getPropertyValue('--marquee-duration')));
    expect(seconds).toBeGreaterThanOrEqual(10);
    expect(seconds).toBeLessThanOrEqual(120);
    expect(await wide.page.evaluate(() => getComputedStyle(document.querySelector('.info-bar-scroll')!).animationName)).toBe('info-bar-marquee');
    await wide.close();
    await bed.server.db.deleteFrom('popup_translations').execute();
    await bed.server.db.deleteFrom('popups').execute();
    const narrow = await infoBar(long, 1024);
    expect(await narrow.page.getAttribute('[data-info-bar]', 'data-info-bar-mode')).toBe('all');
    await narrow.close();
  });

  it('keeps still under reduced motion', async () => {
    await createItem(bed.server.db, {
      input: { kind: 'infobar', startsAt: Date.now() - HOUR, endsAt: Date.now() + HOUR, cultures: [], countdownEnd: null, dismissible: false, linkPageId: null, linkProductId: null, position: 0, texts: { fr: { title: 'Info', text: long, linkUrl: '', linkLabel: '', assetId: null } } },
    });
    bed.server.app.locals.pageCache.clear();
    const { context, page } = await aboutPage({ reducedMotion: 'reduce' });
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-info-bar]')?.dataset.infoBarMode === 'first');
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.info-bar-scroll')!).animationName)).toBe('none');
    await context.close();
  });
});

describe('viewport-entry animations', () => {
  it('hide nothing before they run, then animate the gallery in as it is scrolled to', async () => {
    const { context, page } = await aboutPage();
    const title = page.locator('.content-gallery h2[data-animate="title"]');
    expect(await title.evaluate((element) => element.classList.contains('animate-ready'))).toBe(false);
    await page.mouse.wheel(0, 10);
    await page.waitForFunction(() => document.querySelector('.content-gallery h2')!.classList.contains('animate-ready'));
    expect(await page.locator('.content-gallery h2 .animate-word').first().evaluate((word) => getComputedStyle(word).opacity)).toBe('0');
    expect(await title.innerText()).toBe(await title.evaluate((element) => element.textContent!.replace(/\s+/g, ' ').trim()));
    await title.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('.content-gallery h2')!.classList.contains('is-animated'));
    const words = page.locator('.content-gallery h2 .animate-word');
    expect(await words.nth(1).evaluate((word) => getComputedStyle(word).transitionDelay)).toBe('0.24s');
    await page.waitForFunction(() => [...document.querySelectorAll('.content-gallery h2 .animate-word')].every((word) => getComputedStyle(word).opacity === '1'), undefined, { timeout: 3000 });
    await context.close();
  });

  it('never run under prefers-reduced-motion, and without JavaScript everything shows', async () => {
    const reduced = await aboutPage({ reducedMotion: 'reduce' });
    await reduced.page.mouse.wheel(0, 10);
    await reduced.page.waitForTimeout(800);
    expect(await reduced.page.locator('.animate-ready').count()).toBe(0);
    await reduced.context.close();
    const plain = await aboutPage({ javaScript: false });
    await plain.page.locator('.content-gallery-grid li').first().scrollIntoViewIfNeeded();
    expect(await plain.page.locator('.content-gallery-grid li').first().evaluate((item) => getComputedStyle(item).opacity)).toBe('1');
    await plain.context.close();
  });
});

describe('the generic confirmation', () => {
  async function banner(): Promise<number> {
    const id = await createItem(bed.server.db, {
      input: { kind: 'banner', startsAt: Date.now() - HOUR, endsAt: Date.now() + HOUR, cultures: [], countdownEnd: null, dismissible: true, linkPageId: null, linkProductId: null, position: 0, texts: { fr: { title: 'Soldes', text: '', linkUrl: '', linkLabel: '', assetId: null } } },
    });
    bed.server.app.locals.pageCache.clear();
    return id;
  }
  const confirmUrl = (id: number) => `/fr/confirm?action=${encodeURIComponent(`/fr/popups/${id}/close`)}&returnUrl=%2Ffr%2Fabout`;

  it('without JavaScript: a page asks Core.SureToDelete, cancel goes back, confirm posts the action', async () => {
    const id = await banner();
    const { context, page } = await aboutPage({ javaScript: false });
    await page.goto(`${bed.server.url}${confirmUrl(id)}`);
    expect(await page.innerText('.confirm-question')).toBe(resource('fr', 'Core.SureToDelete'));
    await Promise.all([page.waitForURL(`${bed.server.url}/fr/about`), page.click('[data-confirm-cancel]')]);
    expect(await page.locator(`[data-banner="${id}"]`).count()).toBe(1);
    await page.goBack();
    await Promise.all([page.waitForURL(`${bed.server.url}/fr/about`), page.click('[data-confirm-submit]')]);
    expect(await page.locator(`[data-banner="${id}"]`).count()).toBe(0);
    await context.close();
  });

  it('with JavaScript: the same page in a modal; cancel closes it, confirm posts', async () => {
    const id = await banner();
    const { context, page } = await aboutPage();
    await waitForShell(page);
    await page.evaluate((href) => {
      const link = document.createElement('a');
      link.href = href;
      link.dataset.confirm = '';
      link.textContent = 'Supprimer';
      document.querySelector('main')!.prepend(link);
    }, confirmUrl(id));
    await page.click('a[data-confirm]');
    const modal = page.locator('dialog[open] [data-confirm-page]');
    await modal.waitFor();
    expect(new URL(page.url()).pathname).toBe('/fr/about');
    expect(await modal.locator('.confirm-question').innerText()).toBe(resource('fr', 'Core.SureToDelete'));
    await modal.locator('[data-confirm-cancel]').click();
    await page.locator('dialog[open] [data-confirm-page]').waitFor({ state: 'detached' });
    expect(await page.locator(`[data-banner="${id}"]`).count()).toBe(1);
    await page.click('a[data-confirm]');
    await page.locator('dialog[open] [data-confirm-submit]').click();
    await page.waitForFunction((banner) => !document.querySelector(`[data-banner="${banner}"]`), id);
    await context.close();
  });
});

describe('the copy message', () => {
  it('opens 100 ms after the copy, closes at 2000 ms and is removed at 2500 ms', async () => {
    const { context, page } = await aboutPage();
    const errors: string[] = [];
    page.on('console', (message) => errors.push(message.text()));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(bed.server.url).origin });
    await waitForShell(page);
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.copy = 'FR76 3000 4000 0312 3456 7890 143';
      button.dataset.copyMessage = 'Copié';
      button.textContent = 'Copier';
      document.querySelector('main')!.prepend(button);
      const times: Record<string, number> = {};
      (window as unknown as { copyTimes: Record<string, number> }).copyTimes = times;
      button.addEventListener('click', () => (times.click = performance.now()), { capture: true });
      new MutationObserver((records) => {
        for (const record of records) {
          const message = (record.target as Element).closest?.('.copy-message') ?? [...record.addedNodes, ...record.removedNodes].find((node) => node instanceof Element && node.matches('.copy-message'));
          if (!message) continue;
          if (record.type === 'childList' && record.removedNodes.length && !(message as Element).isConnected) times.removed = performance.now();
          if (record.type === 'attributes') times[(message as Element).classList.contains('open') ? 'open' : 'closed'] = performance.now();
        }
      }).observe(document.querySelector('main')!, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    });
    await page.click('main > button[data-copy]');
    await page.waitForFunction(() => 'removed' in (window as unknown as { copyTimes: object }).copyTimes, undefined, { timeout: 5000 }).catch(async (error) => {
      throw new Error(`${error}: ${JSON.stringify(await page.evaluate(() => (window as unknown as { copyTimes: object }).copyTimes))} ${errors.join('; ')}`);
    });
    const times = await page.evaluate(() => (window as unknown as { copyTimes: Record<string, number> }).copyTimes);
    // The message shows only once the text is on the clipboard (reading it back is refused: clipboard-read=()).
    const from = times.click!;
    expect(times.open! - from).toBeGreaterThanOrEqual(100);
    expect(times.open! - from).toBeLessThan(400);
    expect(times.closed! - from).toBeGreaterThanOrEqual(2000);
    expect(times.closed! - from).toBeLessThan(2300);
    expect(times.removed! - from).toBeGreaterThanOrEqual(2500);
    expect(times.removed! - from).toBeLessThan(2800);
    await context.close();
  });
});
