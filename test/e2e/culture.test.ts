import { useBrowserTestBed, openPage, waitForShell } from './support/browser';
import { clickAndWaitForPage } from './support/shell';

const bed = useBrowserTestBed();

describe('culture widget in Chromium', () => {
  it('switches culture on the address reached by ajax navigation, keeping path and query', async () => {
    const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/?from=test`);
    await waitForShell(page);
    await clickAndWaitForPage(page, '#main-navigation a.dropdown-item[href="/fr/legal"]');
    expect(new URL(page.url()).pathname).toBe('/fr/legal');
    await page.evaluate(() => history.replaceState(history.state, '', '/fr/legal?ref=1'));
    await Promise.all([page.waitForURL('**/de/legal?ref=1'), page.click('[data-culture-widget] a[data-culture="de"]')]);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await page.textContent('#page h1')).toBe('Impressum');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works without JavaScript from the links the server rendered', async () => {
    const { page, context } = await openPage(bed.browser, `${bed.server.url}/nl/about?x=2`, { javaScript: false });
    await Promise.all([page.waitForURL('**/pt/about?x=2'), page.click('[data-culture-widget] a[data-culture="pt"]')]);
    expect(await page.getAttribute('html', 'lang')).toBe('pt');
    expect(await page.textContent('#page h1')).toBe('Sobre nós');
    await context.close();
  });
});
