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
    const asked = async (text: string) => textOf(parseHtml((await request(testApp.app).get('/de/confirm').query({ action: '/de/x', text })).text), '.confirm-question');
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
    const html = parseHtml((await request(testApp.app).get('/fr/confirm').query({ action: '/fr/x', returnUrl: 'https://evil.example/' })).text);
    expect(attributeOf(html, '[data-confirm-cancel]', 'href')).toBe('/fr/');
  });
});
