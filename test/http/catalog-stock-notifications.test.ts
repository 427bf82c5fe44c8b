import request from 'supertest';
import { restock } from '../../server/catalog/stock-notifications';
import { stockNotifier } from '../../server/catalog/stock-notifications-mail';
import { useTestApp } from '../support/app';
import { productUrl, variantWhere } from '../support/catalog-product';
import { attributeOf, csrfTokenOf, parseHtml, textOf } from '../support/html';
import { readOutbox } from '../support/outbox';
import { decodeHeader, demo, signedIn } from './accounts-helpers';

const testApp = useTestApp();
const subscribePath = (variant: { id: number; productId: number }, culture = 'fr') =>
  `/${culture}/catalog/stocknotification/subscribe?ProductVariantId=${variant.id}&ProductId=${variant.productId}`;

async function openForm(variant: { id: number; productId: number }, culture = 'fr') {
  const agent = request.agent(testApp.app);
  const page = parseHtml((await agent.get(subscribePath(variant, culture))).text);
  return { agent, token: csrfTokenOf(page), page };
}

const subscriptions = (variantId: number) =>
  testApp.db.selectFrom('stock_notifications').select(['email', 'culture', 'notified_at']).where('variant_id', '=', variantId).execute();

const notifier = () =>
  stockNotifier({ db: testApp.db, mailer: testApp.app.locals.mailer, localization: testApp.app.locals.localization, siteUrl: 'https://shop.example' });

describe('stock notification form', () => {
  it('is a page with an e-mail field (a modal body for htmx)', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'OutOfStock');
    const answer = await request(testApp.app).get(subscribePath(variant, 'es'));
    expect(answer.status).toBe(200);
    const page = parseHtml(answer.text);
    expect(textOf(page, 'title')).toContain('Aviso de reposición');
    expect(attributeOf(page, '#stock-notification input[name="Email"]', 'type')).toBe('email');
    expect(attributeOf(page, '#stock-notification input[name="ProductVariantId"]', 'value')).toBe(String(variant.id));
    const region = await request(testApp.app).get(subscribePath(variant)).set('HX-Request', 'true').set('HX-Target', 'modal-body');
    expect(parseHtml(region.text).querySelector('html')).toBeNull();
    expect(parseHtml(region.text).querySelector('#stock-notification form')).not.toBeNull();
  });

  it('is prefilled with the signed-in customer\'s address', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'OutOfStock');
    const { agent } = await signedIn(testApp, demo.customer);
    const page = parseHtml((await agent.get(subscribePath(variant))).text);
    expect(attributeOf(page, 'input[name="Email"]', 'value')).toBe(demo.customer.email);
  });

  it('answers 400 for non-numeric ids and 404 for a variant of another product', async () => {
    expect((await request(testApp.app).get('/fr/catalog/stocknotification/subscribe?ProductVariantId=x&ProductId=1')).status).toBe(400);
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'OutOfStock');
    expect((await request(testApp.app).get(subscribePath({ id: variant.id, productId: variant.productId + 1 }))).status).toBe(404);
  });
});

describe('subscribing', () => {
  it('without JS redirects to the product with a notice and stores the address once', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'OutOfStock');
    const { agent, token } = await openForm(variant, 'nl');
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await agent
        .post('/nl/catalog/stocknotification/subscribe')
        .type('form')
        .send({ _csrf: token, ProductVariantId: String(variant.id), ProductId: String(variant.productId), Email: ' Jan@Example.nl ' });
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toMatch(new RegExp(`^/nl/catalog/product/${variant.productId}/[^?]+\\?productVariantId=${variant.id}$`));
    }
    expect(await subscriptions(variant.id)).toEqual([{ email: 'jan@example.nl', culture: 'nl', notified_at: null }]);
  });

  it('shows the notice on the product page after the redirect', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'OutOfStock');
    const { agent, token } = await openForm(variant);
    const answer = await agent
      .post('/fr/catalog/stocknotification/subscribe')
      .type('form')
      .send({ _csrf: token, ProductVariantId: String(variant.id), ProductId: String(variant.productId), Email: 'flash@example.fr' });
    const page = parseHtml((await agent.get(answer.headers.location)).text);
    expect(textOf(page, '.flash-success')).toBe('C\'est noté : vous recevrez un e-mail dès le retour en stock.');
  });

  it('with htmx answers the thanks in place, or the form with its message and 400, writing nothing', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'OutOfStock');
    const { agent, token } = await openForm(variant, 'de');
    const post = (email: string) =>
      agent
        .post('/de/catalog/stocknotification/subscribe')
        .set('HX-Request', 'true')
        .set('HX-Target', 'stock-notification')
        .set('X-CSRF-Token', token)
        .type('form')
        .send({ ProductVariantId: String(variant.id), ProductId: String(variant.productId), Email: email });
    const before = (await subscriptions(variant.id)).length;
    const refused = await post('not-an-address');
    expect(refused.status).toBe(400);
    expect(parseHtml(refused.text).querySelector('#stock-notification-Email')!.getAttribute('aria-invalid')).toBe('true');
    expect(await subscriptions(variant.id)).toHaveLength(before);
    const accepted = await post('lena@example.de');
    expect(accepted.status).toBe(200);
    expect(textOf(parseHtml(accepted.text), '.stock-notification-thanks')).toBe('Notiert: Sie erhalten eine E-Mail, sobald der Artikel wieder vorrätig ist.');
  });

  it('answers 403 without the CSRF token', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'OutOfStock');
    const answer = await request(testApp.app)
      .post('/fr/catalog/stocknotification/subscribe')
      .type('form')
      .send({ ProductVariantId: String(variant.id), ProductId: String(variant.productId), Email: 'x@example.fr' });
    expect(answer.status).toBe(403);
  });
});

