import request from 'supertest';
import { attributeOf, type Html, parseHtml, textOf } from '../support/html';
import { useTestApp } from '../support/app';
import { readOutbox } from '../support/outbox';
import { resource } from '../support/resources';

const testApp = useTestApp();

async function visit(culture = 'fr') {
  const agent = request.agent(testApp.app);
  const page = parseHtml((await agent.get(`/${culture}/contact/form`)).text);
  return { agent, token: attributeOf(page, 'meta[name="csrf-token"]', 'content')! };
}

const messages = () => testApp.db.selectFrom('contact_messages').selectAll().orderBy('id').execute();
const mailsToShop = () => readOutbox(testApp.config.DATA_DIR).filter((mail) => mail.to === testApp.config.SHOP_EMAIL);

const filled = { Name: 'Ann Peeters', Email: ' ann@example.be ', Phone: '+32 2 123 45 67', Subject: 'delivery', OrderNumber: '', OrderDate: '', Message: 'Where is my parcel, please?' };

const messageOf = (page: Html, name: string) => textOf(page, `[data-valmsg-for="${name}"]`);

describe('GET {culture}/contact/form', () => {
  it('renders the declared form with its rules and messages in the culture', async () => {
    const answer = await request(testApp.app).get('/de/contact/form');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    const page = parseHtml(answer.text);
    expect(textOf(page, 'title')).toMatch(/^Kontakt aufnehmen \| /);
    expect(attributeOf(page, 'form.contact-form', 'action')).toBe('/de/contact/form');
    expect(attributeOf(page, '[name="Name"]', 'data-val-required')).toBe('Dieses Feld ist ein Pflichtfeld.');
    expect(attributeOf(page, '[name="Message"]', 'data-val-minlength')).toBe('Geben Sie bitte mindestens 10 Zeichen ein.');
    // Field 24 is required when field 23 has text, and typed in the culture's short date.
    const orderDate = page.querySelector('[name="OrderDate"]')!;
    expect([orderDate.getAttribute('data-val-requiredif-other'), orderDate.getAttribute('data-val-requiredif-operator'), orderDate.getAttribute('data-val-requiredif-value')]).toEqual(['OrderNumber', 'notequals', '']);
    expect(orderDate.getAttribute('data-val-date-format')).toBe('dd.mm.yyyy');
    expect(page.querySelectorAll('[name="Subject"] option').map((option) => option.getAttribute('value'))).toEqual(['', 'order', 'product', 'delivery', 'return', 'other']);
  });

  it('answers the page region alone to htmx, and is linked from the footer', async () => {
    const answer = await request(testApp.app).get('/nl/contact/form').set('HX-Request', 'true').set('HX-Target', 'page');
    const region = parseHtml(answer.text);
    expect(region.querySelector('html')).toBeNull();
    expect(textOf(region, '#contact-page h1')).toBe('Contact opnemen');
    const home = parseHtml((await request(testApp.app).get('/nl/')).text);
    expect(home.querySelectorAll('.site-footer a').map((link) => link.getAttribute('href'))).toContain('/nl/contact/form');
  });
});

