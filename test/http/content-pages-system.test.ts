// The spec's system pages (docs/pages.md): the first-run check for the hosting team and a new customer's landing.
import request from 'supertest';
import { attributesOf, parseHtml, textOf, textsOf } from '../support/html';
import { useTestApp } from '../support/app';
import { resource } from '../support/resources';
import { demo, signedIn } from './accounts-helpers';

const testApp = useTestApp();

describe('GET {culture}/system/init', () => {
  it('is for staff: a visitor is sent to log in, a customer is refused', async () => {
    const visitor = await request(testApp.app).get('/fr/system/init');
    expect(visitor.status).toBe(303);
    expect(visitor.headers.location).toMatch(/\/fr\/security\/login\?returnUrl=%2Ffr%2Fsystem%2Finit$/);
    const { agent } = await signedIn(testApp, demo.customer);
    expect((await agent.get('/fr/system/init')).status).toBe(403);
  });

  it('lists every check with its state in the culture, never kept', async () => {
    const { agent } = await signedIn(testApp, demo.staff, 'nl');
    const answer = await agent.get('/nl/system/init');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const html = parseHtml(answer.text);
    expect(attributesOf(html, '.system-check', 'data-check')).toEqual(
      ['Database', 'Content', 'Build', 'Locales', 'DataFolder', 'Mail', 'SharedStore'].map((name) => `Pages.System.${name}`),
    );
    expect(textOf(html, '[data-check="Pages.System.Database"] th')).toBe(resource('nl', 'Pages.System.Database'));
    expect(textOf(html, '[data-check="Pages.System.Database"] code')).toMatch(/migraties, laatste: 0\d\d_/);
    expect(textsOf(html, '.system-check-failed')).toEqual([]);
    // The test app writes mail to the outbox and runs without Redis: worth knowing, not failures.
    expect(attributesOf(html, '.system-check-warning', 'data-check')).toEqual(['Pages.System.Mail', 'Pages.System.SharedStore']);
    expect(textOf(html, '.system-init [role="status"]')).toBe(resource('nl', 'Pages.System.Ready'));
  });
});

describe('GET {culture}/customer/init', () => {
  it('welcomes a signed-in customer by name with the first steps and the departments', async () => {
    const { agent } = await signedIn(testApp, demo.customer, 'es');
    const answer = await agent.get('/es/customer/init');
    expect(answer.status).toBe(200);
    const html = parseHtml(answer.text);
    expect(textOf(html, 'h1')).toBe(resource('es', 'Pages.Customer.Welcome').replace('{{name}}', 'Claire'));
    expect(attributesOf(html, '.customer-init-steps a', 'href')).toEqual(['/es/account/addresses', '/es/catalog/wishlist/list', '/es/security/twofactor', '/es/account']);
    expect(html.querySelectorAll('.home-departments a').length).toBeGreaterThan(1);
    expect(html.querySelector('.home-sections')).toBeNull();
  });

  it('sends a visitor to log in', async () => {
    const answer = await request(testApp.app).get('/es/customer/init');
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toMatch(/\/es\/security\/login\?returnUrl=/);
  });
});
