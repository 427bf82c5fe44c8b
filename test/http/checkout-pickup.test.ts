// The pickup-point shipping method at checkout: its link to the search modal, the point it needs before an
// order, and the chosen point carried onto the order.
import { useTestApp } from '../support/app';
import { attributeOf, parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { cartFor, methodId, orderOf, validCheckout } from './checkout-helpers';

const testApp = useTestApp();

describe('the pickup-point method at checkout', () => {
  it('links to the search modal for the destination, and refuses an order until a point is chosen', async () => {
    const { agent, html, csrf, key } = await cartFor(testApp, { quantity: 1 });
    const pickup = String(await methodId(testApp, 'pickup-point'));
    const link = attributeOf(html, `#checkout-ShippingMethodId-${pickup} ~ .checkout-pickup a[data-pickup="open"]`, 'href')!;
    const search = new URL(link, 'http://shop.test');
    expect(search.pathname).toBe('/fr/shippings/pickuppoint/search');
    expect(search.searchParams.get('shippingMethodId')).toBe(pickup);
    expect(search.searchParams.get('carrierGatewayId')).toBe('static');
    expect(search.searchParams.get('returnUrl')).toBe('/fr/checkout');

    const refused = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { ShippingMethodId: pickup })), _csrf: csrf, IdempotencyKey: key });
    expect(refused.status).toBe(400);
    expect(textOf(parseHtml(refused.text), '[data-valmsg-for="ShippingMethodId"]')).toBe(resource('fr', 'Checkout.PickupPointRequired'));
    expect(await testApp.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).executeTakeFirst()).toBeUndefined();
  });

  /** Saves a seeded point for the pickup method on the agent's cart (the search modal's save). */
  async function savePoint(agent: Awaited<ReturnType<typeof cartFor>>['agent'], csrf: string, publicId: string) {
    const pickup = await methodId(testApp, 'pickup-point');
    const point = await testApp.db.selectFrom('pickup_points').select(['id', 'public_access_point_id']).where('public_access_point_id', '=', publicId).executeTakeFirstOrThrow();
    const saved = await agent.post('/api/v1/shoppingcarts/externalpickuppoint').set('X-CSRF-Token', csrf).send({
      ShippingFirstName: 'Anne',
      ShippingLastName: 'Martin',
      ShippingMethodId: pickup,
      PickupPointId: point.id,
      PublicAccessPointID: point.public_access_point_id,
    });
    expect(saved.status).toBe(200);
    return pickup;
  }

  it('shows the chosen point and places the order with it', async () => {
    const { agent, csrf, key, cartId } = await cartFor(testApp, { quantity: 1 });
    // The checkout ships to France (validCheckout): a point in Paris.
    const pickup = await savePoint(agent, csrf, 'FR-PAR-001');
    expect((await testApp.db.selectFrom('carts').select('pickup_point').where('id', '=', cartId).executeTakeFirstOrThrow()).pickup_point).toContain('FR-PAR-001');

    const page = parseHtml((await agent.get('/fr/checkout')).text);
    expect(textOf(page, `#checkout-ShippingMethodId-${pickup} ~ .checkout-pickup [data-pickup-chosen]`)).toBe('Tabac de la Bourse, 12 Rue Vivienne, 75002 Paris');

    const placed = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { ShippingMethodId: String(pickup) })), _csrf: csrf, IdempotencyKey: key });
    expect(placed.status).toBe(303);
    const order = await orderOf(testApp, placed.headers.location);
    expect(JSON.parse(order.pickup_point!).PublicAccessPointID).toBe('FR-PAR-001');
    expect(order.shipping_method_id).toBe(pickup);
  });

  it('refuses a point outside the shipping country (field message, no order)', async () => {
    const { agent, csrf, key } = await cartFor(testApp, { quantity: 1 });
    const pickup = await savePoint(agent, csrf, 'DE-BER-001');
    const refused = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { ShippingMethodId: String(pickup) })), _csrf: csrf, IdempotencyKey: key });
    expect(refused.status).toBe(400);
    expect(textOf(parseHtml(refused.text), '[data-valmsg-for="ShippingMethodId"]')).toBe(resource('fr', 'Checkout.PickupPointCountry'));
    expect(await testApp.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).executeTakeFirst()).toBeUndefined();
  });

  it('a home-delivery order does not keep a point saved for the pickup method', async () => {
    const { agent, csrf, key } = await cartFor(testApp, { quantity: 1 });
    await savePoint(agent, csrf, 'FR-PAR-002');
    const express = String(await methodId(testApp, 'express'));
    const placed = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { ShippingMethodId: express })), _csrf: csrf, IdempotencyKey: key });
    expect(placed.status).toBe(303);
    const order = await orderOf(testApp, placed.headers.location);
    expect(String(order.shipping_method_id)).toBe(express);
    expect(order.pickup_point).toBeNull();
  });
});
