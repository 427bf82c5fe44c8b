// The currency converter call, the widget without JS, and convertCents' integer arithmetic.
import path from 'node:path';
import ejs from 'ejs';
import { viewsDir } from '../../server/http/render';
import { convertCents, loadRates, visitorCurrency } from '../../server/currencies/rates';
import { cookieOf, visitor, type Agent } from './accounts-helpers';
import { parseHtml } from '../support/html';
import { useTestApp } from '../support/app';

const testApp = useTestApp();
const changeTo = (code: string, force = false) => `/api/v1/currencyconverter/currency/changeto/${code}${force ? '/true' : ''}`;

async function giveCart(agent: Agent, withItem = true) {
  const token = `k${Math.random().toString(36).slice(2)}${'x'.repeat(32)}`.slice(0, 32);
  const now = Date.now();
  const cart = await testApp.db.insertInto('carts').values({ token, currency: 'EUR', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  if (withItem) {
    const variant = await testApp.db.selectFrom('product_variants').select('id').where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    await testApp.db.insertInto('cart_items').values({ cart_id: cart.id, variant_id: variant.id, quantity: 2, origin: 'Catalog', item_key: '', created_at: now }).execute();
  }
  (agent as unknown as { jar: { setCookie(cookie: string, domain: string, path: string): void } }).jar.setCookie(`cart=${token}; Path=/`, '127.0.0.1', '/');
  return cart.id;
}

async function cartCurrency(cartId: number) {
  return (await testApp.db.selectFrom('carts').select('currency').where('id', '=', cartId).executeTakeFirstOrThrow()).currency;
}

describe('convertCents and the rates', () => {
  it('converts with integer arithmetic, rounding half up', async () => {
    const rates = await loadRates(testApp.db);
    expect(rates.active).toEqual(['EUR', 'CHF', 'GBP', 'USD']);
    expect(convertCents(1_000, 'EUR', 'USD', rates)).toBe(1_080);
    expect(convertCents(1_080, 'USD', 'EUR', rates)).toBe(1_000);
    // 1 cent EUR = 0.85 GBP cents -> 1; 0.5 exactly rounds up: 50 cents at 0.01 ratio would need a custom rate.
    expect(convertCents(1, 'EUR', 'GBP', rates)).toBe(1);
    const custom = { ppm: { EUR: 1_000_000, XTS: 1_500_000 }, active: ['EUR', 'XTS'] };
    expect(convertCents(1, 'EUR', 'XTS', custom)).toBe(2); // 1.5 -> 2
    expect(convertCents(-1, 'EUR', 'XTS', custom)).toBe(-1); // -1.5 -> -1 (half up)
    expect(convertCents(3, 'XTS', 'EUR', custom)).toBe(2);
    expect(() => convertCents(100, 'EUR', 'JPY', rates)).toThrow('Unknown currency: JPY');
    expect(() => convertCents(1.5, 'EUR', 'USD', rates)).toThrow(TypeError);
  });

  it('reads the visitor currency from the currency cookie, else EUR', () => {
    const req = (cookie?: string) => ({ get: (name: string) => (name === 'Cookie' ? cookie : undefined) }) as never;
    expect(visitorCurrency(req())).toBe('EUR');
    expect(visitorCurrency(req('currency=CHF; other=1'))).toBe('CHF');
    expect(visitorCurrency(req('currency=<script>'))).toBe('EUR');
  });
});

describe('POST api/v1/currencyconverter/currency/changeto/{currency}[/true]', () => {
  it('answers OK and sets the currency cookie when there is no cart', async () => {
    const { agent, token } = await visitor(testApp, '/fr/contact/form');
    const answer = await agent.post(changeTo('CHF')).set('X-CSRF-Token', token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ResponseCode: 'OK', ReasonType: '', ReasonResourceKey: '' });
    expect(cookieOf(answer, 'currency')).toMatch(/^currency=CHF;/);
  });

  it('warns when a cart with items would be re-priced; only /true applies it and re-prices the cart', async () => {
    const { agent, token } = await visitor(testApp, '/fr/contact/form');
    const cartId = await giveCart(agent);
    const warned = await agent.post(changeTo('USD')).set('X-CSRF-Token', token).set('Referer', 'http://127.0.0.1/nl/shoppingcarts');
    expect(warned.status).toBe(200);
    expect(warned.body).toEqual({
      ResponseCode: 'Warning',
      ReasonType: 'warning',
      ReasonResourceKey: 'Currencies.CartWillBeRepriced',
      Message: 'Uw winkelmandje wordt in de nieuwe valuta herberekend. Doorgaan?',
    });
    expect(cookieOf(warned, 'currency')).toBeUndefined();
    expect(await cartCurrency(cartId)).toBe('EUR');
    const forced = await agent.post(changeTo('USD', true)).set('X-CSRF-Token', token);
    expect(forced.body).toMatchObject({ ResponseCode: 'OK' });
    expect(cookieOf(forced, 'currency')).toMatch(/^currency=USD;/);
    expect(await cartCurrency(cartId)).toBe('USD');
  });

  it('changes an empty cart without a warning', async () => {
    const { agent, token } = await visitor(testApp, '/fr/contact/form');
    const cartId = await giveCart(agent, false);
    const answer = await agent.post(changeTo('gbp')).set('X-CSRF-Token', token);
    expect(answer.body).toMatchObject({ ResponseCode: 'OK' });
    expect(await cartCurrency(cartId)).toBe('GBP');
  });

  it('answers an error with a reason for an unknown currency, changing nothing', async () => {
    const { agent, token } = await visitor(testApp, '/fr/contact/form');
    const answer = await agent.post(changeTo('JPY')).set('X-CSRF-Token', token).set('Referer', 'http://127.0.0.1/fr/');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ ResponseCode: 'Error', ReasonType: 'error', ReasonResourceKey: 'Currencies.UnknownCurrency', Message: "Cette devise n'est pas proposée." });
    expect(cookieOf(answer, 'currency')).toBeUndefined();
  });
});