describe('POST {culture}/contact/form without JavaScript', () => {
  it('stores the message, emails it to the shop and redirects back with a notice', async () => {
    const { agent, token } = await visit('es');
    const before = mailsToShop().length;
    const answer = await agent.post('/es/contact/form').type('form').send({ _csrf: token, ...filled });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/es/contact/form');
    const page = parseHtml((await agent.get('/es/contact/form')).text);
    expect(textOf(page, '.flash-success')).toBe('¡Gracias! Su mensaje se ha enviado, le responderemos pronto.');
    expect((await messages()).at(-1)).toMatchObject({ name: 'Ann Peeters', email: 'ann@example.be', subject: 'delivery', order_number: '', order_date: null, culture: 'es' });
    const mails = mailsToShop();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.raw).toMatch(/^Reply-To: ann@example\.be$/m);
    expect(mails.at(-1)!.text).toContain('Where is my parcel, please?');
  });

  it('re-renders the page with 400, each field message in the culture and what was typed; nothing stored', async () => {
    const { agent, token } = await visit('nl');
    const [stored, mailed] = [(await messages()).length, mailsToShop().length];
    const answer = await agent.post('/nl/contact/form').type('form').send({ _csrf: token, ...filled, Name: '', Email: 'ann@', Message: 'short' });
    expect(answer.status).toBe(400);
    const page = parseHtml(answer.text);
    expect(messageOf(page, 'Name')).toBe('Dit is een verplicht veld.');
    expect(messageOf(page, 'Email')).toBe('Vul hier een geldig e-mailadres in.');
    expect(messageOf(page, 'Message')).toBe('Vul hier minimaal 10 tekens in.');
    expect(messageOf(page, 'Phone')).toBe('');
    expect(attributeOf(page, '[name="Email"]', 'value')).toBe('ann@');
    expect(attributeOf(page, '[name="Email"]', 'aria-invalid')).toBe('true');
    expect(textOf(page, '[name="Message"]')).toBe('short');
    expect(attributeOf(page, '[name="Subject"] option[selected]', 'value')).toBe('delivery');
    expect([(await messages()).length, mailsToShop().length]).toEqual([stored, mailed]);
  });

  it('requires the order date (field 24) only when the order number (field 23) has text', async () => {
    const { agent, token } = await visit('de');
    const missing = await agent.post('/de/contact/form').type('form').send({ _csrf: token, ...filled, OrderNumber: '100234' });
    expect(missing.status).toBe(400);
    expect(messageOf(parseHtml(missing.text), 'OrderDate')).toBe('Dieses Feld ist ein Pflichtfeld.');
    const wrongFormat = await agent.post('/de/contact/form').type('form').send({ _csrf: token, ...filled, OrderNumber: '100234', OrderDate: '2025-10-03' });
    expect(messageOf(parseHtml(wrongFormat.text), 'OrderDate')).toBe('Geben Sie bitte ein gültiges Datum ein.');
    const sent = await agent.post('/de/contact/form').type('form').send({ _csrf: token, ...filled, OrderNumber: '100234', OrderDate: '3.10.2025' });
    expect(sent.status).toBe(303);
    expect((await messages()).at(-1)).toMatchObject({ order_number: '100234', order_date: '2025-10-03', culture: 'de' });
    const dateAlone = await agent.post('/de/contact/form').type('form').send({ _csrf: token, ...filled, OrderDate: '3.10.2025' });
    expect(dateAlone.status).toBe(303);
    expect((await messages()).at(-1)).toMatchObject({ order_number: '', order_date: null });
  });

  it('refuses a subject it did not offer and odd bodies with 400, never 500', async () => {
    const { agent, token } = await visit('it');
    const subject = await agent.post('/it/contact/form').type('form').send({ _csrf: token, ...filled, Subject: 'free-text' });
    expect(subject.status).toBe(400);
    expect(messageOf(parseHtml(subject.text), 'Subject')).toBe('Campo obbligatorio.');
    const json = await agent.post('/it/contact/form').set('X-CSRF-Token', token).send({ Name: ['a', 'b'], Email: { $ne: '' }, Message: 42 });
    expect(json.status).toBe(400);
  });

  it('answers 403 without the CSRF token', async () => {
    const answer = await request(testApp.app).post('/fr/contact/form').type('form').send(filled);
    expect(answer.status).toBe(403);
  });
});

