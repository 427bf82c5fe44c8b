// The page shell in real Chromium: ajax navigation, history and scroll, lifecycle classes and events, anchors.
import { useBrowserTestBed, useShellPage } from './support/browser';
import {
  bodyClasses,
  clickAndWaitForPage,
  clickLink,
  dataLayer,
  historyStepAndWait,
  readMarker,
  scrollPosition,
  scrollTo,
  setMarker,
  menuLink,
  pathOf,
} from './support/shell';

const bed = useBrowserTestBed();
const shell = useShellPage(bed, '/fr/');

describe('ajax navigation', () => {
  it('swaps only the page region, updates the title and keeps the window', async () => {
    await setMarker(shell.page, 'still-here');
    const regionRequests: string[] = [];
    shell.page.on('request', (request) => request.headers()['hx-target'] === 'page' && regionRequests.push(request.url()));
    await clickAndWaitForPage(shell.page, menuLink('about'));
    expect(pathOf(shell.page)).toBe('/fr/about');
    expect(await shell.page.title()).toBe('À propos | Maison Storefront');
    expect(await readMarker(shell.page)).toBe('still-here');
    expect(regionRequests).toEqual([`${bed.server.url}/fr/about`]);
    expect(await shell.page.locator('#page h1').textContent()).toBe('À propos');
  });

  it('switches the body class between homepage and shell.page, and back', async () => {
    expect(await bodyClasses(shell.page)).toEqual(expect.arrayContaining(['homepage', 'loaded']));
    await clickAndWaitForPage(shell.page, menuLink('legal'));
    expect(await bodyClasses(shell.page)).toEqual(expect.arrayContaining(['page']));
    expect(await bodyClasses(shell.page)).not.toContain('homepage');
    await historyStepAndWait(shell.page, 'back');
    expect(pathOf(shell.page)).toBe('/fr/');
    expect(await bodyClasses(shell.page)).toContain('homepage');
    expect(await bodyClasses(shell.page)).not.toEqual(expect.arrayContaining(['out-loading']));
  });

  it('pushes a VirtualPageview with the new address and title', async () => {
    await clickAndWaitForPage(shell.page, menuLink('contact'));
    expect(await dataLayer(shell.page)).toContainEqual({
      event: 'VirtualPageview',
      virtualPageURL: '/fr/contact',
      virtualPageTitle: 'Contact | Maison Storefront',
    });
  });

  it('restores the scroll position on back and forward', async () => {
    await clickAndWaitForPage(shell.page, menuLink('legal'));
    const legalScroll = await scrollTo(shell.page, 150);
    expect(legalScroll).toBeGreaterThan(50);
    await clickAndWaitForPage(shell.page, menuLink('about'));
    expect(await scrollPosition(shell.page)).toBe(0);
    const aboutScroll = await scrollTo(shell.page, 90);
    await historyStepAndWait(shell.page, 'back');
    expect(pathOf(shell.page)).toBe('/fr/legal');
    expect(await scrollPosition(shell.page)).toBe(legalScroll);
    await historyStepAndWait(shell.page, 'forward');
    expect(pathOf(shell.page)).toBe('/fr/about');
    expect(await scrollPosition(shell.page)).toBe(aboutScroll);
  });

  it('aborts a request superseded by a newer one and clears the loading classes', async () => {
    await shell.page.route('**/fr/legal', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    });
    await clickLink(shell.page, menuLink('legal'));
    await shell.page.waitForFunction(() => document.body.classList.contains('long-loading'));
    expect(await bodyClasses(shell.page)).toContain('out-loading');
    await clickAndWaitForPage(shell.page, menuLink('about'));
    await shell.page.waitForTimeout(1700);
    expect(pathOf(shell.page)).toBe('/fr/about');
    expect(await shell.page.locator('#page h1').textContent()).toBe('À propos');
    expect(await bodyClasses(shell.page)).not.toEqual(expect.arrayContaining(['out-loading']));
    expect(await bodyClasses(shell.page)).not.toEqual(expect.arrayContaining(['long-loading']));
  });

  it('lets a page-will-leave handler cancel the navigation', async () => {
    await shell.page.evaluate(() => document.addEventListener('page-will-leave', (event) => event.preventDefault()));
    await clickLink(shell.page, menuLink('about'));
    await shell.page.waitForTimeout(300);
    expect(pathOf(shell.page)).toBe('/fr/');
  });
});

describe('same-page anchors', () => {
  it('opens the collapse holding the target and scrolls to it smoothly without a request', async () => {
    await shell.page.evaluate(() => {
      const region = document.getElementById('page')!;
      region.insertAdjacentHTML('beforeend', '<p><a id="jump" href="#answer">Jump</a></p><div class="spacer"></div><div class="collapse" id="faq"><h2 id="answer">Answer</h2></div>');
      region.querySelector<HTMLElement>('.spacer')!.style.height = '1500px';
    });
    let requests = 0;
    shell.page.on('request', (request) => request.resourceType() === 'fetch' && requests++);
    await shell.page.evaluate(() => document.getElementById('jump')!.click());
    expect(await shell.page.locator('#faq').getAttribute('class')).toContain('show');
    // The smooth scroll (800 ms, by animation frames) ends where the target sits below the header: waited
    // for, since a loaded machine's frames run late.
    await shell.page.waitForFunction(() => Math.abs(document.getElementById('answer')!.getBoundingClientRect().top - 120) <= 1);
    expect(new URL(shell.page.url()).hash).toBe('#answer');
    expect(requests).toBe(0);
  });
});