describe('the currency widget', () => {
  it('offers the active currencies with the visitor\'s selected, posting to {culture}/currency', async () => {
    const html = await ejs.renderFile(path.join(viewsDir, 'partials', 'currencies', 'widget.ejs'), {
      t: (key: string) => key, href: (to: string) => `/fr/${to}`, basePath: '', csrfToken: 'token', currentUrl: '/fr/catalog',
      currencyWidget: { current: 'GBP', currencies: ['EUR', 'CHF', 'GBP', 'USD'] },
    });
    const form = parseHtml(html).querySelector('form[data-currency-widget]')!;
    expect(form.getAttribute('action')).toBe('/fr/currency');
    expect(form.getAttribute('data-currency-api')).toBe('/api/v1/currencyconverter/currency/changeto/');
    expect([...form.querySelectorAll('option')].map((option) => option.getAttribute('value'))).toEqual(['EUR', 'CHF', 'GBP', 'USD']);
    expect(form.querySelector('option[selected]')!.getAttribute('value')).toBe('GBP');
    expect(form.querySelector('input[name=returnUrl]')!.getAttribute('value')).toBe('/fr/catalog');
  });
});

describe('the currency widget without JS (POST {culture}/currency)', () => {
  it('changes and goes back with a notice', async () => {
    const { agent, token } = await visitor(testApp, '/fr/contact/form');
    const answer = await agent.post('/fr/currency').type('form').send({ _csrf: token, Currency: 'GBP', returnUrl: '/fr/contact/form' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/fr/contact/form');
    expect(cookieOf(answer, 'currency')).toMatch(/^currency=GBP;/);
  });

  it('asks to confirm when the cart would be re-priced, and the confirmation forces it', async () => {
    const { agent, token } = await visitor(testApp, '/fr/contact/form');
    const cartId = await giveCart(agent);
    const asked = await agent.post('/fr/currency').type('form').send({ _csrf: token, Currency: 'CHF', returnUrl: '/fr/contact/form' });
    expect(asked.status).toBe(200);
    const page = parseHtml(asked.text);
    expect(page.querySelector('.currency-confirm [role=alert]')!.textContent).toBe('Votre panier sera recalculé dans la nouvelle devise. Continuer ?');
    expect(page.querySelector('.currency-confirm input[name=Force]')!.getAttribute('value')).toBe('true');
    expect(await cartCurrency(cartId)).toBe('EUR');
    const forced = await agent.post('/fr/currency').type('form').send({ _csrf: token, Currency: 'CHF', Force: 'true', returnUrl: '/fr/contact/form' });
    expect(forced.status).toBe(303);
    expect(await cartCurrency(cartId)).toBe('CHF');
  });

  it('answers 400 for an unknown currency and never leaves the site by returnUrl', async () => {
    const { agent, token } = await visitor(testApp, '/fr/contact/form');
    expect((await agent.post('/fr/currency').type('form').send({ _csrf: token, Currency: 'XXX' })).status).toBe(400);
    const answer = await agent.post('/fr/currency').type('form').send({ _csrf: token, Currency: 'EUR', returnUrl: '//evil.example' });
    expect(answer.headers.location).toBe('/fr/');
  });
});