describe('POST {culture}/contact/form from the ajax form', () => {
  it('answers the thanks in the page region', async () => {
    const { agent, token } = await visit('pt');
    const answer = await agent.post('/pt/contact/form').set('HX-Request', 'true').set('HX-Target', 'contact-page').set('X-CSRF-Token', token).type('form').send(filled);
    expect(answer.status).toBe(200);
    const region = parseHtml(answer.text);
    expect(region.querySelector('html')).toBeNull();
    expect(textOf(region, '#contact-page .contact-sent')).toBe('Obrigado! A sua mensagem foi enviada, responderemos em breve.');
  });

  it('answers 400 with the form and its messages', async () => {
    const { agent, token } = await visit('fr');
    const answer = await agent.post('/fr/contact/form').set('HX-Request', 'true').set('HX-Target', 'contact-page').set('X-CSRF-Token', token).type('form').send({ ...filled, Email: '' });
    expect(answer.status).toBe(400);
    const region = parseHtml(answer.text);
    expect(region.querySelector('html')).toBeNull();
    expect(messageOf(region, 'Email')).toBe('Ce champ est obligatoire.');
  });
});

describe('the contact rate limit (20 posts an hour per client address)', () => {
  it('brings the form back as typed with a message and 429, to a post without JS and to the ajax form alike', async () => {
    const { agent, token } = await visit('de');
    const post = () => agent.post('/de/contact/form').set('X-Forwarded-For', '203.0.113.40').type('form');
    for (let attempt = 0; attempt < 20; attempt++) expect((await post().send({ _csrf: token, ...filled, Message: 'short' })).status).toBe(400);
    const stored = (await messages()).length;
    const locked = await post().send({ _csrf: token, ...filled });
    expect(locked.status).toBe(429);
    const page = parseHtml(locked.text);
    expect(textOf(page, '#contact-page .form-error')).toBe(resource('de', 'Core.TooManyRequests'));
    expect(textOf(page, '[name="Message"]')).toBe(filled.Message);
    expect(attributeOf(page, '[name="Name"]', 'value')).toBe(filled.Name);
    const ajax = await post().set({ 'HX-Request': 'true', 'HX-Target': 'contact-page', 'X-CSRF-Token': token }).send(filled);
    expect(ajax.status).toBe(429);
    const region = parseHtml(ajax.text);
    expect(region.querySelector('html')).toBeNull();
    expect(textOf(region, '#contact-page .form-error')).toBe(resource('de', 'Core.TooManyRequests'));
    expect((await messages()).length).toBe(stored);
  });
});

describe('a message the mail server refuses', () => {
  it('is not stored either', async () => {
    const { agent, token } = await visit('fr');
    const stored = (await messages()).length;
    const mailer = testApp.app.locals.mailer;
    testApp.app.locals.mailer = { outboxDir: null, send: () => Promise.reject(new Error('SMTP down')) };
    try {
      const answer = await agent.post('/fr/contact/form').type('form').send({ _csrf: token, ...filled });
      expect(answer.status).toBe(500);
    } finally {
      testApp.app.locals.mailer = mailer;
    }
    expect((await messages()).length).toBe(stored);
  });
});

describe('a slow mail server', () => {
  it('holds up no other write while the message is being mailed, and the message is kept once sent', async () => {
    const { agent, token } = await visit('fr');
    const mailer = testApp.app.locals.mailer;
    let release!: () => void;
    let sending!: () => void;
    const started = new Promise<void>((resolve) => (sending = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    testApp.app.locals.mailer = { outboxDir: mailer.outboxDir, send: async (message: object) => (sending(), await held, mailer.send(message)) };
    try {
      const posted = agent.post('/fr/contact/form').type('form').send({ _csrf: token, ...filled, Name: 'Slow Mail' }).then((answer) => answer);
      await started;
      const otherWrite = testApp.db.insertInto('newsletter_subscriptions').values({ email: 'while-mailing@example.com', culture: 'fr', created_at: Date.now() }).execute();
      let timer: NodeJS.Timeout | undefined;
      const first = await Promise.race([otherWrite.then(() => 'written'), new Promise((resolve) => (timer = setTimeout(resolve, 3000, 'waiting')))]);
      clearTimeout(timer);
      release();
      expect(first).toBe('written');
      expect((await posted).status).toBe(303);
    } finally {
      release();
      testApp.app.locals.mailer = mailer;
    }
    expect((await messages()).at(-1)).toMatchObject({ name: 'Slow Mail' });
  });
});
