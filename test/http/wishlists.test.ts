// The wishlist calls of the specification ({app}/api/v1/catalog/wishlist/...), their no-JS forms under
// {app}/{culture}/catalog/wishlist/..., the list page, the modal's page, the items fragment and the
// header count: every call, every bad input (a 400 that changes nothing) and the sign-in rule.
import request from 'supertest';
import { useTestApp } from '../support/app';
import { attributeOf, csrfTokenOf, parseHtml, textOf, textsOf } from '../support/html';
import { createAccount, demo } from './accounts-helpers';
import { stockedVariant, userIdOf, wishlistCustomer, wishlistRows } from './wishlists-helpers';

const testApp = useTestApp();
const owner = { email: 'wishlists-owner@example.com', password: 'Wishlists-Owner-2026' };

beforeAll(async () => {
  await createAccount(testApp, owner);
});

describe('signed out', () => {
  test('the pages send the visitor to log in and back; the calls answer 401 and change nothing', async () => {
    for (const path of ['/fr/catalog/wishlist/list', '/fr/catalog/wishlist/popup?productVariantId=1']) {
      const answer = await request(testApp.app).get(path);
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe(`/fr/security/login?returnUrl=${encodeURIComponent(path)}`);
    }
    const count = await request(testApp.app).get('/api/v1/catalog/wishlist/products/count').set('Accept', 'application/json');
    expect(count.status).toBe(401);
    expect(count.headers['content-type']).toMatch(/json/);
  });
});

