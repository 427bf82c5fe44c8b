// The pages editor in Chromium: an editor with two-factor signs in, builds a page with two blocks (rich
// text and an image from the asset library by its number) in two cultures, previews the draft by its
// signed link (a visitor still gets 404 at the page's address), publishes it, and a visitor sees it in
// both cultures. Then the same with JavaScript off: every step is a form that posts and redirects.
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/page-checks';
import { resource } from '../support/resources';
import { createTwoFactorAccount, currentCode } from '../support/two-factor';
import { signedInEditor } from '../http/backoffice-helpers';
import { documentsOf, expectNoHtmlErrors } from './support/html-checks';
import { openPage, useBrowserTestBed, withConsentAnswered } from './support/browser';
import { pathOf } from './support/shell';

const bed = useBrowserTestBed();
jest.setTimeout(120_000);

/** An editor with two-factor on, signed in through the login page and the code step, on the pages list. */
async function editorOnPagesList(javaScript: boolean) {
  const account = await createTwoFactorAccount(bed.server.db, javaScript ? 'e2e-editor' : 'e2e-editor-nojs');
  await bed.server.db.insertInto('user_roles').values({ user_id: account.id, role: 'editor' }).execute();
  const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/`, { javaScript });
  await withConsentAnswered(context, bed.server.url);
  page.setDefaultTimeout(15_000);
  await page.goto(`${bed.server.url}/fr/security/login?returnUrl=${encodeURIComponent('/fr/backoffice/pages')}`);
  await page.fill('#login-Email', account.email);
  await page.fill('#login-Password', account.password);
  // Without JS the code step is its own page; with JS the login form's answer swaps it in.
  await page.click('.login-form button[type="submit"]');
  await page.locator('#two-factor-code').fill(currentCode(account.secret));
  await Promise.all([page.waitForURL((url) => url.pathname === '/fr/backoffice/pages'), page.click('form.two-factor-form button[type="submit"]')]);
  await page.locator('.backoffice-pages').waitFor();
  return { page, context, errors };
}

/** Submits a form by its button and waits until the address is the one expected (a full load or an htmx swap). */
async function submitTo(page: Page, button: string, path: RegExp): Promise<void> {
  await Promise.all([page.waitForURL((url) => path.test(url.pathname + url.search)), page.click(button)]);
  await page.locator('.backoffice-main').waitFor();
}

async function addBlock(page: Page, type: string, fields: Record<string, string>): Promise<void> {
  await page.selectOption('#add-block-type', type);
  await submitTo(page, '.backoffice-add-block button[type="submit"]', /\/blocks\/new\?/);
  for (const [name, value] of Object.entries(fields)) await page.fill(`[name="${name}"]`, value);
  await submitTo(page, '.backoffice-block-form button[type="submit"]', /\/backoffice\/pages\/\d+\?language=/);
}

async function visitorSees(path: string): Promise<{ status: number; title: string | null; text: string }> {
  const { page, context } = await openPage(bed.browser, `${bed.server.url}/fr/`, { javaScript: false });
  const answer = await page.goto(`${bed.server.url}${path}`);
  const result = { status: answer!.status(), title: await page.locator('h1').first().textContent(), text: await page.locator('#page').innerText() };
  await context.close();
  return result;
}

test('an editor builds a page with two blocks in two cultures, previews it, publishes it; a visitor sees it', async () => {
  const { page, context, errors } = await editorOnPagesList(true);
  await submitTo(page, 'a[href="/fr/backoffice/pages/new"]', /\/backoffice\/pages\/new$/);
  await page.fill('#backoffice-new-page-PageKey', 'atelier');
  await page.fill('#backoffice-new-page-Title', 'Notre atelier');
  await submitTo(page, '.backoffice-form button[type="submit"]', /\/backoffice\/pages\/\d+\?language=fr$/);
  // The create answers with its own notice (not merely some notice) on the new page's editor.
  expect((await page.textContent('.flash-success'))?.trim()).toBe(resource('fr', 'BackOffice.Items.Created'));

  await addBlock(page, 'rich-text', { 'Texts.html': '<p>Fabriqué à la main.</p>' });
  // (Image settings are the asset library's widget with JS: test/e2e of the asset library drives it.)
  await addBlock(page, 'news-list', { 'Texts.title': 'Nos nouvelles', 'Settings.postPerPage': '2' });
  expect(await page.locator('.backoffice-block').count()).toBe(2);

  await submitTo(page, 'a[data-language="nl"]', /language=nl$/);
  await page.fill('#backoffice-page-Title', 'Onze werkplaats');
  await page.fill('#backoffice-page-Slug', 'onze-werkplaats');
  await submitTo(page, '.backoffice-form button[type="submit"]', /language=nl$/);
  await submitTo(page, '.backoffice-block[data-block-type="rich-text"] a[data-edit-block]', /\/blocks\/\d+\?language=nl$/);
  await page.fill('[name="Texts.html"]', '<p>Met de hand gemaakt.</p>');
  await submitTo(page, '.backoffice-block-form button[type="submit"]', /language=nl$/);
  await submitTo(page, '.backoffice-block[data-block-type="news-list"] a[data-edit-block]', /\/blocks\/\d+\?language=nl$/);
  expect(await page.inputValue('[name="Settings.postPerPage"]')).toBe('2');
  await page.fill('[name="Texts.title"]', 'Ons nieuws');
  await submitTo(page, '.backoffice-block-form button[type="submit"]', /language=nl$/);
  expect(await page.locator('.backoffice-main > .backoffice-translations li[data-state="filled"]').count()).toBe(2);

  expect((await visitorSees('/fr/notre-atelier')).status).toBe(404);
  await submitTo(page, 'a[data-language="fr"]', /language=fr$/);
  const previewUrl = await page.inputValue('#page-preview-url');
  expect(new URL(previewUrl, bed.server.url).pathname).toMatch(/^\/fr\/preview\//);
  const preview = await page.context().newPage();
  await preview.goto(new URL(previewUrl, bed.server.url).href);
  expect(await preview.locator('h1').first().textContent()).toBe('Notre atelier');
  expect(await preview.locator('.content-block-rich-text').innerText()).toContain('Fabriqué à la main.');
  expect(await preview.locator('.content-block-news-list h2').first().textContent()).toBe('Nos nouvelles');
  await preview.close();

  await page.selectOption('#backoffice-page-Status', 'published');
  await submitTo(page, '.backoffice-form button[type="submit"]', /language=fr$/);
  expect(await page.inputValue('#backoffice-page-Status')).toBe('published');

  const french = await visitorSees('/fr/notre-atelier');
  expect(french).toMatchObject({ status: 200, title: 'Notre atelier' });
  expect(french.text).toContain('Fabriqué à la main.');
  const dutch = await visitorSees('/nl/onze-werkplaats');
  expect(dutch).toMatchObject({ status: 200, title: 'Onze werkplaats' });
  expect(dutch.text).toContain('Met de hand gemaakt.');
  expect(dutch.text).toContain('Ons nieuws');
  expect(errors).toEqual([]);
  await context.close();
});

test('two tabs save the same page: the second shows the conflict with its own values, no error modal', async () => {
  const { page, context, errors } = await editorOnPagesList(true);
  await submitTo(page, 'a[href="/fr/backoffice/pages/new"]', /\/backoffice\/pages\/new$/);
  await page.fill('#backoffice-new-page-PageKey', 'deux-onglets');
  await page.fill('#backoffice-new-page-Title', 'Deux onglets');
  await submitTo(page, '.backoffice-form button[type="submit"]', /\/backoffice\/pages\/\d+\?language=fr$/);
  const second = await context.newPage();
  await second.goto(page.url());
  await page.fill('#backoffice-page-Title', 'Premier enregistré');
  await submitTo(page, '.backoffice-form button[type="submit"]', /language=fr$/);
  await second.fill('#backoffice-page-Title', 'Second, trop tard');
  await second.click('.backoffice-form button[type="submit"]');
  await second.locator('.backoffice-conflict').waitFor();
  expect(await second.inputValue('#backoffice-page-Title')).toBe('Second, trop tard');
  expect(await second.locator('dialog[open]').count()).toBe(0);
  await Promise.all([second.waitForURL((url) => url.search === '?language=fr'), second.click('.backoffice-conflict a[data-current-version]')]);
  await second.locator('#backoffice-page-Title').waitFor();
  expect(await second.inputValue('#backoffice-page-Title')).toBe('Premier enregistré');
  // The browser logs the 409 itself; nothing else went wrong.
  expect(errors).toEqual([]);
  await context.close();
});

test('without JavaScript: create, add a block, publish; a visitor sees the page', async () => {
  const { page, context } = await editorOnPagesList(false);
  await submitTo(page, 'a[href="/fr/backoffice/pages/new"]', /\/backoffice\/pages\/new$/);
  await page.fill('#backoffice-new-page-PageKey', 'sans-script');
  await page.fill('#backoffice-new-page-Title', 'Sans script');
  await submitTo(page, '.backoffice-form button[type="submit"]', /\/backoffice\/pages\/\d+\?language=fr$/);
  await addBlock(page, 'rich-text', { 'Texts.html': '<p>Tout marche sans JavaScript.</p>' });
  expect((await visitorSees('/fr/sans-script')).status).toBe(404);
  await page.selectOption('#backoffice-page-Status', 'published');
  await submitTo(page, '.backoffice-form button[type="submit"]', /language=fr$/);
  const seen = await visitorSees('/fr/sans-script');
  expect(seen).toMatchObject({ status: 200, title: 'Sans script' });
  expect(seen.text).toContain('Tout marche sans JavaScript.');
  expect(pathOf(page)).toMatch(/^\/fr\/backoffice\/pages\/\d+$/);
  await context.close();
});

test('the editor pages pass axe-core and the Nu HTML checker', async () => {
  const { page, context } = await editorOnPagesList(true);
  expect(await axeViolations(page)).toEqual([]);
  const home = await bed.server.db.selectFrom('pages').select('id').where('page_key', '=', 'about').executeTakeFirstOrThrow();
  await page.goto(`${bed.server.url}/fr/backoffice/pages/${home.id}`);
  await page.locator('.backoffice-page-editor').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  // The embed URL's copy button: the shell's clipboard behaviour and its message (spec timings: furniture test).
  await context.grantPermissions(['clipboard-write'], { origin: new URL(bed.server.url).origin });
  const embed = page.locator('.backoffice-block .backoffice-embed-url').first();
  await embed.locator('button[data-copy-target]').click();
  await embed.locator('.copy-message.open').waitFor();
  expect(await embed.locator('.copy-message').textContent()).toBe(resource('fr', 'Core.CopiedToClipboard'));
  await embed.locator('.copy-message').waitFor({ state: 'detached', timeout: 4000 });
  await context.close();
  const editor = await signedInEditor(bed.server);
  const block = await bed.server.db.selectFrom('page_blocks').select('id').where('page_id', '=', home.id).orderBy('position').executeTakeFirstOrThrow();
  const paths = ['/fr/backoffice/', '/fr/backoffice/pages', '/fr/backoffice/pages/new', `/fr/backoffice/pages/${home.id}?language=nl`, `/fr/backoffice/pages/${home.id}/revisions`, `/fr/backoffice/pages/${home.id}/delete`, `/fr/backoffice/pages/${home.id}/blocks/${block.id}`, `/fr/backoffice/pages/${home.id}/blocks/new?type=gallery`];
  const admin = await signedInEditor(bed.server, ['administrator']);
  await expectNoHtmlErrors([...(await documentsOf(editor.agent, paths)), ...(await documentsOf(admin.agent, ['/fr/backoffice/editors']))]);
});
