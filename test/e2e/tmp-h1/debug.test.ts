import type { Page } from 'playwright-core';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from '../support/browser';

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

const slot = (page: Page, name: string) => page.textContent(`[data-valmsg-for="${name}"]`);

describe('contact form in Chromium with JavaScript', () => {
  it('checks fields in the browser in French, shows field 24 once field 23 has text, then sends by ajax', async () => {
    const { page, context, errors } = await openContact('fr');
    const posts = countPosts(page);
    expect(await page.isVisible('[name="OrderDate"]')).toBe(false);
    console.log('STEP', `click('.contact-form button[type="submit"]');`.slice(0,60)); await page.click('.contact-form button[type="submit"]');
    console.log('STEP', `waitForSelector('[data-valmsg-for="Name"]:not(:empty)');`.slice(0,60)); await page.waitForSelector('[data-valmsg-for="Name"]:not(:empty)');
    expect(await slot(page, 'Name')).toBe('Ce champ est obligatoire.');
    expect(await slot(page, 'Message')).toBe('Ce champ est obligatoire.');
    expect(await page.getAttribute('[name="Name"]', 'aria-invalid')).toBe('true');
    console.log('STEP', `fill('[name="OrderNumber"]', '100234');`.slice(0,60)); await page.fill('[name="OrderNumber"]', '100234');
    expect(await page.isVisible('[name="OrderDate"]')).toBe(true);
    console.log('STEP', `fill('[name="Name"]', 'Camille Martin');`.slice(0,60)); await page.fill('[name="Name"]', 'Camille Martin');
    console.log('STEP', `fill('[name="Email"]', 'camille@example.fr');`.slice(0,60)); await page.fill('[name="Email"]', 'camille@example.fr');
    console.log('STEP', `selectOption('[name="Subject"]', 'order');`.slice(0,60)); await page.selectOption('[name="Subject"]', 'order');
    console.log('STEP', `fill('[name="Message"]', 'Ma commande est arrivée incomplète.');`.slice(0,60)); await page.fill('[name="Message"]', 'Ma commande est arrivée incomplète.');
    page.on('console', (m) => console.log('PAGE', m.text())); await page.evaluate(() => { document.addEventListener('submit', (e) => console.log('capture submit', e.defaultPrevented), true); window.addEventListener('submit', (e) => console.log('window bubble submit', e.defaultPrevented)); document.addEventListener('click', (e) => console.log('click on', (e.target as Element).outerHTML.slice(0, 60)), true); });
    console.log('STEP', `click('.contact-form button[type="submit"]');`.slice(0,60)); await page.click('.contact-form button[type="submit"]');
    await page.waitForTimeout(2000); console.log('VAL', await page.evaluate(() => { const form = document.querySelector('.contact-form') as any; const key = Object.keys(form).find((k) => k.startsWith('jQuery')); const v = Object.keys(form).filter((k) => k.startsWith('jQuery')).map((k) => form[k].validator).find(Boolean); if (!v) return 'no validator ' + Object.keys(form).join(','); const ok = v.form(); return [ok, v.elements().toArray().map((e: any) => e.name).join(','), v.errorList.map((e: any) => e.element.name + ':' + e.message).join(';'), JSON.stringify(v.settings.rules.Subject), (document.querySelector('[name=Subject]') as HTMLSelectElement).value]; })); console.log('DUMP', errors, posts(), await page.evaluate(() => [...document.querySelectorAll('[data-valmsg-for]')].map((e) => e.textContent).join('|') + ' vis=' + getComputedStyle(document.querySelector('.contact-order-date')!).display + ' ' + (document.querySelector('[name=OrderDate]') as HTMLInputElement).outerHTML));
    console.log('STEP', `waitForSelector('[data-valmsg-for="OrderDate"]:not(:empty)');`.slice(0,60)); await page.waitForSelector('[data-valmsg-for="OrderDate"]:not(:empty)');
    expect(await slot(page, 'OrderDate')).toBe('Ce champ est obligatoire.');
    expect(await slot(page, 'Name')).toBe('');
    console.log('STEP', `fill('[name="OrderDate"]', '31/02/2025');`.slice(0,60)); await page.fill('[name="OrderDate"]', '31/02/2025');
    console.log('STEP', `click('.contact-form button[type="submit"]');`.slice(0,60)); await page.click('.contact-form button[type="submit"]');
    console.log('STEP', `waitForFunction(() => document.querySelector('[data-valmsg-for="OrderDate"]')?.textContent === 'Veuillez saisir une date valide.');`.slice(0,60)); await page.waitForFunction(() => document.querySelector('[data-valmsg-for="OrderDate"]')?.textContent === 'Veuillez saisir une date valide.');
    expect(posts()).toBe(0);
    console.log('STEP', `evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));`.slice(0,60)); await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));
    console.log('STEP', `fill('[name="OrderDate"]', '28/02/2025');`.slice(0,60)); await page.fill('[name="OrderDate"]', '28/02/2025');
    console.log('STEP', `click('.contact-form button[type="submit"]');`.slice(0,60)); await page.click('.contact-form button[type="submit"]');
    console.log('STEP', `waitForSelector('.contact-sent');`.slice(0,60)); await page.waitForSelector('.contact-sent');
    expect(await page.textContent('.contact-sent')).toBe('Merci ! Votre message a bien été envoyé, nous vous répondrons rapidement.');
    expect(await page.evaluate(() => (window as unknown as { marker: string }).marker)).toBe('still here');
    expect(posts()).toBe(1);
    expect(await storedFrom('camille@example.fr')).toEqual([{ order_number: '100234', order_date: '2025-02-28', culture: 'fr' }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the browser messages in German, and clears them as the field is put right', async () => {
    const { page, context } = await openContact('de');
    console.log('STEP', `fill('[name="Email"]', 'anna@');`.slice(0,60)); await page.fill('[name="Email"]', 'anna@');
    console.log('STEP', `click('.contact-form button[type="submit"]');`.slice(0,60)); await page.click('.contact-form button[type="submit"]');
    console.log('STEP', `waitForSelector('[data-valmsg-for="Email"]:not(:empty)');`.slice(0,60)); await page.waitForSelector('[data-valmsg-for="Email"]:not(:empty)');
    expect(await slot(page, 'Email')).toBe('Geben Sie bitte eine gültige E-Mail-Adresse ein.');
    expect(await slot(page, 'Message')).toBe('Dieses Feld ist ein Pflichtfeld.');
    console.log('STEP', `fill('[name="Message"]', 'Kurz');`.slice(0,60)); await page.fill('[name="Message"]', 'Kurz');
    console.log('STEP', `click('[name="Name"]');`.slice(0,60)); await page.click('[name="Name"]');
    console.log('STEP', `waitForFunction(() => document.querySelector('[data-valmsg-for="Message"]')?.textContent === 'Geben Sie bitte mindestens 10 Zeichen ein.');`.slice(0,60)); await page.waitForFunction(() => document.querySelector('[data-valmsg-for="Message"]')?.textContent === 'Geben Sie bitte mindestens 10 Zeichen ein.');
    console.log('STEP', `fill('[name="Email"]', 'anna@example.de');`.slice(0,60)); await page.fill('[name="Email"]', 'anna@example.de');
    console.log('STEP', `waitForFunction(() => document.querySelector('[data-valmsg-for="Email"]')?.textContent === '');`.slice(0,60)); await page.waitForFunction(() => document.querySelector('[data-valmsg-for="Email"]')?.textContent === '');
    expect(await page.getAttribute('[name="Email"]', 'aria-invalid')).toBeNull();
    await context.close();
  });
});

