import type { Page } from 'playwright-core';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';

const bed = useBrowserTestBed();

const storedFrom = (email: string) =>
  bed.server.db.selectFrom('contact_messages').select(['order_number', 'order_date', 'culture']).where('email', '=', email).execute();

async function openContact(culture: string, javaScript = true) {
  const opened = await openPage(bed.browser, `${bed.server.url}/${culture}/contact/form`, { javaScript });
  await withConsentAnswered(opened.context, bed.server.url);
  await opened.page.reload();
  if (javaScript) await waitForShell(opened.page);
  return opened;
}

/** Counts the form's posts, to show that an invalid form never leaves the browser. */
function countPosts(page: Page): () => number {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/contact/form')) posts += 1;
  });
  return () => posts;
}

const slot = (page: Page, name: string) => page.textContent(`.contact-form [data-valmsg-for="${name}"]`);

// Leaving a field checks it again, which may add or remove its message and move the button: focus the
// button first (as a keyboard user would), so the click lands where the button then is.
async function submit(page: Page): Promise<void> {
  await page.focus('.contact-form button[type="submit"]');
  await page.click('.contact-form button[type="submit"]');
}

describe('contact form in Chromium with JavaScript', () => {
  it('checks fields in the browser in French, shows field 24 once field 23 has text, then sends by ajax', async () => {
    const { page, context, errors } = await openContact('fr');
    const posts = countPosts(page);
    expect(await page.isVisible('.contact-form [name="OrderDate"]')).toBe(false);
    await submit(page);
    await page.waitForSelector('.contact-form [data-valmsg-for="Name"]:not(:empty)');
    expect(await slot(page, 'Name')).toBe('Ce champ est obligatoire.');
    expect(await slot(page, 'Message')).toBe('Ce champ est obligatoire.');
    expect(await page.getAttribute('.contact-form [name="Name"]', 'aria-invalid')).toBe('true');
    await page.fill('.contact-form [name="OrderNumber"]', '100234');
    expect(await page.isVisible('.contact-form [name="OrderDate"]')).toBe(true);
    await page.fill('.contact-form [name="Name"]', 'Camille Martin');
    await page.fill('.contact-form [name="Email"]', 'camille@example.fr');
    await page.selectOption('.contact-form [name="Subject"]', 'order');
    await page.fill('.contact-form [name="Message"]', 'Ma commande est arrivée incomplète.');
    await submit(page);
    await page.waitForSelector('.contact-form [data-valmsg-for="OrderDate"]:not(:empty)');
    expect(await slot(page, 'OrderDate')).toBe('Ce champ est obligatoire.');
    expect(await slot(page, 'Name')).toBe('');
    await page.fill('.contact-form [name="OrderDate"]', '31/02/2025');
    await submit(page);
    await page.waitForFunction(() => document.querySelector('.contact-form [data-valmsg-for="OrderDate"]')?.textContent === 'Veuillez saisir une date valide.');
    expect(posts()).toBe(0);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));
    await page.fill('.contact-form [name="OrderDate"]', '28/02/2025');
    await submit(page);
    await page.waitForSelector('.contact-sent');
    expect(await page.textContent('.contact-sent')).toBe('Merci ! Votre message a bien été envoyé, nous vous répondrons rapidement.');
    expect(await page.evaluate(() => (window as unknown as { marker: string }).marker)).toBe('still here');
    expect(posts()).toBe(1);
    expect(await storedFrom('camille@example.fr')).toEqual([{ order_number: '100234', order_date: '2025-02-28', culture: 'fr' }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the browser messages in German, and clears them as the field is put right', async () => {
    const { page, context } = await openContact('de');
    await page.fill('.contact-form [name="Email"]', 'anna@');
    await submit(page);
    await page.waitForSelector('.contact-form [data-valmsg-for="Email"]:not(:empty)');
    expect(await slot(page, 'Email')).toBe('Geben Sie bitte eine gültige E-Mail-Adresse ein.');
    expect(await slot(page, 'Message')).toBe('Dieses Feld ist ein Pflichtfeld.');
    await page.fill('.contact-form [name="Message"]', 'Kurz');
    await page.click('.contact-form [name="Name"]');
    await page.waitForFunction(() => document.querySelector('.contact-form [data-valmsg-for="Message"]')?.textContent === 'Geben Sie bitte mindestens 10 Zeichen ein.');
    await page.locator('.contact-form [name="Email"]').pressSequentially('example.de');
    await page.waitForFunction(() => document.querySelector('.contact-form [data-valmsg-for="Email"]')?.textContent === '');
    // jquery-validation marks a field it found valid aria-invalid="false", which means the same as none.
    expect(await page.getAttribute('.contact-form [name="Email"]', 'aria-invalid')).toBe('false');
    await context.close();
  });
});

describe('contact form in Chromium without JavaScript', () => {
  it('shows the server messages on a 400 page, then posts, redirects and shows the notice', async () => {
    const { page, context } = await openContact('it', false);
    expect(await page.isVisible('.contact-form [name="OrderDate"]')).toBe(false);
    await page.fill('.contact-form [name="Email"]', 'giulia@');
    await page.fill('.contact-form [name="OrderNumber"]', 'A-77');
    expect(await page.isVisible('.contact-form [name="OrderDate"]')).toBe(true);
    const refused = await Promise.all([page.waitForNavigation(), page.click('.contact-form button[type="submit"]')]);
    expect(refused[0]!.status()).toBe(400);
    expect(await slot(page, 'Name')).toBe('Campo obbligatorio.');
    expect(await slot(page, 'Email')).toBe('Inserisci un indirizzo email valido.');
    expect(await slot(page, 'OrderDate')).toBe('Campo obbligatorio.');
    expect(await page.inputValue('.contact-form [name="OrderNumber"]')).toBe('A-77');
    await page.fill('.contact-form [name="Name"]', 'Giulia Bianchi');
    await page.fill('.contact-form [name="Email"]', 'giulia@example.it');
    await page.selectOption('.contact-form [name="Subject"]', 'return');
    await page.fill('.contact-form [name="OrderDate"]', '05/01/2025');
    await page.fill('.contact-form [name="Message"]', 'Vorrei restituire un articolo.');
    await Promise.all([page.waitForNavigation(), page.click('.contact-form button[type="submit"]')]);
    expect(new URL(page.url()).pathname).toBe('/it/contact/form');
    expect(await page.textContent('.flash-success')).toBe('Grazie! Il tuo messaggio è stato inviato, ti risponderemo presto.');
    expect(await storedFrom('giulia@example.it')).toEqual([{ order_number: 'A-77', order_date: '2025-01-05', culture: 'it' }]);
    await context.close();
  });
});
