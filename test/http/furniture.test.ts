import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, csrfTokenOf, parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';

const testApp = useTestApp();

describe('the video players in the security headers', () => {
  it('allows frames from the privacy-enhanced YouTube host and Vimeo\'s player only', async () => {
    const csp = String((await request(testApp.app).get('/fr/about')).headers['content-security-policy']);
    const frameSrc = csp.split(';').map((directive) => directive.trim().split(/\s+/)).find(([name]) => name === 'frame-src');
    expect(frameSrc).toEqual(['frame-src', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
  });

  it('lets those players (and no one else) autoplay and go fullscreen', async () => {
    const header = String((await request(testApp.app).get('/fr/about')).headers['permissions-policy']);
    const policy = new Map(header.split(/,\s*(?=[a-z-]+=)/).map((entry) => entry.trim().split('=') as [string, string]));
    expect(policy.get('autoplay')).toBe('("https://www.youtube-nocookie.com" "https://player.vimeo.com")');
    expect(policy.get('fullscreen')).toBe('(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")');
    expect(policy.get('camera')).toBe('()');
  });
});

describe('GET {app}/{culture}/confirm', () => {
  it('asks Core.SureToDelete by default, posts to the action with the token and returnUrl, and cancels back', async () => {
    const answer = await request(testApp.app).get('/fr/confirm').query({ action: '/fr/account/addresses/5/delete', returnUrl: '/fr/account/addresses' });
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('text/html');
    const html = parseHtml(answer.text);
    expect(textOf(html, '.confirm-question')).toBe(resource('fr', 'Core.SureToDelete'));
    expect(attributeOf(html, 'form.confirm-form', 'action')).toBe('/fr/account/addresses/5/delete');
    expect(attributeOf(html, 'form.confirm-form', 'method')).toBe('post');
    expect(attributeOf(html, 'form.confirm-form input[name="_csrf"]', 'value')).toBe(csrfTokenOf(html));
    expect(attributeOf(html, 'form.confirm-form input[name="returnUrl"]', 'value')).toBe('/fr/account/addresses');
    expect(attributeOf(html, '[data-confirm-cancel]', 'href')).toBe('/fr/account/addresses');
  });

  it('asks the question named by a locale key, and the default for a key that is not one', async () => {
    const asked = async (text: string) => textOf(parseHtml((await request(testApp.app).get('/de/confirm').query({ action: '/de/popups/1/close', text })).text), '.confirm-question');
    expect(await asked('Wishlists.ConfirmDelete')).toBe(resource('de', 'Wishlists.ConfirmDelete'));
    expect(await asked('Nope.Missing')).toBe(resource('de', 'Core.SureToDelete'));
    expect(await asked('Core')).toBe(resource('de', 'Core.SureToDelete'));
    expect(await asked('<b>')).toBe(resource('de', 'Core.SureToDelete'));
  });

  it('refuses an action on another site with a localised 400, and a foreign return URL goes home', async () => {
    for (const action of ['https://evil.example/delete', '//evil.example/delete', '', 'javascript:alert(1)']) {
      const answer = await request(testApp.app).get('/it/confirm').query({ action });
      expect([action, answer.status]).toEqual([action, 400]);
      expect(answer.text).toContain(resource('it', 'Core.ConfirmInvalidAction'));
    }
    const html = parseHtml((await request(testApp.app).get('/fr/confirm').query({ action: '/fr/popups/1/close', returnUrl: 'https://evil.example/' })).text);
    expect(attributeOf(html, '[data-confirm-cancel]', 'href')).toBe('/fr/');
  });

  it('gives a form to the routes that ask for confirmation only: a crafted link to any other action gets a 400 without one', async () => {
    const crafted = [
      '/fr/api/v1/catalog/wishlist/updatename?Id=1&Name=Pirate',
      '/api/v1/catalog/wishlist/delete?Id=1',
      '/fr/catalog/wishlist/delete?Id=1',
      '/fr/catalog/wishlist/delete',
      '/fr/account/addresses/5/delete?Id=6',
      '/fr/popups/1/close#x',
      '/fr/popups/01/close',
      '/fr/popups/1/close/../../account/addresses/5/delete',
      '/de/popups/1/close',
      '/fr/security/logoff',
      '/fr/backoffice/editors/2/remove',
    ];
    for (const action of crafted) {
      const answer = await request(testApp.app).get('/fr/confirm').query({ action, returnUrl: '/fr/' });
      const html = parseHtml(answer.text);
      expect([action, answer.status, html.querySelectorAll('form.confirm-form, [data-confirm-submit]').length]).toEqual([action, 400, 0]);
      expect([action, html.querySelectorAll(`form[action="${action}"]`).length]).toEqual([action, 0]);
      expect(textOf(html, 'main')).toContain(resource('fr', 'Core.ConfirmInvalidAction'));
    }
    const listed = await request(testApp.app).get('/fr/confirm').query({ action: '/fr/popups/12/close', returnUrl: '/fr/' });
    expect(attributeOf(parseHtml(listed.text), 'form.confirm-form', 'action')).toBe('/fr/popups/12/close');
  });
});
