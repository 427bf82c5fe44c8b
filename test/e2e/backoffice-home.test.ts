// The home page's editors in Chromium, with and without JavaScript: an editor (two-factor on) signs in,
// opens {culture}/backoffice/home, adds a slide to the home slider in two cultures (French and Dutch),
// and a visitor (another context, no session) sees it on the home page at once in each culture, not in
// German. axe on the section page and the slide form.
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/page-checks';
import { createTwoFactorAccount, currentCode } from '../support/two-factor';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';

const bed = useBrowserTestBed();
jest.setTimeout(120_000);

async function signedInEditor(javaScript: boolean): Promise<{ page: Page; close: () => Promise<void> }> {
  const account = await createTwoFactorAccount(bed.server.db, `e2e-home-${javaScript ? 'js' : 'nojs'}`);
  await bed.server.db.insertInto('user_roles').values({ user_id: account.id, role: 'editor' }).execute();
  const { page, context } = await openPage(bed.browser, `${bed.server.url}/fr/`, { javaScript });
  await withConsentAnswered(context, bed.server.url);
  page.setDefaultTimeout(15_000);
  await page.goto(`${bed.server.url}/fr/security/login?returnUrl=${encodeURIComponent('/fr/backoffice/home')}`);
  await page.fill('#login-Email', account.email);
  await page.fill('#login-Password', account.password);
  await page.click('.login-form button[type="submit"]');
  await page.locator('#two-factor-code').waitFor();
  await page.fill('#two-factor-code', currentCode(account.secret));
  await Promise.all([page.waitForURL((url) => url.pathname === '/fr/backoffice/home', { waitUntil: 'load' }), page.click('form.two-factor-form button[type="submit"]')]);
  await page.locator('.backoffice-home-editors').waitFor();
  if (javaScript) await waitForShell(page);
  return { page, close: () => context.close() };
}

/** The home slider's titles a visitor (no session, no JavaScript) sees in a culture. */
async function visitorSlides(culture: string): Promise<string[]> {
  const { page, context } = await openPage(bed.browser, `${bed.server.url}/${culture}/`, { javaScript: false });
  const titles = await page.$$eval('[data-home-slider] .banner-slide-title', (found) => found.map((title) => title.textContent!.trim()));
  await context.close();
  return titles;
}

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

describe.each([true, false])('with JavaScript: %s', (javaScript) => {
  test('an editor adds a slide in two cultures; a visitor sees it on the home page at once', async () => {
    const { page, close } = await signedInEditor(javaScript);
    const title = javaScript ? 'Soirée au jardin' : 'Matin de printemps';
    const titleNl = javaScript ? 'Avond in de tuin' : 'Lenteochtend';
    await settled(page);
    expect(await axeViolations(page, { javaScript })).toEqual([]);
    await Promise.all([page.waitForURL((url) => url.pathname === '/fr/backoffice/home/slides'), page.click('.backoffice-sections a[href$="/backoffice/home/slides"]')]);
    if (javaScript) {
      // A full load of the form: the asset library's island (its own script) is not brought by an htmx swap.
      expect(await page.getAttribute('a[href$="/backoffice/home/slides/new"]', 'href')).toBe('/fr/backoffice/home/slides/new');
      await page.goto(`${bed.server.url}/fr/backoffice/home/slides/new`);
    } else {
      await Promise.all([page.waitForURL((url) => url.pathname === '/fr/backoffice/home/slides/new'), page.click('a[href$="/backoffice/home/slides/new"]')]);
    }
    await page.locator('form.backoffice-form').waitFor();
    await settled(page);
    expect(await axeViolations(page, { javaScript })).toEqual([]);

    const hero = await bed.server.db.selectFrom('home_banners').select('id').where('banner_key', '=', 'hero').executeTakeFirstOrThrow();
    const asset = await bed.server.db.selectFrom('assets').select('id').orderBy('id').executeTakeFirstOrThrow();
    await page.selectOption('#home-BannerId', String(hero.id));
    const field = page.locator('[data-asset-field-name="AssetId"]');
    let assetId = String(asset.id);
    if (javaScript) {
      // The asset library's widget: a picture already in the library, chosen in its picker modal.
      await field.locator('[data-asset-widget-ready]').waitFor();
      await field.locator('[data-asset-library-open]').click();
      const picker = page.locator('dialog.asset-picker[open]');
      const first = picker.locator('[data-asset-picker-pane] li[data-asset]').first();
      await first.locator('[data-asset-pick]').waitFor();
      assetId = String(JSON.parse((await first.getAttribute('data-asset'))!).AssetId);
      await first.locator('[data-asset-pick]').click();
      await picker.waitFor({ state: 'detached' });
      expect(await field.locator('input[name="AssetId"]').inputValue()).toBe(assetId);
    } else {
      await field.locator('input[name="AssetId"]').fill(assetId);
    }
    await page.fill('#bo-home-slide-LinkUrl', '/{culture}/catalog');
    await page.fill('#bo-home-slide-Title_fr', title);
    await page.fill('#bo-home-slide-Text_fr', 'Des lanternes pour les soirées douces');
    await page.fill('#bo-home-slide-LinkLabel_fr', 'Découvrir');
    await page.fill('#bo-home-slide-Title_nl', titleNl);
    await page.fill('#bo-home-slide-Text_nl', 'Lantaarns voor zachte avonden');
    await Promise.all([
      page.waitForURL((url) => /^\/fr\/backoffice\/home\/slides\/\d+$/.test(url.pathname), { waitUntil: 'load' }),
      page.click('form.backoffice-form button[type="submit"]'),
    ]);
    await page.locator('form.backoffice-form').waitFor();
    expect(await page.inputValue('#bo-home-slide-Title_nl')).toBe(titleNl);

    expect(await visitorSlides('fr')).toContain(title);
    const slide = await bed.server.db.selectFrom('home_slide_translations').innerJoin('home_slides', 'home_slides.id', 'home_slide_translations.slide_id')
      .select('home_slides.asset_id').where('home_slide_translations.title', '=', title).executeTakeFirstOrThrow();
    expect(String(slide.asset_id)).toBe(assetId);
    expect(await visitorSlides('nl')).toContain(titleNl);
    expect(await visitorSlides('de')).not.toContain(title);
    await close();
  });
});