describe('restock', () => {
  it('mails each open subscriber once, in their culture, and closes the subscription', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'OutOfStock' && row.stockMode === 'Managed', 1);
    const warehouse = await testApp.db.selectFrom('warehouses').select('id').where('is_active', '=', 1).executeTakeFirstOrThrow();
    for (const [culture, email] of [['it', 'marco@example.it'], ['pt', 'ana@example.pt']]) {
      const { agent, token } = await openForm(variant, culture);
      await agent
        .post(`/${culture}/catalog/stocknotification/subscribe`)
        .type('form')
        .send({ _csrf: token, ProductVariantId: String(variant.id), ProductId: String(variant.productId), Email: email });
    }
    const seen = readOutbox(testApp.config.DATA_DIR).length;
    const first = await restock(testApp.db, { variantId: variant.id, warehouseId: warehouse.id, quantity: 3 }, notifier());
    expect(first).toEqual({ stockQuantity: 3, notified: 2 });
    const mails = readOutbox(testApp.config.DATA_DIR).slice(seen);
    expect(mails.map((mail) => mail.to).sort()).toEqual(['ana@example.pt', 'marco@example.it']);
    const italian = mails.find((mail) => mail.to === 'marco@example.it')!;
    expect(decodeHeader(italian.subject)).toContain(' è di nuovo');
    expect(italian.text).toContain(`https://shop.example/it/catalog/product/${variant.productId}/`);
    expect((await subscriptions(variant.id)).every((row) => row.notified_at !== null)).toBe(true);
    const second = await restock(testApp.db, { variantId: variant.id, warehouseId: warehouse.id, quantity: 2 }, notifier());
    expect(second).toEqual({ stockQuantity: 5, notified: 0 });
    expect(readOutbox(testApp.config.DATA_DIR).length).toBe(seen + 2);
  });

  it('the staff action needs a staff account and mails the subscribers', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'OutOfStock' && row.stockMode === 'Managed', 2);
    const warehouse = await testApp.db.selectFrom('warehouses').select('id').where('is_active', '=', 1).executeTakeFirstOrThrow();
    const body = { ProductVariantId: variant.id, WarehouseId: warehouse.id, Quantity: 4 };
    const { agent: customer, token: customerToken } = await signedIn(testApp, demo.customer);
    expect((await customer.post('/api/v1/catalog/stock/restock').set('X-CSRF-Token', customerToken).send(body)).status).toBe(403);
    const { agent: visitorAgent, token } = await openForm(variant);
    await visitorAgent.post('/fr/catalog/stocknotification/subscribe').type('form').send({ _csrf: token, ProductVariantId: String(variant.id), ProductId: String(variant.productId), Email: 'zoe@example.fr' });
    expect((await visitorAgent.post('/api/v1/catalog/stock/restock').set('X-CSRF-Token', token).send(body)).status).toBe(401);
    const page = `${await productUrl(testApp.db, variant.productId)}?productVariantId=${variant.id}`;
    const stockShown = async () => attributeOf(parseHtml((await request(testApp.app).get(page)).text), '[data-stock-message]', 'data-stock-quantity');
    const before = await stockShown();
    const { agent: staff, token: staffToken } = await signedIn(testApp, demo.staff);
    const answer = await staff.post('/api/v1/catalog/stock/restock').set('X-CSRF-Token', staffToken).send(body);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ StockQuantity: 4, Notified: 1 });
    // Visitors see the delivery at once, although the page was kept for them a moment ago.
    expect(Number(await stockShown())).toBe(Number(before) + 4);
    const bad = await staff.post('/api/v1/catalog/stock/restock').set('X-CSRF-Token', staffToken).send({ ...body, Quantity: 'lots' });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors[0].Field).toBe('Quantity');
  });
});
