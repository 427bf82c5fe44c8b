// The back office's content editors in Chromium, with and without JavaScript: an editor (two-factor on)
// signs in, creates a news post in French and Dutch as a draft, opens its signed preview link (a visitor
// gets a 404 for the post itself), publishes it, and a visitor then reads it in both cultures.
import type { Browser, Page } from 'playwright-core';
import { signedInEditor as signedInAgent } from '../http/backoffice-helpers';
import { parseHtml } from '../support/html';
import { axeViolations } from '../support/page-checks';
import { createTwoFactorAccount, currentCode } from '../support/two-factor';
import { documentsOf, expectNoHtmlErrors } from './support/html-checks';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';
import { pathOf } from './support/shell';

const bed = useBrowserTestBed();
jest.setTimeout(120_000);

async function signedInEditor(javaScript: boolean): Promise<{ page: Page; close: () => Promise<void>; errors: string[] }> {
  const account = await createTwoFactorAccount(bed.server.db, `e2e-editor-${javaScript ? 'js' : 'nojs'}`);
  await bed.server.db.insertInto('user_roles').values({ user_id: account.id, role: 'editor' }).execute();
  const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/`, { javaScript });
  await withConsentAnswered(context, bed.server.url);
  page.setDefaultTimeout(15_000);
  await page.goto(`${bed.server.url}/fr/security/login?returnUrl=${encodeURIComponent('/fr/backoffice/news')}`);
  await page.fill('#login-Email', account.email);
  await page.fill('#login-Password', account.password);
  await page.click('.login-form button[type="submit"]');
  await page.locator('#two-factor-code').waitFor();
  await page.fill('#two-factor-code', currentCode(account.secret));
  await Promise.all([page.waitForURL((url) => url.pathname === '/fr/backoffice/news', { waitUntil: 'load' }), page.click('form.two-factor-form button[type="submit"]')]);
  // With JS the URL may change before the list is swapped in: wait for the list itself.
  await page.locator('.backoffice-items').waitFor();
  return { page, close: () => context.close(), errors };
}

/** A visitor's page (another browser context: no session), its status and main heading. */
async function visitorSees(browser: Browser, path: string, selector: string): Promise<{ status: number; heading: string | null }> {
  const { page, context } = await openPage(browser, `${bed.server.url}/fr/`, { javaScript: false });
  const answer = await page.goto(`${bed.server.url}${path}`);
  const heading = (await page.locator(selector).count()) > 0 ? await page.locator(selector).first().textContent() : null;
  await context.close();
  return { status: answer!.status(), heading: heading?.trim() ?? null };
}

async function submitAndWait(page: Page, javaScript: boolean, path: RegExp): Promise<void> {
  await Promise.all([page.waitForURL((url) => path.test(url.pathname), { waitUntil: 'load' }), page.click('form.backoffice-form button[type="submit"]')]);
  if (javaScript) await page.locator('.backoffice-item').waitFor();
}

/** axe reads colours: with JS, after the region's swap and fade have finished. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => getComputedStyle(document.getElementById('page')!).opacity === '1');
  // The swapped region's own fade (as the staff tools' modal): axe reads colours once it is opaque.
  await page.waitForTimeout(400);
}

describe.each([true, false])('with JavaScript: %s', (javaScript) => {
  test('an editor writes a post in two cultures, previews the draft, publishes it; a visitor then reads it', async () => {
    const { page, close, errors } = await signedInEditor(javaScript);
    if (javaScript) await waitForShell(page);
    const words = javaScript ? 'script' : 'sans-script';
    await settled(page);
    expect(await axeViolations(page, { javaScript })).toEqual([]);
    await page.click('.backoffice-actions a.button-primary');
    await page.locator('form.backoffice-form').waitFor();
    await settled(page);
    expect(await axeViolations(page, { javaScript })).toEqual([]);
    expect(pathOf(page)).toBe('/fr/backoffice/news/new');
    const category = await page.locator('#bo-news-post-CategoryId option:not([value=""])').first().getAttribute('value');
    await page.selectOption('#bo-news-post-CategoryId', category!);
    await page.fill('#bo-news-post-Title_fr', `Ouverture à Gand ${words}`);
    await page.fill('#bo-news-post-Summary_fr', 'Notre nouvelle boutique ouvre ses portes.');
    await page.fill('#bo-news-post-Body_fr', '<p>Venez nous voir.</p>');
    await page.fill('#bo-news-post-Title_nl', `Opening in Gent ${words}`);
    await page.fill('#bo-news-post-Summary_nl', 'Onze nieuwe winkel opent de deuren.');
    await page.fill('#bo-news-post-Body_nl', '<p>Kom langs.</p>');
    await submitAndWait(page, javaScript, /^\/fr\/backoffice\/news\/\d+$/);
    expect(await page.locator('.backoffice-translations li[data-state="filled"]').evaluateAll((items) => items.map((item) => item.getAttribute('data-culture')))).toEqual(['fr', 'nl']);

    const slug = `ouverture-a-gand-${words}`;
    expect((await visitorSees(bed.browser, `/fr/news/${slug}`, 'h1')).status).toBe(404);
    const preview = await page.locator('a[data-preview="nl"]').getAttribute('href');
    const shown = await visitorSees(bed.browser, new URL(preview!).pathname, 'article.news-post h1');
    expect(shown).toEqual({ status: 200, heading: `Opening in Gent ${words}` });

    await page.selectOption('#bo-news-post-Status', 'published');
    await submitAndWait(page, javaScript, /^\/fr\/backoffice\/news\/\d+$/);
    expect(await visitorSees(bed.browser, `/fr/news/${slug}`, 'article.news-post h1')).toEqual({ status: 200, heading: `Ouverture à Gand ${words}` });
    expect(await visitorSees(bed.browser, `/nl/news/opening-in-gent-${words}`, 'article.news-post h1')).toEqual({ status: 200, heading: `Opening in Gent ${words}` });
    const list = await visitorSees(bed.browser, '/fr/news', `.news-blog :text("Ouverture à Gand ${words}")`);
    expect(list.heading).toBe(`Ouverture à Gand ${words}`);
    expect(errors).toEqual([]);
    await close();
  });
});

test('the Nu HTML Checker finds no error in the content editors\' pages', async () => {
  const { agent } = await signedInAgent(bed.server);
  const first = async (table: 'news_posts' | 'news_categories' | 'faq_entries' | 'faq_categories' | 'projects' | 'project_categories') =>
    (await bed.server.db.selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const [post, newsCategory, entry, faqCategory, project, projectCategory] = [
    await first('news_posts'), await first('news_categories'), await first('faq_entries'), await first('faq_categories'), await first('projects'), await first('project_categories'),
  ];
  await expectNoHtmlErrors(await documentsOf(agent, [
    '/fr/backoffice/news', '/fr/backoffice/news/new', `/fr/backoffice/news/${post}`, `/fr/backoffice/news/${post}/delete`, `/fr/backoffice/news/${post}/revisions`,
    '/fr/backoffice/news/categories', `/fr/backoffice/news/categories/${newsCategory}`, `/fr/backoffice/news/categories/${newsCategory}/delete`,
    '/fr/backoffice/faq', `/fr/backoffice/faq/${entry}`, '/fr/backoffice/faq/categories/new', `/fr/backoffice/faq/categories/${faqCategory}`,
    '/fr/backoffice/projects', `/fr/backoffice/projects/${project}`, '/fr/backoffice/projects/categories', `/fr/backoffice/projects/categories/${projectCategory}`,
  ]));
});

test('with JavaScript, a stale save shows the conflict in place and keeps what the editor typed', async () => {
  const { page, close, errors } = await signedInEditor(true);
  const other = await signedInAgent(bed.server);
  const post = await bed.server.db.selectFrom('news_posts').select('id').where('status', '=', 'published').orderBy('id').executeTakeFirstOrThrow();
  await page.click(`tr[data-item-id="${post.id}"] th a`);
  await page.locator('form.backoffice-form').waitFor();
  const form = parseHtml((await other.agent.get(`/fr/backoffice/news/${post.id}`)).text);
  const values = Object.fromEntries(form.querySelectorAll('form.backoffice-form [name]').map((field) => [field.getAttribute('name')!, field.tagName === 'TEXTAREA' ? field.textContent : field.tagName === 'SELECT' ? (field.querySelector('option[selected]')?.getAttribute('value') ?? '') : (field.getAttribute('value') ?? '')]));
  expect((await other.agent.post(`/fr/backoffice/news/${post.id}`).type('form').send({ ...values, Summary_fr: 'Changé par un autre rédacteur.' })).status).toBe(303);
  await page.fill('#bo-news-post-Title_fr', 'Mon titre à moi');
  await page.click('form.backoffice-form button[type="submit"]');
  await page.locator('[data-conflict]').waitFor();
  expect(await page.inputValue('#bo-news-post-Title_fr')).toBe('Mon titre à moi');
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
  await close();
});
