// The content half's gaps in Chromium: a project's gallery opens in the lightbox (loaded at the first
// click), and a FAQ link shared from another culture's page (its anchor) opens the same entry here,
// with and without JavaScript.
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';

const bed = useBrowserTestBed();
jest.setTimeout(60_000);

async function visit(path: string, javaScript = true) {
  const opened = await openPage(bed.browser, `${bed.server.url}/fr/about`, { javaScript });
  await withConsentAnswered(opened.context, bed.server.url);
  await opened.page.setViewportSize({ width: 1280, height: 740 });
  await opened.page.goto(`${bed.server.url}${path}`);
  if (javaScript) await waitForShell(opened.page);
  return opened;
}

/** The French anchor of the entry about delivery times, and the same entry's anchor in Dutch. */
async function anchors(): Promise<{ french: string; dutch: string }> {
  const french = await bed.server.db.selectFrom('faq_entry_translations').select(['entry_id', 'anchor']).where('culture', '=', 'fr').where('anchor', '=', 'quel-est-le-delai-de-livraison').executeTakeFirstOrThrow();
  const dutch = await bed.server.db.selectFrom('faq_entry_translations').select('anchor').where('culture', '=', 'nl').where('entry_id', '=', french.entry_id).executeTakeFirstOrThrow();
  return { french: french.anchor, dutch: dutch.anchor };
}

describe('a project’s gallery', () => {
  it('opens a picture in the lightbox at its large rendition, and closes it; glightbox is not loaded before', async () => {
    const project = await bed.server.db
      .selectFrom('projects as p')
      .innerJoin('project_translations as t', 't.project_id', 'p.id')
      .where('t.culture', '=', 'fr')
      .where('p.status', '=', 'published')
      .orderBy('p.position')
      .select('t.slug')
      .executeTakeFirstOrThrow();
    const { page, context, errors } = await visit(`/fr/projects/${project.slug}`);
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    expect(await page.locator('#glightbox-body').count()).toBe(0);
    const large = await page.getAttribute('[data-content-gallery-item="1"]', 'href');
    await page.locator('[data-content-gallery-item="1"]').click();
    await page.waitForSelector('#glightbox-body .gslide.current img');
    expect(new URL((await page.getAttribute('#glightbox-body .gslide.current img', 'src'))!, bed.server.url).pathname).toBe(new URL(large!, bed.server.url).pathname);
    expect(scripts.length).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe(`/fr/projects/${project.slug}`);
    await page.click('#glightbox-body .gclose');
    await page.waitForSelector('#glightbox-body', { state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without JavaScript, a picture is a link to its large rendition', async () => {
    const project = await bed.server.db
      .selectFrom('projects as p')
      .innerJoin('project_translations as t', 't.project_id', 'p.id')
      .where('t.culture', '=', 'de')
      .where('p.status', '=', 'published')
      .orderBy('p.position')
      .select('t.slug')
      .executeTakeFirstOrThrow();
    const { page, context } = await visit(`/de/projects/${project.slug}`, false);
    const large = await page.getAttribute('[data-content-gallery-item="0"]', 'href');
    await Promise.all([page.waitForNavigation(), page.click('[data-content-gallery-item="0"]')]);
    expect(new URL(page.url()).pathname).toBe(new URL(large!, bed.server.url).pathname);
    await context.close();
  });
});

describe('a FAQ link shared from another culture’s page', () => {
  it('with JavaScript: /nl/faq#{French anchor} opens the Dutch entry and shows it below the header', async () => {
    const { french, dutch } = await anchors();
    const { page, context, errors } = await visit(`/nl/faq#${french}`);
    await page.waitForFunction((id) => (document.getElementById(id) as HTMLDetailsElement).open, dutch);
    await page.waitForFunction((id) => Math.abs(document.getElementById(id)!.getBoundingClientRect().top - 120) < 3, dutch);
    await page.waitForSelector(`#${dutch} .faq-answer`, { state: 'visible' });
    expect(await page.locator('details.faq-entry[open]').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without JavaScript: the browser scrolls to the Dutch entry and shows its answer', async () => {
    const { french, dutch } = await anchors();
    const { page, context } = await visit(`/nl/faq#${french}`, false);
    expect(await page.isVisible(`#${dutch} .faq-answer`)).toBe(true);
    expect(Math.round(await page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top, dutch))).toBe(120);
    await context.close();
  });
});
