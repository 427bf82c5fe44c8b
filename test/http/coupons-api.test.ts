// The coupon calls of the spec: POST/DELETE api/v1/shoppingcarts/coupon, GET api/v1/couponcode/user/{id},
// GET {culture}/widget/couponcodes/list, and the cart page's coupon form without JS.
import { demo, signedIn, visitor, type Agent } from './accounts-helpers';
import { parseHtml } from '../support/html';
import { useTestApp } from '../support/app';

const testApp = useTestApp();
const api = '/api/v1/shoppingcarts/coupon';

/** A cart in the database holding `quantity` of a variant priced `priceCents`, handed to the agent by its cookie. */
async function giveCart(agent: Agent, { quantity = 1, minCents = 0, userId = null as number | null } = {}) {
  const variant = await testApp.db
    .selectFrom('product_variants')
    .select(['id', 'price_incl_cents'])
    .where('is_active', '=', 1)
    .where('currency', '=', 'EUR')
    // A product: the prepaid card (a top-up, which no coupon discounts) is coupons-top-ups.test.ts's.
    .where('sku', '<>', 'PREPAID-10')
    .where('price_incl_cents', '>=', minCents)
    .orderBy('price_incl_cents')
    .executeTakeFirstOrThrow();
  const token = `c${Math.random().toString(36).slice(2)}${'x'.repeat(32)}`.slice(0, 32);
  const now = Date.now();
  const cart = await testApp.db
    .insertInto('carts')
    .values({ token, user_id: userId, currency: 'EUR', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await testApp.db.insertInto('cart_items').values({ cart_id: cart.id, variant_id: variant.id, quantity, origin: 'Catalog', item_key: '', created_at: now }).execute();
  if (userId === null) (agent as unknown as { jar: { setCookie(cookie: string, domain: string, path: string): void } }).jar.setCookie(`cart=${token}; Path=/`, '127.0.0.1', '/');
  return { cartId: cart.id, variant, subtotal: variant.price_incl_cents * quantity };
}

async function couponOf(cartId: number) {
  return (await testApp.db.selectFrom('carts').select('coupon_code').where('id', '=', cartId).executeTakeFirstOrThrow()).coupon_code;
}

async function userIdOf(email: string) {
  return (await testApp.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

describe('POST and DELETE api/v1/shoppingcarts/coupon', () => {
  it('applies a valid code to the cart (true) and removes it (true)', async () => {
    const { agent, token } = await visitor(testApp, '/fr/contact/form');
    const { cartId } = await giveCart(agent);
    const applied = await agent.post(api).set('X-CSRF-Token', token).send({ CouponCode: 'welcome10' });
    expect(applied.status).toBe(200);
    expect(applied.body).toBe(true);
    expect(await couponOf(cartId)).toBe('WELCOME10');
    const removed = await agent.delete(api).set('X-CSRF-Token', token);
    expect(removed.status).toBe(200);
    expect(removed.body).toBe(true);
    expect(await couponOf(cartId)).toBeNull();
  });

  it('answers false and keeps the cart as it was for an unknown, an expired and a not-reached-minimum code', async () => {
    const { agent, token } = await visitor(testApp, '/fr/contact/form');
    const { cartId, subtotal } = await giveCart(agent);
    expect(subtotal).toBeLessThan(5_000);
    for (const code of ['NOPE', 'SUMMER2024', 'SAVE5', 'CLAIRE15']) {
      const answer = await agent.post(api).set('X-CSRF-Token', token).send({ CouponCode: code });
      expect([code, answer.status, answer.body]).toEqual([code, 200, false]);
    }
    expect(await couponOf(cartId)).toBeNull();
  });

  it('answers false without a cart', async () => {
    const { agent, token } = await visitor(testApp, '/fr/contact/form');
    const answer = await agent.post(api).set('X-CSRF-Token', token).send({ CouponCode: 'WELCOME10' });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(false);
  });

  it('answers 400 with a localised message for an empty or missing code', async () => {
    const { agent, token } = await visitor(testApp, '/de/contact/form');
    for (const body of [{ CouponCode: '   ' }, {}, { CouponCode: 12 }]) {
      const answer = await agent.post(api).set('X-CSRF-Token', token).set('Referer', 'http://127.0.0.1/de/shoppingcarts').send(body);
      expect(answer.status).toBe(400);
      expect(answer.body.Errors).toEqual([{ Field: 'CouponCode', Message: 'Geben Sie einen Gutscheincode ein.' }]);
      expect(typeof answer.body.Message).toBe('string');
    }
  });

  it('refuses a post without the CSRF token', async () => {
    const { agent } = await visitor(testApp, '/fr/contact/form');
    const answer = await agent.post(api).send({ CouponCode: 'WELCOME10' });
    expect(answer.status).toBe(403);
  });
});

describe('GET api/v1/couponcode/user/{id}', () => {
  it("lists the signed-in customer's own coupons", async () => {
    const { agent } = await signedIn(testApp, demo.customer);
    const id = await userIdOf(demo.customer.email);
    const answer = await agent.get(`/api/v1/couponcode/user/${id}`).set('Referer', 'http://127.0.0.1/fr/');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { CouponCode: 'CLAIRE15', Label: 'Votre bon fidélité de 15 %', Kind: 'Percent', Value: 1500, Currency: 'EUR', MinOrderCents: 0, ValidUntil: null },
    ]);
  });

  it('answers 401 to a visitor, 403 for another account and 400 for a non-numeric id', async () => {
    const id = await userIdOf(demo.customer.email);
    const { agent: stranger } = await visitor(testApp, '/fr/contact/form');
    expect((await stranger.get(`/api/v1/couponcode/user/${id}`)).status).toBe(401);
    const { agent: staff } = await signedIn(testApp, demo.staff);
    expect((await staff.get(`/api/v1/couponcode/user/${id}`)).status).toBe(403);
    expect((await staff.get('/api/v1/couponcode/user/abc')).status).toBe(400);
  });
});

describe('GET {culture}/widget/couponcodes/list', () => {
  it('lists the usable public coupons with their terms, never the expired one nor a customer coupon of someone else', async () => {
    const { agent } = await visitor(testApp, '/fr/contact/form');
    const answer = await agent.get('/fr/widget/couponcodes/list');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.vary).toMatch(/HX-Request/);
    const html = parseHtml(answer.text);
    const codes = [...html.querySelectorAll('[data-coupon-choice]')].map((entry) => entry.getAttribute('data-coupon-choice'));
    expect(codes).toEqual(expect.arrayContaining(['WELCOME10', 'SAVE5', 'FIRST10']));
    expect(codes).not.toContain('SUMMER2024');
    expect(codes).not.toContain('CLAIRE15');
    const save5 = html.querySelector('[data-coupon-choice="SAVE5"]')!.textContent!.replace(/\s+/g, ' ');
    expect(save5).toContain('5 € dès 50 € d’achat');
    expect(save5).toMatch(/dès 50,00\s€ d'achat/);
    expect(html.querySelector('title')!.textContent).toBe('Choisir un coupon');
  });

  it("shows the signed-in customer's own coupon too", async () => {
    const { agent } = await signedIn(testApp, demo.customer);
    const html = parseHtml((await agent.get('/nl/widget/couponcodes/list')).text);
    expect(html.querySelector('[data-coupon-choice="CLAIRE15"]')!.textContent).toContain('Uw getrouwheidsbon van 15 %');
  });
});

describe('the coupon form without JS', () => {
  it('applies, tells so on the cart page, and removes', async () => {
    const { agent, token } = await visitor(testApp, '/fr/contact/form');
    const { cartId } = await giveCart(agent);
    const applied = await agent.post('/fr/shoppingcarts/coupon').type('form').send({ _csrf: token, CouponCode: 'WELCOME10' });
    expect(applied.status).toBe(303);
    expect(applied.headers.location).toBe('/fr/shoppingcarts');
    expect(await couponOf(cartId)).toBe('WELCOME10');
    const removed = await agent.post('/fr/shoppingcarts/coupon/remove').type('form').send({ _csrf: token, CouponCode: 'WELCOME10' });
    expect(removed.status).toBe(303);
    expect(await couponOf(cartId)).toBeNull();
  });

  it('answers 400 with the message for an empty code', async () => {
    const { agent, token } = await visitor(testApp, '/fr/contact/form');
    const answer = await agent.post('/fr/shoppingcarts/coupon').type('form').send({ _csrf: token, CouponCode: '' });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('Saisissez un code de coupon.');
  });
});
