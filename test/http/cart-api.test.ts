import request from 'supertest';
import { exclOf } from '../../server/cart/pricing';
import { formatMoney } from '../../server/shared/money';
import { useTestApp } from '../support/app';
import { parseHtml, textOf } from '../support/html';
import { cookieOf } from './accounts-helpers';
import { cartVisitor, countryId, methodId, plainVariant } from './cart-helpers';

const testApp = useTestApp();

describe('POST {app}/api/v1/catalog/products/addtocart (JSON)', () => {
  it('adds the variant, sets the HttpOnly SameSite=Lax cart cookie, answers the cart info and the add_to_cart event', async () => {
    const variant = await plainVariant(testApp.db);
    const { api } = await cartVisitor(testApp);
    const answer = await api.add({ ProductVariantId: variant.id, Quantity: 2, Name: 'x' });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const cookie = cookieOf(answer, 'cart')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(answer.body).toEqual(expect.objectContaining({ Success: true, ProductVariantId: variant.id, Quantity: 2, QuantityChanged: false }));
    expect(answer.body.Cart).toEqual(expect.objectContaining({ ItemsCount: 2, AmountTaxInclHtml: formatMoney({ cents: variant.priceInclCents * 2, currency: 'EUR' }, 'fr') }));
    const event = answer.body.DataLayer;
    expect(event).toEqual(expect.objectContaining({ event: 'add_to_cart', currencyCode: 'EUR', value: (variant.priceInclCents * 2) / 100 }));
    expect(Object.keys(event.ecommerce.items[0]).sort()).toEqual(['index', 'item_brand', 'item_category', 'item_id', 'item_name', 'price', 'quantity', 'sku']);
    expect(event.ecommerce.items[0]).toEqual(expect.objectContaining({ sku: variant.sku, quantity: 2, price: variant.priceInclCents / 100 }));
    // The cart lives in the database, under the cookie's token, not in a session.
    const token = /^cart=([^;]+)/.exec(cookie)![1];
    const cart = await testApp.db.selectFrom('carts').select('id').where('token', '=', token).executeTakeFirstOrThrow();
    const items = await testApp.db.selectFrom('cart_items').select(['variant_id', 'quantity']).where('cart_id', '=', cart.id).execute();
    expect(items).toEqual([{ variant_id: variant.id, quantity: 2 }]);
  });

  it('adds up on the same line, and defaults Quantity to 1', async () => {
    const variant = await plainVariant(testApp.db);
    const { api } = await cartVisitor(testApp);
    await api.add({ ProductVariantId: variant.id });
    const second = await api.add({ ProductVariantId: variant.id });
    expect(second.body.LineQuantity).toBe(2);
    expect(second.body.Cart.ItemsCount).toBe(2);
    expect(second.body.Cart.Items).toHaveLength(1);
  });

  it.each([
    ['-1', 'Quantity'],
    ['abc', 'Quantity'],
    ['1.5', 'Quantity'],
    ['0', 'Quantity'],
  ])('refuses Quantity %s with a 400 and a localised message', async (quantity, field) => {
    const variant = await plainVariant(testApp.db);
    const { api } = await cartVisitor(testApp);
    const answer = await api.add({ ProductVariantId: variant.id, Quantity: quantity });
    expect(answer.status).toBe(400);
    expect(answer.body.Errors).toEqual([{ Field: field, Message: 'La quantité doit être un nombre entier positif.' }]);
  });

  it('refuses an unknown variant and a missing one with a 400', async () => {
    const { api } = await cartVisitor(testApp);
    for (const id of [99999999, 'x', undefined]) {
      const answer = await api.add({ ProductVariantId: id, Quantity: 1 });
      expect(answer.status).toBe(400);
      expect(answer.body.Errors).toEqual([{ Field: 'ProductVariantId', Message: "Cet article n'existe pas." }]);
    }
  });

  it('refuses an out-of-stock variant and keeps a quantity within the stock (QuantityChangedMessage)', async () => {
    const variant = await plainVariant(testApp.db, { skip: 1 });
    await testApp.db.updateTable('product_variants').set({ stock_mode: 'Managed' }).where('id', '=', variant.id).execute();
    await testApp.db.updateTable('variant_stock').set({ quantity: 0 }).where('variant_id', '=', variant.id).execute();
    const { api } = await cartVisitor(testApp);
    const refused = await api.add({ ProductVariantId: variant.id, Quantity: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.Errors[0].Field).toBe('ProductVariantId');

    const warehouse = await testApp.db.selectFrom('variant_stock').select('warehouse_id').where('variant_id', '=', variant.id).executeTakeFirstOrThrow();
    await testApp.db.updateTable('variant_stock').set({ quantity: 3 }).where('variant_id', '=', variant.id).where('warehouse_id', '=', warehouse.warehouse_id).execute();
    const kept = await api.add({ ProductVariantId: variant.id, Quantity: 10, ItemOrigin: 'Catalog', ItemKey: 'K1' });
    expect(kept.status).toBe(200);
    expect(kept.body.LineQuantity).toBe(3);
    expect(kept.body.QuantityChanged).toBe(true);
    expect(kept.body.QuantityChangedMessage).toContain('Catalog');
    expect(kept.body.QuantityChangedMessage).toContain('K1');
    expect(kept.body.QuantityChangedMessage).toContain(kept.body.Name);
  });
});

describe('the product page form without JS', () => {
  it('posts to addtocart and is sent back (303) with a notice; the cart page then shows the line', async () => {
    const variant = await plainVariant(testApp.db);
    const { agent, token } = await cartVisitor(testApp, '/fr/');
    const answer = await agent
      .post('/api/v1/catalog/products/addtocart')
      .set('Host', 'shop.test')
      .set('Referer', 'http://shop.test/fr/some/page')
      .type('form')
      .send({ _csrf: token, ProductVariantId: String(variant.id), Quantity: '1', Name: 'n' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/fr/some/page');
    const page = await agent.get('/fr/shoppingcarts');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const html = parseHtml(page.text);
    expect(html.querySelectorAll('[data-cart-line]')).toHaveLength(1);
    expect(textOf(html, '.cart-line-sku')).toBe(variant.sku);
    expect(page.text).toContain('Article ajouté au panier.');
  });

  it('a bad quantity without JS comes back with an error notice, not a 500', async () => {
    const variant = await plainVariant(testApp.db);
    const { agent, token } = await cartVisitor(testApp, '/fr/');
    const answer = await agent.post('/api/v1/catalog/products/addtocart').type('form').send({ _csrf: token, ProductVariantId: String(variant.id), Quantity: '-3' });
    expect(answer.status).toBe(303);
    const page = await agent.get(answer.headers.location);
    expect(page.text).toContain('La quantité doit être un nombre entier positif.');
  });
});

describe('GET {app}/api/v1/shoppingcarts and the cart changes', () => {
  it('answers ItemsCount, AmountTaxInclHtml and AmountTaxExclHtml (an empty cart too)', async () => {
    const { api } = await cartVisitor(testApp);
    const empty = await api.info();
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual(expect.objectContaining({ ItemsCount: 0, AmountTaxInclHtml: formatMoney({ cents: 0, currency: 'EUR' }, 'fr') }));
    expect(empty.body.AmountTaxExclHtml).toBeDefined();
  });

  it('PUT changes a quantity, DELETE removes the line; unknown or foreign lines and bad quantities are 400', async () => {
    const variant = await plainVariant(testApp.db);
    const { api } = await cartVisitor(testApp);
    const added = await api.add({ ProductVariantId: variant.id, Quantity: 1 });
    const id = added.body.ItemId;
    const put = await api.put(id, { Quantity: 4 });
    expect(put.status).toBe(200);
    expect(put.body.Cart.ItemsCount).toBe(4);
    expect((await api.put(id, { Quantity: -2 })).status).toBe(400);
    expect((await api.put(id, { Quantity: 'many' })).status).toBe(400);
    expect((await api.put(id, {})).status).toBe(400);

    const other = await cartVisitor(testApp);
    const foreign = await other.api.put(id, { Quantity: 1 });
    expect(foreign.status).toBe(400);
    expect(foreign.body.Errors[0]).toEqual({ Field: 'Id', Message: "Cette ligne n'est pas dans votre panier." });
    expect((await other.api.remove(id)).status).toBe(400);

    const removed = await api.remove(id);
    expect(removed.status).toBe(200);
    expect(removed.body.Cart.ItemsCount).toBe(0);
    expect((await api.remove(id)).status).toBe(400);
  });

  it('sets shipping country, method, countries and city; totals reconcile at the country rate', async () => {
    const variant = await plainVariant(testApp.db);
    const { api } = await cartVisitor(testApp);
    await api.add({ ProductVariantId: variant.id, Quantity: 1 });
    expect((await api.post('shippingcountries', { CountryCode: 'DE' })).status).toBe(200);
    const express = await methodId(testApp.db, 'express');
    const withMethod = await api.post('shippingmethods', { ShippingMethodId: express });
    expect(withMethod.status).toBe(200);
    const de = await countryId(testApp.db, 'DE');
    const be = await countryId(testApp.db, 'BE');
    expect((await api.post('country', { ShippingCountryId: de, BillingCountryId: be })).status).toBe(200);
    const berlin = await testApp.db.selectFrom('cities').select('id').where('name', '=', 'Berlin').executeTakeFirstOrThrow();
    expect((await api.post('city/', { CityId: berlin.id })).status).toBe(200);

    const cart = await testApp.db.selectFrom('carts').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(cart).toEqual(expect.objectContaining({ shipping_country_id: de, billing_country_id: be, shipping_method_id: express, city_id: berlin.id }));

    const info = (await api.info()).body;
    const total = variant.priceInclCents + 1290;
    expect(info.AmountTaxInclHtml).toBe(formatMoney({ cents: total, currency: 'EUR' }, 'fr'));
    expect(info.AmountTaxExclHtml).toBe(formatMoney({ cents: exclOf(variant.priceInclCents, 1900) + exclOf(1290, 1900), currency: 'EUR' }, 'fr'));
  });

  it('refuses unknown countries, methods and cities with 400 and a message', async () => {
    const { api } = await cartVisitor(testApp);
    const country = await api.post('shippingcountries', { CountryCode: 'ZZ' });
    expect(country.status).toBe(400);
    expect(country.body.Errors[0]).toEqual({ Field: 'CountryCode', Message: "Ce pays n'est pas proposé." });
    expect((await api.post('shippingmethods', { ShippingMethodId: 'abc' })).status).toBe(400);
    expect((await api.post('shippingmethods', { ShippingMethodId: 999999 })).status).toBe(400);
    expect((await api.post('country', { ShippingCountryId: 999999 })).status).toBe(400);
    expect((await api.post('city', { CityId: -4 })).status).toBe(400);
    // A method that does not ship to the chosen country.
    await api.post('shippingcountries', { CountryCode: 'GB' });
    const pickup = await api.post('shippingmethods', { ShippingMethodId: await methodId(testApp.db, 'pickup-point') });
    expect(pickup.status).toBe(400);
  });
});

describe('GET {app}/api/v1/countries/{countryId}/cities/{query}', () => {
  it('answers a map of id to name from 4 characters, empty below', async () => {
    const fr = await countryId(testApp.db, 'FR');
    const paris = await testApp.db.selectFrom('cities').select('id').where('name', '=', 'Paris').executeTakeFirstOrThrow();
    const found = await request(testApp.app).get(`/api/v1/countries/${fr}/cities/pari`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ [String(paris.id)]: '75001 Paris' });
    expect((await request(testApp.app).get(`/api/v1/countries/${fr}/cities/750`)).body).toEqual({});
    expect((await request(testApp.app).get(`/api/v1/countries/${fr}/cities/zzzzz`)).body).toEqual({});
    expect((await request(testApp.app).get(`/api/v1/countries/abc/cities/paris`)).status).toBe(400);
  });
});
