// ASVS 2.2.1: failed sign-ins are limited per account (100 an hour) and per client address (20 in 15 minutes).
import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { createAccount, demo, visitor } from './accounts-helpers';

const testApp = useTestApp();

type Agent = ReturnType<typeof request.agent>;

function attempt(agent: Agent, token: string, address: string, body: Record<string, string>, culture = 'fr') {
  return agent.post(`/${culture}/security/login`).set('X-Forwarded-For', address).type('form').send({ _csrf: token, ...body });
}

describe('login rate limits', () => {
  it('locks a client address after 20 failures in 15 minutes, with a clear message, even for the right password', async () => {
    const { agent, token } = await visitor(testApp, '/de/security/login');
    for (let failure = 0; failure < 20; failure++) {
      const answer = await attempt(agent, token, '203.0.113.7', { Email: `guess${failure}@example.com`, Password: 'Wrong-password-1' }, 'de');
      expect(answer.status).toBe(400);
    }
    const locked = await attempt(agent, token, '203.0.113.7', { Email: demo.customer.email, Password: demo.customer.password }, 'de');
    expect(locked.status).toBe(429);
    const page = parseHtml(locked.text);
    expect(textOf(page, '.form-error')).toBe(resource('de', 'Security.Login.LockedOut'));
    expect(attributeOf(page, '#login-Email', 'value')).toBe(demo.customer.email);
    expect((await agent.get('/de/account')).status).toBe(303);

    const htmx = await attempt(agent, token, '203.0.113.7', { Email: demo.customer.email, Password: demo.customer.password }, 'de')
      .set('HX-Request', 'true')
      .set('HX-Target', 'login-page');
    expect(htmx.status).toBe(429);
    expect(textOf(parseHtml(htmx.text), '#login-page .form-error')).toBe(resource('de', 'Security.Login.LockedOut'));

    const elsewhere = await visitor(testApp);
    const fine = await attempt(elsewhere.agent, elsewhere.token, '198.51.100.7', { Email: demo.customer.email, Password: demo.customer.password });
    expect(fine.status).toBe(303);
  });

  it('does not count successful sign-ins', async () => {
    const { agent, token } = await visitor(testApp);
    for (let round = 0; round < 25; round++) {
      const answer = await attempt(agent, token, '203.0.113.20', { Email: demo.editor.email, Password: demo.editor.password });
      expect(answer.status).toBe(303);
    }
  });

  it('locks an account after 100 failures in an hour from any number of addresses', async () => {
    await createAccount(testApp, { email: 'target@example.com', password: 'Target-pass-1' });
    const { agent, token } = await visitor(testApp);
    for (let failure = 0; failure < 100; failure++) {
      const address = `192.0.2.${Math.floor(failure / 10) + 1}`;
      const answer = await attempt(agent, token, address, { Email: failure % 2 ? 'Target@Example.com' : 'target@example.com', Password: `Wrong-${failure}-pass` });
      expect(answer.status).toBe(400);
    }
    const locked = await attempt(agent, token, '192.0.2.200', { Email: 'target@example.com', Password: 'Target-pass-1' });
    expect(locked.status).toBe(429);
    expect(textOf(parseHtml(locked.text), '.form-error')).toBe(resource('fr', 'Security.Login.LockedOut'));
    const otherAccount = await attempt(agent, token, '192.0.2.200', { Email: demo.staff.email, Password: demo.staff.password });
    expect(otherAccount.status).toBe(303);
  }, 60_000);

  it('counts a repeated Email against the account it names, refused with a clear message, and signs no one in', async () => {
    await createAccount(testApp, { email: 'repeated@example.com', password: 'Repeated-pass-1' });
    const { agent, token } = await visitor(testApp);
    const twice = `_csrf=${encodeURIComponent(token)}&Email=repeated%40example.com&Email=repeated%40example.com&Password=Repeated-pass-1`;
    const refused = await agent.post('/de/security/login').set('X-Forwarded-For', '192.0.2.250').type('form').send(twice);
    expect(refused.status).toBe(400);
    expect(textOf(parseHtml(refused.text), '#login-Email-error')).toBe(resource('de', 'Core.RepeatedField'));
    expect((await agent.get('/de/account')).status).toBe(303);
    // Each try repeats Email a different number of times: once a new counter each time, now one account's.
    for (let failure = 1; failure < 100; failure++) {
      const address = `198.18.0.${Math.floor(failure / 10) + 1}`;
      const emails = Array.from({ length: 2 + failure }, () => 'Email=repeated%40example.com').join('&');
      const answer = await agent.post('/fr/security/login').set('X-Forwarded-For', address).type('form').send(`_csrf=${encodeURIComponent(token)}&${emails}&Password=Wrong-${failure}-pass`);
      expect(answer.status).toBe(400);
    }
    const locked = await attempt(agent, token, '198.18.0.200', { Email: 'repeated@example.com', Password: 'Repeated-pass-1' });
    expect(locked.status).toBe(429);
    expect(textOf(parseHtml(locked.text), '.form-error')).toBe(resource('fr', 'Security.Login.LockedOut'));
  }, 60_000);
});
