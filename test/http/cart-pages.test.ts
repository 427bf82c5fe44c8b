import { useTestApp } from '../support/app';
import { parseHtml, textOf, textsOf } from '../support/html';
import { demo, signedIn } from './accounts-helpers';
import { apiCalls, cartVisitor, countryId, methodId, plainVariant } from './cart-helpers';

const testApp = useTestApp();

describe('the cart page without JS: {app}/{culture}/shoppingcarts forms', () => {
  it('changes a quantity, removes a line, sets country, method and city, each redirecting (303) back to the cart page', async () => {
    const [first, second] = [await plainVariant(testApp.db), await plainVariant(testApp.db, { skip: 2 })];
    const { agent, token, api } = await cartVisitor(testApp);
    const a = (await api.add({ ProductVariantId: first.id })).body.ItemId;
    const b = (await api.add({ ProductVariantId: second.id })).body.ItemId;
    const form = (path: string, body: Record<string, string | number>) => agent.post(`/fr/shoppingcarts${path}`).type('form').send({ _csrf: token, ...body });

    const quantity = await form(`/shoppingcartitems/${a}`, { [`Quantity[${a}]`]: 3, [`Quantity[${b}]`]: 1 });
    expect(quantity.status).toBe(303);
    expect(quantity.headers.location).toBe('/fr/shoppingcarts');
    expect((await form(`/shoppingcartitems/${b}`, { _method: 'DELETE' })).status).toBe(303);
    expect((await form('/shippingcountries', { CountryCode: 'FR' })).status).toBe(303);
    expect((await form('/shippingmethods', { ShippingMethodId: await methodId(testApp.db, 'standard') })).status).toBe(303);
    // Standard delivery needs no city: the field is for the pickup points' search.
    expect(parseHtml((await agent.get('/fr/shoppingcarts')).text).querySelector('#cart-city')).toBeNull();
    expect((await form('/shippingmethods', { ShippingMethodId: await methodId(testApp.db, 'pickup-point') })).status).toBe(303);
    expect((await form('/city', { CityQuery: 'Lyon' })).status).toBe(303);

    const page = await agent.get('/fr/shoppingcarts');
    const html = parseHtml(page.text);
    expect(html.querySelectorAll('[data-cart-line]')).toHaveLength(1);
    expect(html.querySelector(`[data-cart-quantity="${a}"]`)?.getAttribute('value')).toBe('3');
    expect(html.querySelector('#cart-city')?.getAttribute('value')).toBe('69001 Lyon');
    expect(html.querySelector('#cart-shipping-country option[selected]')?.getAttribute('value')).toBe('FR');
    expect(page.text).toContain('Votre panier a été mis à jour.');
    // The mini cart in the header, rendered on the server.
    expect(textOf(html, '#mini-cart [data-mini-cart-count]')).toBe('3 article(s)');
  });

  it('re-renders the cart page with 400 and the message for a bad quantity', async () => {
    const variant = await plainVariant(testApp.db);
    const { agent, token, api } = await cartVisitor(testApp);
    const id = (await api.add({ ProductVariantId: variant.id })).body.ItemId;
    const answer = await agent.post(`/fr/shoppingcarts/shoppingcartitems/${id}`).type('form').send({ _csrf: token, [`Quantity[${id}]`]: '-1' });
    expect(answer.status).toBe(400);
    expect(textOf(parseHtml(answer.text), '.cart-page .form-error')).toBe('La quantité doit être un nombre entier positif.');
  });

  it('shows QuantityChangedMessage with origin, key and name when the server changed the quantity', async () => {
    const variant = await plainVariant(testApp.db, { skip: 3 });
    await testApp.db.updateTable('product_variants').set({ stock_mode: 'Managed' }).where('id', '=', variant.id).execute();
    await testApp.db.updateTable('variant_stock').set({ quantity: 1 }).where('variant_id', '=', variant.id).execute();
    const { agent, token, api } = await cartVisitor(testApp, '/fr/');
    const id = (await api.add({ ProductVariantId: variant.id, Quantity: 1, ItemKey: 'KEY-9' })).body.ItemId;
    const answer = await agent.post(`/fr/shoppingcarts/shoppingcartitems/${id}`).type('form').send({ _csrf: token, [`Quantity[${id}]`]: '5' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`/fr/shoppingcarts?changed=${id}`);
    const response = await agent.get(answer.headers.location);
    const page = parseHtml(response.text);
    const warehouses = (await testApp.db.selectFrom('variant_stock').select('quantity').where('variant_id', '=', variant.id).execute()).length;
    expect(warehouses).toBeLessThan(5);
    expect(textsOf(page, '.flash-info')).toEqual([`Le stock ne permet pas plus : la quantité a été ramenée à ${warehouses}.`]);
    const message = textOf(page, '[data-quantity-changed]');
    expect(message).toContain('Catalog');
    expect(message).toContain('KEY-9');
    expect(message).toContain(textOf(page, '.cart-line-name'));
  });

  it('the mini cart fragment {app}/{culture}/widget/shoppingcartitems and the empty mini cart of a new visitor', async () => {
    const variant = await plainVariant(testApp.db);
    const { agent, api } = await cartVisitor(testApp, '/fr/');
    const before = await agent.get('/fr/widget/shoppingcartitems');
    expect(textOf(parseHtml(before.text), '[data-mini-cart-count]')).toBe('0 article(s)');
    await api.add({ ProductVariantId: variant.id, Quantity: 2 });
    const after = await agent.get('/nl/widget/shoppingcartitems');
    expect(after.headers['cache-control']).toBe('no-store');
    expect(textOf(parseHtml(after.text), '[data-mini-cart-count]')).toBe('2 artikel(en)');
    // A page with a cart is never kept nor cacheable.
    const home = await agent.get('/fr/');
    expect(home.headers['cache-control']).toBe('no-store');
  });
});

describe('the cart at sign-in', () => {
  it("merges the visitor's cart into the customer's (same variant adds up) and keeps it after sign-in", async () => {
    const [shared, own] = [await plainVariant(testApp.db), await plainVariant(testApp.db, { skip: 1 })];
    // The customer's own cart, from an earlier visit.
    const earlier = await signedIn(testApp, demo.customer);
    const earlierApi = apiCalls(earlier.agent, earlier.token);
    await earlierApi.add({ ProductVariantId: shared.id, Quantity: 1 });
    await earlierApi.add({ ProductVariantId: own.id, Quantity: 1 });

    const { agent, api } = await cartVisitor(testApp, '/fr/security/login');
    await api.add({ ProductVariantId: shared.id, Quantity: 2 });
    await api.post('shippingcountries', { CountryCode: 'BE' });
    const page = await agent.get('/fr/security/login');
    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)![1];
    const login = await agent.post('/fr/security/login').type('form').send({ _csrf: token, Email: demo.customer.email, Password: demo.customer.password });
    expect(login.status).toBe(303);

    const info = (await apiCalls(agent, token).info()).body;
    expect(info.ItemsCount).toBe(4);
    expect(info.Items.find((item: { ProductVariantId: number }) => item.ProductVariantId === shared.id).Quantity).toBe(3);
    const user = await testApp.db.selectFrom('users').select('id').where('email', '=', demo.customer.email).executeTakeFirstOrThrow();
    const carts = await testApp.db.selectFrom('carts').select(['id', 'shipping_country_id']).where('user_id', '=', user.id).execute();
    expect(carts).toHaveLength(1);
    expect(carts[0].shipping_country_id).toBe(await countryId(testApp.db, 'BE'));
  });
});
