import type { Page } from 'playwright-core';
import { afterPageLoaded, openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';

const bed = useBrowserTestBed();

async function openAbout(culture: string) {
  const opened = await openPage(bed.browser, `${bed.server.url}/${culture}/about`);
  await withConsentAnswered(opened.context, bed.server.url);
  const requested: string[] = [];
  opened.page.on('request', (request) => requested.push(`${request.method()} ${new URL(request.url()).pathname}`));
  await opened.page.reload();
  await waitForShell(opened.page);
  return { ...opened, requested };
}

const validationChunk = (requested: string[]) => requested.some((entry) => /\/chunks\/validation-[A-Z0-9]+\.js$/.test(entry));
const newsletterPosts = (requested: string[]) => requested.filter((entry) => entry.startsWith('POST ') && entry.endsWith('/newsletter')).length;
const messageOf = (page: Page) => page.textContent('#newsletter-email-error');

describe('jquery-validation loads at the first use of a declared form', () => {
  it('is not fetched while the page is only read, and arrives at the first focus in the form', async () => {
    const { page, context, requested, errors } = await openAbout('fr');
    await page.hover('.site-footer .footer-links a');
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(300);
    expect(validationChunk(requested)).toBe(false);
    await page.focus('#newsletter-email');
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/chunks\/validation-/.test(entry.name)));
    expect(validationChunk(requested)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the cart's forms need none: using the cart (its quantity, its coupon) fetches no jquery; the checkout's arrives at its first use", async () => {
    const { page, context, requested, errors } = await openAbout('fr');
    const variant = await bed.server.db.selectFrom('product_variants').select('id').where('is_active', '=', 1).where('stock_mode', '=', 'NoManagement').orderBy('id').executeTakeFirstOrThrow();
    const status = await page.evaluate(async (id) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
      const answer = await fetch('/api/v1/catalog/products/addtocart', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': token },
        body: JSON.stringify({ ProductVariantId: id, Quantity: 1 }),
      });
      return answer.status;
    }, variant.id);
    expect(status).toBe(200);
    await page.goto(`${bed.server.url}/fr/shoppingcarts`);
    await waitForShell(page);
    const loaded = (name: string) => page.waitForFunction((chunk) => performance.getEntriesByType('resource').some((entry) => entry.name.includes(`/chunks/${chunk}-`)), name);
    await page.focus('[data-cart-quantity]');
    await loaded('cart-page');
    await page.focus('#coupon-code');
    await loaded('coupon');
    expect(validationChunk(requested)).toBe(false);
    // The checkout has declared fields: painted first, the code comes at the first focus in its form.
    await page.goto(`${bed.server.url}/fr/checkout`);
    await waitForShell(page);
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/chunks\/validation-/.test(entry.name)))).toBe(false);
    await page.focus('form[data-checkout] [name="Email"]');
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/chunks\/validation-/.test(entry.name)));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('holds a submit that comes before the code, checks the form, and posts nothing invalid', async () => {
    const { page, context, requested } = await openAbout('nl');
    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('#newsletter-email')!;
      input.value = 'niet-geldig';
      input.form!.requestSubmit();
    });
    await page.waitForSelector('#newsletter-email-error:not(:empty)');
    expect(await messageOf(page)).toBe('Voer een geldig e-mailadres in.');
    expect(await page.getAttribute('#newsletter-email', 'aria-invalid')).toBe('true');
    expect(newsletterPosts(requested)).toBe(0);
    await page.fill('#newsletter-email', 'jan@example.nl');
    await page.click('.newsletter-form button[type="submit"]');
    await page.waitForSelector('.newsletter-thanks');
    expect(newsletterPosts(requested)).toBe(1);
    await context.close();
  });

  it('checks a form that arrived by ajax navigation, like one that came with the page', async () => {
    const { page, context, requested } = await openAbout('es');
    await page.focus('#newsletter-email');
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/chunks\/validation-/.test(entry.name)));
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
    await afterPageLoaded(page, () => page.click('.site-footer a[href="/es/contact/form"]'));
    expect(await page.evaluate(() => (window as unknown as { marker: string }).marker)).toBe('same document');
    await page.focus('.contact-form button[type="submit"]');
    await page.click('.contact-form button[type="submit"]');
    await page.waitForSelector('.contact-form [data-valmsg-for="Name"]:not(:empty)');
    expect(await page.textContent('.contact-form [data-valmsg-for="Name"]')).toBe('Este campo es obligatorio.');
    expect(requested.filter((entry) => entry.startsWith('POST '))).toEqual([]);
    await context.close();
  });
});