describe('contact form in Chromium without JavaScript', () => {
  it('shows the server messages on a 400 page, then posts, redirects and shows the notice', async () => {
    const { page, context } = await openContact('it', false);
    expect(await page.isVisible('[name="OrderDate"]')).toBe(false);
    console.log('STEP', `fill('[name="Email"]', 'giulia@');`.slice(0,60)); await page.fill('[name="Email"]', 'giulia@');
    console.log('STEP', `fill('[name="OrderNumber"]', 'A-77');`.slice(0,60)); await page.fill('[name="OrderNumber"]', 'A-77');
    expect(await page.isVisible('[name="OrderDate"]')).toBe(true);
    const refused = await Promise.all([page.waitForNavigation(), page.click('.contact-form button[type="submit"]')]);
    expect(refused[0]!.status()).toBe(400);
    expect(await slot(page, 'Name')).toBe('Campo obbligatorio.');
    expect(await slot(page, 'Email')).toBe('Inserisci un indirizzo email valido.');
    expect(await slot(page, 'OrderDate')).toBe('Campo obbligatorio.');
    expect(await page.inputValue('[name="OrderNumber"]')).toBe('A-77');
    console.log('STEP', `fill('[name="Name"]', 'Giulia Bianchi');`.slice(0,60)); await page.fill('[name="Name"]', 'Giulia Bianchi');
    console.log('STEP', `fill('[name="Email"]', 'giulia@example.it');`.slice(0,60)); await page.fill('[name="Email"]', 'giulia@example.it');
    console.log('STEP', `selectOption('[name="Subject"]', 'return');`.slice(0,60)); await page.selectOption('[name="Subject"]', 'return');
    console.log('STEP', `fill('[name="OrderDate"]', '05/01/2025');`.slice(0,60)); await page.fill('[name="OrderDate"]', '05/01/2025');
    console.log('STEP', `fill('[name="Message"]', 'Vorrei restituire un articolo.');`.slice(0,60)); await page.fill('[name="Message"]', 'Vorrei restituire un articolo.');
    await Promise.all([page.waitForNavigation(), page.click('.contact-form button[type="submit"]')]);
    expect(new URL(page.url()).pathname).toBe('/it/contact/form');
    expect(await page.textContent('.flash-success')).toBe('Grazie! Il tuo messaggio è stato inviato, ti risponderemo presto.');
    expect(await storedFrom('giulia@example.it')).toEqual([{ order_number: 'A-77', order_date: '2025-01-05', culture: 'it' }]);
    await context.close();
  });
});
