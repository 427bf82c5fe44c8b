import { useBrowserTestBed, openPage, waitForShell, withConsentAnswered } from './support/browser';

const bed = useBrowserTestBed();

const subscribed = (email: string) =>
  bed.server.db.selectFrom('newsletter_subscriptions').select('email').where('email', '=', email).executeTakeFirst();

describe('newsletter form (an ajax form in replace-with mode) in Chromium', () => {
  it('with JavaScript replaces itself with its answer and never leaves the page', async () => {
    const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/it/about`);
    await withConsentAnswered(context, bed.server.url);
    await page.reload();
    await waitForShell(page);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));
    await page.fill('#newsletter-email', 'wrong');
    await page.click('.newsletter-form button[type="submit"]');
    await page.waitForSelector('#newsletter-email-error:not(:empty)');
    expect(await page.textContent('#newsletter-email-error')).toBe('Inserisci un indirizzo e-mail valido.');
    await page.fill('#newsletter-email', 'giulia@example.it');
    await page.click('.newsletter-form button[type="submit"]');
    await page.waitForSelector('.newsletter-thanks');
    expect(await page.evaluate(() => (window as unknown as { marker: string }).marker)).toBe('still here');
    expect(page.url()).toBe(`${bed.server.url}/it/about`);
    expect(await subscribed('giulia@example.it')).toBeDefined();
    // The refused address answered 400 on purpose; Chromium logs that, and nothing else may appear.
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    await context.close();
  });

  it('without JavaScript posts, redirects back and shows the notice', async () => {
    const { page, context } = await openPage(bed.browser, `${bed.server.url}/es/legal`, { javaScript: false });
    await withConsentAnswered(context, bed.server.url);
    await page.reload();
    await page.fill('#newsletter-email', 'lucia@example.es');
    await Promise.all([page.waitForNavigation(), page.click('.newsletter-form button[type="submit"]')]);
    expect(new URL(page.url()).pathname).toBe('/es/legal');
    expect(await page.textContent('.flash-success')).toBe('¡Gracias! Recibirá nuestro próximo boletín.');
    expect(await subscribed('lucia@example.es')).toBeDefined();
    await context.close();
  });
});
