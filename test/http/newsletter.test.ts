import { parse } from 'node-html-parser';
import request from 'supertest';
import { useTestApp } from '../support/app';

const testApp = useTestApp();

async function agentWithToken(path = '/fr/about') {
  const agent = request.agent(testApp.app);
  const page = await agent.get(path);
  const token = parse(page.text).querySelector('meta[name="csrf-token"]')!.getAttribute('content')!;
  return { agent, token };
}

const subscriptions = () => testApp.db.selectFrom('newsletter_subscriptions').select(['email', 'culture']).execute();

describe('newsletter sign-up without JavaScript (post-redirect-get)', () => {
  it('redirects back with a localised notice and stores the address once', async () => {
    const { agent, token } = await agentWithToken('/de/about');
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await agent.post('/de/newsletter').type('form').send({ _csrf: token, Email: ' Anna@Example.org ', returnUrl: '/de/about' });
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe('/de/about');
    }
    const page = parse((await agent.get('/de/about')).text);
    expect(page.querySelector('.flash-success')!.text).toBe('Danke! Sie erhalten unseren nächsten Newsletter.');
    expect(await subscriptions()).toContainEqual({ email: 'anna@example.org', culture: 'de' });
    const again = parse((await agent.get('/de/about')).text);
    expect(again.querySelector('.flash-success')).toBeNull();
  });

  it('refuses a bad address with a localised error and writes nothing', async () => {
    const before = (await subscriptions()).length;
    const { agent, token } = await agentWithToken('/nl/');
    const answer = await agent.post('/nl/newsletter').type('form').send({ _csrf: token, Email: 'not-an-address', returnUrl: 'https://evil.example/' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/nl/');
    const page = parse((await agent.get('/nl/')).text);
    expect(page.querySelector('.flash-error')!.text).toBe('Voer een geldig e-mailadres in.');
    expect(await subscriptions()).toHaveLength(before);
  });

  it('answers 403 without the CSRF token', async () => {
    const answer = await request(testApp.app).post('/fr/newsletter').type('form').send({ Email: 'x@example.org' });
    expect(answer.status).toBe(403);
  });
});

describe('newsletter sign-up from the ajax form', () => {
  it('answers the thanks fragment alone', async () => {
    const { agent, token } = await agentWithToken();
    const answer = await agent.post('/fr/newsletter').set('HX-Request', 'true').set('HX-Target', 'newsletter').set('X-CSRF-Token', token).type('form').send({ Email: 'b@example.org' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    const fragment = parse(answer.text);
    expect(fragment.querySelector('html')).toBeNull();
    expect(fragment.querySelector('#newsletter .newsletter-thanks')!.text).toBe('Merci ! Vous recevrez notre prochaine lettre.');
  });

  it('answers 400 with the form and the field message, writing nothing', async () => {
    const before = (await subscriptions()).length;
    const { agent, token } = await agentWithToken();
    const answer = await agent.post('/es/newsletter').set('HX-Request', 'true').set('HX-Target', 'newsletter').set('X-CSRF-Token', token).type('form').send({ Email: 'x@' });
    expect(answer.status).toBe(400);
    const fragment = parse(answer.text);
    expect(fragment.querySelector('#newsletter-email-error')!.text).toBe('Introduzca un correo electrónico válido.');
    expect(fragment.querySelector('#newsletter-email')!.getAttribute('aria-invalid')).toBe('true');
    expect(await subscriptions()).toHaveLength(before);
  });
});
