// Who enters the back office ({app}/{culture}/backoffice/...): a visitor is sent to log in (401 for
// htmx), a customer or staff member gets 403, an editor without two-factor is sent to set it up with a
// localised notice (303, or HX-Redirect for htmx), an editor with two-factor enters; the administrators'
// page of editors is 403 for an editor, and granting or removing the editor role is audited.
import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, csrfTokenOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { createAccount } from '../support/two-factor';
import { demo, signedIn } from './accounts-helpers';
import { signedInEditor } from './backoffice-helpers';

const testApp = useTestApp();

describe('requireBackOffice', () => {
  test('a visitor is sent to the login page and back; htmx gets 401', async () => {
    const page = await request(testApp.app).get('/fr/backoffice/');
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe(`/fr/security/login?returnUrl=${encodeURIComponent('/fr/backoffice/')}`);
    const ajax = await request(testApp.app).get('/fr/backoffice/pages').set({ 'HX-Request': 'true', 'HX-Target': 'page' });
    expect(ajax.status).toBe(401);
  });

  test.each([['customer', demo.customer], ['staff', demo.staff]])('a %s gets 403', async (_role, account) => {
    const { agent } = await signedIn(testApp, account);
    const answer = await agent.get('/fr/backoffice/');
    expect(answer.status).toBe(403);
    expect(textOf(parseHtml(answer.text), 'h1')).toBe(resource('fr', 'Core.ErrorTitle'));
    expect(answer.text).not.toMatch(/backoffice-[A-Za-z0-9]+\.js/);
  });

  test('an editor without two-factor is sent to set it up, with a localised notice', async () => {
    const { agent } = await signedIn(testApp, demo.editor, 'de');
    const answer = await agent.get('/de/backoffice/pages');
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/de/security/twofactor/setup');
    const setup = parseHtml((await agent.get('/de/security/twofactor/setup')).text);
    expect(textsOf(setup, '.flash')).toContain(resource('de', 'BackOffice.TwoFactorRequired'));
    const ajax = await agent.get('/de/backoffice/').set({ 'HX-Request': 'true', 'HX-Target': 'page' });
    expect(ajax.status).toBe(200);
    expect(ajax.headers['hx-redirect']).toBe('/de/security/twofactor/setup');
  });

  test('an editor with two-factor enters: the back office page, its script and styles, never stored', async () => {
    const editor = await signedInEditor(testApp);
    const answer = await editor.agent.get('/it/backoffice/');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers['x-robots-tag']).toBe('noindex');
    const page = parseHtml(answer.text);
    expect(textOf(page, '.backoffice-main h1')).toBe(resource('it', 'BackOffice.Title'));
    expect(attributeOf(page, 'script[src*="/static/dist/backoffice-"]', 'type')).toBe('module');
    expect(attributeOf(page, 'link[href*="/static/dist/backoffice-style-"]', 'rel')).toBe('stylesheet');
    expect(textsOf(page, '.backoffice-nav a').slice(0, 2)).toEqual(['Home', 'Pages'].map((key) => resource('it', `BackOffice.Nav.${key}`)));
  });

  test('the account page links editors to the back office (a full load), never customers', async () => {
    const { agent } = await signedIn(testApp, demo.editor);
    const link = parseHtml((await agent.get('/fr/account')).text).querySelector('a[data-back-office-link]');
    expect(link?.getAttribute('href')).toBe('/fr/backoffice/');
    expect(link?.hasAttribute('data-no-ajax')).toBe(true);
    const customer = await signedIn(testApp, demo.customer);
    expect(parseHtml((await customer.agent.get('/fr/account')).text).querySelector('a[data-back-office-link]')).toBeNull();
  });

  test("visitors' pages never carry the back office's script or styles", async () => {
    const editor = await signedInEditor(testApp);
    for (const path of ['/fr/', '/fr/about', '/fr/news']) {
      for (const agent of [request(testApp.app), editor.agent]) {
        const answer = await agent.get(path);
        expect(answer.status).toBe(200);
        expect(answer.text).not.toMatch(/static\/dist\/backoffice/);
      }
    }
  });
});

describe('administrators: the editors page', () => {
  test('an editor gets 403, an administrator sees the accounts with a back-office role', async () => {
    const editor = await signedInEditor(testApp);
    expect((await editor.agent.get('/fr/backoffice/editors')).status).toBe(403);
    expect(parseHtml((await editor.agent.get('/fr/backoffice/')).text).querySelector('a[data-section="editors"]')).toBeNull();
    const admin = await signedInEditor(testApp, ['administrator']);
    const answer = await admin.agent.get('/fr/backoffice/editors');
    expect(answer.status).toBe(200);
    const emails = textsOf(parseHtml(answer.text), '.editor-email');
    expect(emails).toEqual(expect.arrayContaining([demo.editor.email, 'admin@example.com', editor.email, admin.email]));
    expect(emails).not.toContain(demo.customer.email);
  });

  test('granting and removing the editor role is audited; an unknown address is a 400 that changes nothing', async () => {
    const admin = await signedInEditor(testApp, ['administrator']);
    const account = await createAccount(testApp.db, 'future-editor');
    const token = csrfTokenOf(parseHtml((await admin.agent.get('/fr/backoffice/editors')).text));
    const unknown = await admin.agent.post('/fr/backoffice/editors').type('form').send({ _csrf: token, Email: 'nobody-here@example.org' });
    expect(unknown.status).toBe(400);
    expect(textOf(parseHtml(unknown.text), '#backoffice-grant-editor-Email-error')).toBe(resource('fr', 'BackOffice.Editors.UnknownAccount'));
    const granted = await admin.agent.post('/fr/backoffice/editors').type('form').send({ _csrf: token, Email: account.email.toUpperCase() });
    expect(granted.status).toBe(303);
    const roles = () => testApp.db.selectFrom('user_roles').select('role').where('user_id', '=', account.id).orderBy('role').execute();
    expect((await roles()).map((row) => row.role)).toEqual(['customer', 'editor']);
    const removed = await admin.agent.post(`/fr/backoffice/editors/${account.id}/remove`).type('form').send({ _csrf: token });
    expect(removed.status).toBe(303);
    expect((await roles()).map((row) => row.role)).toEqual(['customer']);
    const audit = await testApp.db.selectFrom('audit_log').select(['action', 'actor_id', 'before_json', 'after_json']).where('entity', '=', 'user').where('entity_id', '=', String(account.id)).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'roles.grant-editor', actor_id: admin.userId, before_json: JSON.stringify({ roles: ['customer'] }), after_json: JSON.stringify({ roles: ['customer', 'editor'] }) },
      { action: 'roles.remove-editor', actor_id: admin.userId, before_json: JSON.stringify({ roles: ['customer', 'editor'] }), after_json: JSON.stringify({ roles: ['customer'] }) },
    ]);
    const editor = await signedInEditor(testApp);
    expect((await editor.agent.post(`/fr/backoffice/editors/${account.id}/remove`).type('form').send({ _csrf: editor.token })).status).toBe(403);
  });
});