describe('adding and the JSON calls', () => {
  test('addproductvariant makes a list, answers Message, DataLayer and WishlistId; count and isinthelist follow', async () => {
    const variant = await stockedVariant(testApp, 10);
    const { api } = await wishlistCustomer(testApp, demo.customer);
    const added = await api.add({ productVariantId: variant.id, Quantity: 2, Name: 'Anniversaire' });
    expect(added.status).toBe(200);
    expect(added.headers['content-type']).toMatch(/json/);
    expect(added.body.Message).toMatch(/liste d'envies/);
    expect(added.body.DataLayer.event).toBe('add_to_wishlist');
    expect(added.body.DataLayer.ecommerce.items[0]).toMatchObject({ quantity: 2, sku: variant.sku });
    const wishlistId = added.body.WishlistId as number;
    const rows = await wishlistRows(testApp, await userIdOf(testApp, demo.customer.email));
    expect(rows.find((row) => row.id === wishlistId)).toMatchObject({ name: 'Anniversaire', variant_id: variant.id, quantity: 2 });
    expect((await api.get('products/count')).body).toBeGreaterThanOrEqual(1);
    expect((await api.get('isinthelist', { productVariantId: variant.id, listId: wishlistId })).body).toEqual({ IsInTheList: true, Quantity: 2 });
    const again = await api.add({ productVariantId: variant.id, Quantity: 3, listId: wishlistId });
    expect(again.body.WishlistId).toBe(wishlistId);
    expect((await api.get('isinthelist', { productVariantId: variant.id, listId: wishlistId })).body).toEqual({ IsInTheList: true, Quantity: 3 });
  });

  test('updatequantity, updatename, updatedescription, deletefromlist (both forms), deletefromalllist and delete', async () => {
    const [first, second] = [await stockedVariant(testApp, 10, 1), await stockedVariant(testApp, 10, 2)];
    const { api } = await wishlistCustomer(testApp, owner);
    const userId = await userIdOf(testApp, owner.email);
    const listId = (await api.add({ productVariantId: first.id, Name: 'Noël' })).body.WishlistId as number;
    await api.add({ productVariantId: second.id, listId });
    const itemId = (await wishlistRows(testApp, userId)).find((row) => row.variant_id === first.id)!.itemId!;
    expect((await api.post('updatequantity', { Id: itemId, Quantity: 4 })).body).toEqual({ IsSuccessfull: true, WishlistProductId: itemId, Quantity: 4 });
    expect((await api.post('updatename', { Id: listId, Name: 'Noël 2026' })).body).toMatchObject({ IsSuccessfull: true, Name: 'Noël 2026' });
    expect((await api.post('updatedescription', { Id: listId, Description: 'Pour la famille' })).body).toMatchObject({ IsSuccessfull: true });
    expect((await wishlistRows(testApp, userId))[0]).toMatchObject({ name: 'Noël 2026', description: 'Pour la famille', quantity: 4 });
    expect((await api.remove('deletefromlist', { productVariantId: first.id, listId })).status).toBe(200);
    expect((await api.remove(`deletefromlist/${second.id}/${listId}`)).status).toBe(200);
    expect((await wishlistRows(testApp, userId)).filter((row) => row.itemId)).toEqual([]);
    await api.add({ productVariantId: first.id, listId });
    const other = (await api.add({ productVariantId: first.id, Name: 'Autre' })).body.WishlistId as number;
    expect((await api.remove(`deletefromalllist/${first.id}`)).body).toEqual({ IsSuccessfull: true, Deleted: 2 });
    const deleted = await api.deleteList({ Id: other });
    expect(deleted.body).toEqual({ IsSuccessfull: true, Uri: `/fr/catalog/wishlist/list?Id=${listId}` });
    expect((await wishlistRows(testApp, userId)).map((row) => row.id)).toEqual([listId]);
  });

  test('two adds of one variant at once make one line (the last quantity), never an error', async () => {
    const variant = await stockedVariant(testApp, 10, 11);
    const { api } = await wishlistCustomer(testApp, owner);
    const listId = (await api.add({ productVariantId: variant.id, Name: 'Ensemble' })).body.WishlistId as number;
    const answers = await Promise.all([2, 3, 4].map((quantity) => api.add({ productVariantId: variant.id, listId, Quantity: quantity })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const lines = (await wishlistRows(testApp, await userIdOf(testApp, owner.email))).filter((row) => row.id === listId);
    expect(lines).toHaveLength(1);
    expect([2, 3, 4]).toContain(lines[0].quantity);
  });

  test('addwishlisttocart puts every line into the cart through the cart', async () => {
    const variant = await stockedVariant(testApp, 10, 3);
    const { api } = await wishlistCustomer(testApp, owner);
    const listId = (await api.add({ productVariantId: variant.id, Quantity: 2, Name: 'Panier' })).body.WishlistId as number;
    const answer = await api.toCart({ Id: listId });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ IsSuccessfull: true, Added: 2 });
    expect(answer.body.Cart.ItemsCount).toBeGreaterThanOrEqual(2);
    const userId = await userIdOf(testApp, owner.email);
    const line = await testApp.db
      .selectFrom('cart_items as i').innerJoin('carts as c', 'c.id', 'i.cart_id')
      .select(['i.quantity', 'i.origin']).where('c.user_id', '=', userId).where('i.variant_id', '=', variant.id).executeTakeFirstOrThrow();
    expect(line).toEqual({ quantity: 2, origin: 'Wishlist' });
  });
});

describe('bad input: a localised 400 that changes nothing', () => {
  test.each([['0'], ['-1'], ['abc'], ['1.5'], ['11'], ['']])('Quantity %p', async (quantity) => {
    const variant = await stockedVariant(testApp, 10, 4);
    const { api } = await wishlistCustomer(testApp, owner);
    const listId = (await api.add({ productVariantId: variant.id, Quantity: 1, Name: `Q${quantity}` })).body.WishlistId as number;
    const itemId = (await wishlistRows(testApp, await userIdOf(testApp, owner.email))).find((row) => row.id === listId)!.itemId!;
    const answer = await api.post('updatequantity', { Id: itemId, Quantity: quantity });
    expect(answer.status).toBe(400);
    expect(answer.body.Errors[0].Field).toBe('Quantity');
    expect(answer.body.Errors[0].Message).toMatch(quantity === '11' ? /stock disponible/ : /nombre entier/);
    const add = await api.add({ productVariantId: variant.id, Quantity: quantity, listId });
    expect(add.status).toBe(quantity === '' ? 200 : 400);
    const row = (await wishlistRows(testApp, await userIdOf(testApp, owner.email))).find((candidate) => candidate.itemId === itemId);
    expect(row?.quantity).toBe(1);
  });

  test('an empty or too long name, a too long description, a bad id are refused', async () => {
    const variant = await stockedVariant(testApp, 10, 5);
    const { api } = await wishlistCustomer(testApp, owner);
    const listId = (await api.add({ productVariantId: variant.id, Name: 'Garder' })).body.WishlistId as number;
    expect((await api.post('updatename', { Id: listId, Name: '  ' })).status).toBe(400);
    expect((await api.post('updatename', { Id: listId, Name: 'x'.repeat(101) })).status).toBe(400);
    expect((await api.post('updatedescription', { Id: listId, Description: 'x'.repeat(1001) })).status).toBe(400);
    expect((await api.post('updatename', { Id: 'abc', Name: 'Autre' })).status).toBe(400);
    expect((await api.add({ productVariantId: 'abc' })).status).toBe(400);
    expect((await api.get('isinthelist', { productVariantId: variant.id })).status).toBe(400);
    expect((await api.add({ productVariantId: 999999 })).status).toBe(404);
    const rows = await wishlistRows(testApp, await userIdOf(testApp, owner.email));
    expect(rows.find((row) => row.id === listId)?.name).toBe('Garder');
  });
});

describe('ownership: another customer\'s list or line is a 404 and stays as it was', () => {
  test('every call on the demo customer\'s list, made by another customer', async () => {
    const variant = await stockedVariant(testApp, 10, 6);
    const mine = await wishlistCustomer(testApp, demo.customer);
    const listId = (await mine.api.add({ productVariantId: variant.id, Quantity: 2, Name: 'Privée' })).body.WishlistId as number;
    const customerId = await userIdOf(testApp, demo.customer.email);
    const itemId = (await wishlistRows(testApp, customerId)).find((row) => row.id === listId)!.itemId!;
    const { api, agent } = await wishlistCustomer(testApp, owner);
    const answers = [
      await api.post('updatequantity', { Id: itemId, Quantity: 1 }),
      await api.post('updatename', { Id: listId, Name: 'Volée' }),
      await api.post('updatedescription', { Id: listId, Description: 'Volée' }),
      await api.add({ productVariantId: variant.id, listId }),
      await api.remove('deletefromlist', { productVariantId: variant.id, listId }),
      await api.remove(`deletefromlist/${variant.id}/${listId}`),
      await api.get('isinthelist', { productVariantId: variant.id, listId }),
      await api.deleteList({ Id: listId }),
      await api.toCart({ Id: listId }),
      await agent.get(`/fr/catalog/wishlist/list?Id=${listId}`),
      await agent.get(`/fr/catalog/wishlist/list_item?wishlistid=${listId}`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual(Array(answers.length).fill(404));
    await api.remove(`deletefromalllist/${variant.id}`);
    const row = (await wishlistRows(testApp, customerId)).find((candidate) => candidate.itemId === itemId);
    expect(row).toMatchObject({ name: 'Privée', description: '', quantity: 2 });
  });
});

describe('pages, fragment and forms without JS', () => {
  test('the list page shows the lists, the inline forms with the placeholder, the lines and the header count', async () => {
    const variant = await stockedVariant(testApp, 10, 7);
    const { api, agent } = await wishlistCustomer(testApp, owner);
    const listId = (await api.add({ productVariantId: variant.id, Quantity: 2, Name: 'Page' })).body.WishlistId as number;
    const answer = await agent.get(`/fr/catalog/wishlist/list?Id=${listId}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(answer.headers['cache-control']).toContain('no-store');
    const html = parseHtml(answer.text);
    expect(textOf(html, 'h1')).toBe("Mes listes d'envies");
    expect(attributeOf(html, '#wishlist-name', 'value')).toBe('Page');
    expect(attributeOf(html, '#wishlist-description', 'placeholder')).toBe('Ajoutez une description…');
    expect(html.querySelectorAll('.wishlist-item').map((row) => row.getAttribute('data-variant-id'))).toEqual([String(variant.id)]);
    expect(attributeOf(html, '.wishlist-item .wishlist-quantity', 'value')).toBe('2');
    expect(textOf(html, '.wishlist-count-number')).toMatch(/^\d+$/);
    const fragment = await agent.get(`/fr/catalog/wishlist/list_item?wishlistid=${listId}`);
    expect(fragment.status).toBe(200);
    const items = parseHtml(fragment.text);
    expect(items.querySelector('html')).toBeNull();
    expect(attributeOf(items, '#wishlist-items', 'data-wishlist-id')).toBe(String(listId));
    expect((await agent.get('/fr/catalog/wishlist/list_item?wishlistid=abc')).status).toBe(400);
  });

  test('openWishlist and openBirthlist mark the page to open the modal, for a signed-in customer only', async () => {
    const { agent } = await wishlistCustomer(testApp, owner);
    const marker = async (path: string) => attributeOf(parseHtml((await agent.get(path)).text), '[data-wishlist-open]', 'data-wishlist-open');
    expect(await marker('/fr/catalog/wishlist/list?openWishlist=12')).toBe('/fr/catalog/wishlist/popup?productVariantId=12');
    expect(await marker('/fr/account?openBirthlist=7')).toBe('/fr/birthlists/popup?productVariantId=7');
    expect(parseHtml((await agent.get('/fr/catalog/wishlist/list?openWishlist=abc')).text).querySelector('[data-wishlist-open]')).toBeNull();
    const visitor = await request(testApp.app).get('/fr/about?openWishlist=12');
    expect(parseHtml(visitor.text).querySelector('[data-wishlist-open]')).toBeNull();
  });

  test('the count widget answers the header count alone; a visitor gets nothing', async () => {
    const variant = await stockedVariant(testApp, 10, 10);
    const { api, agent } = await wishlistCustomer(testApp, owner);
    const before = (await api.get('products/count')).body as number;
    await api.add({ productVariantId: variant.id, Name: 'Compte' });
    const answer = await agent.get('/fr/widget/wishlist/count');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toContain('no-store');
    const html = parseHtml(answer.text);
    expect(html.querySelector('html')).toBeNull();
    expect(textOf(html, '#wishlist-count .wishlist-count-number')).toBe(String(before + 1));
    expect(textOf(html, '#wishlist-count .visually-hidden')).toBe(`${before + 1} ${before + 1 === 1 ? 'produit' : 'produits'} dans vos listes d'envies`);
    const visitor = await request(testApp.app).get('/fr/widget/wishlist/count');
    expect(parseHtml(visitor.text).querySelector('#wishlist-count')).toBeNull();
  });

  test('the modal page lists the lists with what they hold; its form posts without JS and shows the two ways on', async () => {
    const variant = await stockedVariant(testApp, 10, 8);
    const { api, agent } = await wishlistCustomer(testApp, owner);
    const listId = (await api.add({ productVariantId: variant.id, Quantity: 3, Name: 'Déjà' })).body.WishlistId as number;
    const page = await agent.get(`/fr/catalog/wishlist/popup?productVariantId=${variant.id}`);
    expect(page.status).toBe(200);
    const html = parseHtml(page.text);
    expect(textOf(html, `label[for="wishlist-list-${listId}"] .wishlist-already`)).toBe('(déjà dans cette liste : 3)');
    const posted = await agent.post('/fr/catalog/wishlist/addproductvariant').type('form').send({ _csrf: csrfTokenOf(html), productVariantId: variant.id, listId, Quantity: '5' });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe(`/fr/catalog/wishlist/popup?productVariantId=${variant.id}&added=${listId}`);
    const after = parseHtml((await agent.get(posted.headers.location)).text);
    expect(textOf(after, '.wishlist-desired-quantity')).toBe('Quantité souhaitée : 5');
    expect(attributeOf(after, '.wishlist-go', 'href')).toBe(`/fr/catalog/wishlist/list?Id=${listId}`);
    expect(textsOf(after, '.wishlist-added-actions a')).toEqual(['Continuer mes achats', "Voir ma liste d'envies"]);
  });

  test('the list page\'s forms post without JS and come back with a notice; htmx gets the lines', async () => {
    const variant = await stockedVariant(testApp, 10, 9);
    const { api, agent } = await wishlistCustomer(testApp, owner);
    const listId = (await api.add({ productVariantId: variant.id, Quantity: 1, Name: 'Formulaires' })).body.WishlistId as number;
    const html = parseHtml((await agent.get(`/fr/catalog/wishlist/list?Id=${listId}`)).text);
    const csrf = csrfTokenOf(html);
    const itemId = Number(attributeOf(html, '.wishlist-quantity-form input[name="Id"]', 'value'));
    const changed = await agent.post('/fr/catalog/wishlist/updatequantity').type('form').send({ _csrf: csrf, Id: itemId, Quantity: '3' });
    expect(changed.status).toBe(303);
    expect(changed.headers.location).toBe(`/fr/catalog/wishlist/list?Id=${listId}`);
    const swapped = await agent.post('/fr/catalog/wishlist/updatequantity').set('HX-Request', 'true').set('HX-Target', 'wishlist-items').type('form').send({ _csrf: csrf, Id: itemId, Quantity: '4' });
    expect(swapped.status).toBe(200);
    expect(attributeOf(parseHtml(swapped.text), '#wishlist-items .wishlist-quantity', 'value')).toBe('4');
    const refused = await agent.post('/fr/catalog/wishlist/updatequantity').type('form').send({ _csrf: csrf, Id: itemId, Quantity: '0' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('au moins 1');
    const removed = await agent.post('/fr/catalog/wishlist/deletefromlist').type('form').send({ _csrf: csrf, productVariantId: variant.id, listId });
    expect(removed.status).toBe(303);
    const deleted = await agent.post('/fr/catalog/wishlist/delete').type('form').send({ _csrf: csrf, Id: listId });
    expect(deleted.status).toBe(303);
    expect(await testApp.db.selectFrom('wishlists').select('id').where('id', '=', listId).executeTakeFirst()).toBeUndefined();
  });
});
