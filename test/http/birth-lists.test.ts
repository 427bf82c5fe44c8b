// Birth lists: the owner's pages under {app}/{culture}/account/birthlists (make, edit, lines, delete),
// the add-to-birth-list modal's page and form, the shared page {app}/{culture}/birthlists/{token} from
// which a guest buys (the order line remembers the list), the bought quantities counted from paid orders
// only (a refunded or cancelled order gives them back), bad input and ownership (404, never 403).
import request from 'supertest';
import { transitionOrder } from '../../server/orders/transitions';
import { useTestApp } from '../support/app';
import { attributeOf, csrfTokenOf, parseHtml, textOf, textsOf } from '../support/html';
import { type Agent, createAccount, demo, signedIn } from './accounts-helpers';
import { cartVisitor, plainVariant } from './cart-helpers';
import { orderOf, validCheckout } from './checkout-helpers';
import { stockedVariant } from './wishlists-helpers';

const testApp = useTestApp();
const parent = { email: 'birth-lists-parent@example.com', password: 'Birth-Lists-Parent-2026' };

beforeAll(async () => {
  await createAccount(testApp, parent);
});

async function page(agent: Agent, path: string) {
  const answer = await agent.get(path);
  return { answer, html: parseHtml(answer.text) };
}

/** Makes a birth list through its form and answers its id and token. */
async function makeList(agent: Agent, childName = 'Léa') {
  const { html } = await page(agent, '/fr/account/birthlists');
  const made = await agent.post('/fr/account/birthlists').type('form').send({ _csrf: csrfTokenOf(html), ChildName: childName, BirthDate: '14/03/2026', Message: 'Merci !' });
  expect(made.status).toBe(303);
  const id = Number(made.headers.location.split('/').pop());
  const row = await testApp.db.selectFrom('birth_lists').select(['token', 'birth_date']).where('id', '=', id).executeTakeFirstOrThrow();
  return { id, token: row.token, csrf: csrfTokenOf(html) };
}

async function addTo(agent: Agent, csrf: string, birthListId: number, variantId: number, quantity: number) {
  return agent.post('/fr/birthlists/addproductvariant').type('form').send({ _csrf: csrf, productVariantId: variantId, birthListId, Quantity: String(quantity) });
}

/** A guest buys `quantity` from the shared page, then checks out by bank transfer; answers the order row. */
async function guestBuys(token: string, variantId: number, quantity: number) {
  const guest = request.agent(testApp.app);
  const shared = await page(guest, `/fr/birthlists/${token}`);
  const added = await guest.post(`/fr/birthlists/${token}/addtocart`).type('form').send({ _csrf: csrfTokenOf(shared.html), ProductVariantId: variantId, Quantity: String(quantity) });
  expect(added.status).toBe(303);
  expect(added.headers.location).toBe('/fr/shoppingcarts');
  const checkout = parseHtml((await guest.get('/fr/checkout')).text);
  const key = attributeOf(checkout, 'input[name="IdempotencyKey"]', 'value')!;
  const placed = await guest.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp)), _csrf: csrfTokenOf(checkout), IdempotencyKey: key });
  expect(placed.status).toBe(303);
  return orderOf(testApp, placed.headers.location);
}

describe('the owner', () => {
  test('signed out: the pages send to log in and back; a post is refused', async () => {
    for (const path of ['/fr/account/birthlists', '/fr/account/birthlists/1', '/fr/birthlists/popup?productVariantId=1']) {
      const answer = await request(testApp.app).get(path);
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe(`/fr/security/login?returnUrl=${encodeURIComponent(path)}`);
    }
    const visitor = request.agent(testApp.app);
    const csrf = csrfTokenOf(parseHtml((await visitor.get('/fr/security/login')).text));
    const before = await testApp.db.selectFrom('birth_lists').select('id').execute();
    expect((await visitor.post('/fr/account/birthlists').type('form').send({ _csrf: csrf, ChildName: 'Anonyme', BirthDate: '01/01/2026' })).status).toBe(401);
    expect(await testApp.db.selectFrom('birth_lists').select('id').execute()).toEqual(before);
  });

  test('makes a list, sees its shared link, adds a product through the modal page, changes and removes a line', async () => {
    const variant = await stockedVariant(testApp, 10, 10);
    const { agent } = await signedIn(testApp, parent);
    const { id, token, csrf } = await makeList(agent);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const managed = await page(agent, `/fr/account/birthlists/${id}`);
    expect(managed.answer.status).toBe(200);
    expect(managed.answer.headers['cache-control']).toContain('no-store');
    expect(textOf(managed.html, 'h1')).toBe('Léa');
    expect(attributeOf(managed.html, '#birth-list-share-url', 'value')).toMatch(new RegExp(`/fr/birthlists/${token}$`));
    expect(attributeOf(managed.html, 'input[name="BirthDate"]', 'value')).toBe('14/03/2026');
    const popup = await page(agent, `/fr/birthlists/popup?productVariantId=${variant.id}`);
    expect(textsOf(popup.html, '.wishlist-form-list label')).toEqual(['Léa']);
    const added = await addTo(agent, csrf, id, variant.id, 3);
    expect(added.status).toBe(303);
    expect(added.headers.location).toBe(`/fr/birthlists/popup?productVariantId=${variant.id}&added=${id}`);
    const after = await page(agent, `/fr/account/birthlists/${id}`);
    const itemId = Number(after.html.querySelector('.birth-list-item form')!.getAttribute('action')!.split('/').pop());
    expect(attributeOf(after.html, '.birth-list-item .wishlist-quantity', 'value')).toBe('3');
    expect((await agent.post(`/fr/account/birthlists/${id}/items/${itemId}`).type('form').send({ _csrf: csrf, Quantity: '4' })).status).toBe(303);
    const json = await agent.post('/fr/birthlists/addproductvariant').set('Accept', 'application/json').type('form').send({ _csrf: csrf, productVariantId: variant.id, birthListId: id, Quantity: '5' });
    expect(json.body).toMatchObject({ BirthListId: id, Quantity: 5 });
    expect((await testApp.db.selectFrom('birth_list_items').select('quantity').where('id', '=', itemId).executeTakeFirstOrThrow()).quantity).toBe(5);
    expect((await agent.post(`/fr/account/birthlists/${id}/items/${itemId}/delete`).type('form').send({ _csrf: csrf })).status).toBe(303);
    expect(await testApp.db.selectFrom('birth_list_items').select('id').where('birth_list_id', '=', id).execute()).toEqual([]);
    expect((await agent.post(`/fr/account/birthlists/${id}/delete`).type('form').send({ _csrf: csrf })).status).toBe(303);
    expect((await request(testApp.app).get(`/fr/birthlists/${token}`)).status).toBe(404);
  });

  test('bad input is a localised 400 that changes nothing', async () => {
    const variant = await stockedVariant(testApp, 10, 11);
    const { agent } = await signedIn(testApp, parent);
    const { id, csrf } = await makeList(agent, 'Hugo');
    const refused = await agent.post('/fr/account/birthlists').type('form').send({ _csrf: csrf, ChildName: '', BirthDate: '31/02/2026' });
    expect(refused.status).toBe(400);
    expect(parseHtml(refused.text).querySelectorAll('.field-invalid').length).toBe(2);
    const edited = await agent.post(`/fr/account/birthlists/${id}`).type('form').send({ _csrf: csrf, ChildName: 'Hugo', BirthDate: 'demain' });
    expect(edited.status).toBe(400);
    for (const quantity of ['0', '-2', 'deux', '11']) {
      const answer = await addTo(agent, csrf, id, variant.id, quantity as unknown as number);
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(quantity === '11' ? 'stock disponible' : 'au moins 1');
    }
    expect(await testApp.db.selectFrom('birth_list_items').select('id').where('birth_list_id', '=', id).execute()).toEqual([]);
    const row = await testApp.db.selectFrom('birth_lists').select(['child_name', 'birth_date']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ child_name: 'Hugo', birth_date: '2026-03-14' });
  });

  test('another customer\'s birth list: every page and post is a 404 and changes nothing', async () => {
    const variant = await stockedVariant(testApp, 10, 12);
    const owner = await signedIn(testApp, parent);
    const { id, csrf } = await makeList(owner.agent, 'Privé');
    await addTo(owner.agent, csrf, id, variant.id, 2);
    const itemId = (await testApp.db.selectFrom('birth_list_items').select('id').where('birth_list_id', '=', id).executeTakeFirstOrThrow()).id;
    const other = await signedIn(testApp, demo.customer);
    const otherCsrf = csrfTokenOf(parseHtml((await other.agent.get('/fr/account/birthlists')).text));
    const answers = [
      await other.agent.get(`/fr/account/birthlists/${id}`),
      await other.agent.post(`/fr/account/birthlists/${id}`).type('form').send({ _csrf: otherCsrf, ChildName: 'Volé', BirthDate: '01/01/2026' }),
      await other.agent.post(`/fr/account/birthlists/${id}/items/${itemId}`).type('form').send({ _csrf: otherCsrf, Quantity: '1' }),
      await other.agent.post(`/fr/account/birthlists/${id}/items/${itemId}/delete`).type('form').send({ _csrf: otherCsrf }),
      await other.agent.post(`/fr/account/birthlists/${id}/delete`).type('form').send({ _csrf: otherCsrf }),
      await addTo(other.agent, otherCsrf, id, variant.id, 1),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await testApp.db.selectFrom('birth_lists').select('child_name').where('id', '=', id).executeTakeFirstOrThrow()).child_name).toBe('Privé');
    expect((await testApp.db.selectFrom('birth_list_items').select('quantity').where('id', '=', itemId).executeTakeFirstOrThrow()).quantity).toBe(2);
  });
});

describe('the shared list', () => {
  test('an unknown or malformed token is a 404', async () => {
    expect((await request(testApp.app).get('/fr/birthlists/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await request(testApp.app).get('/fr/birthlists/short')).status).toBe(404);
  });

  test('a guest buys from it; paid orders count as bought, an unpaid one does not, a refund gives them back', async () => {
    const variant = await stockedVariant(testApp, 20, 13);
    const owner = await signedIn(testApp, parent);
    const { id, token, csrf } = await makeList(owner.agent, 'Noé');
    await addTo(owner.agent, csrf, id, variant.id, 3);
    const shared = await page(request.agent(testApp.app), `/fr/birthlists/${token}`);
    expect(shared.answer.status).toBe(200);
    expect(shared.answer.headers['cache-control']).toContain('no-store');
    expect(textOf(shared.html, 'h1')).toBe('Liste de naissance de Noé');
    expect(textOf(shared.html, '.birth-list-born')).toBe('Naissance : 14 mars 2026');
    expect(textOf(shared.html, '.birth-list-remaining')).toBe('3 sur 3');
    const first = await guestBuys(token, variant.id, 2);
    const line = await testApp.db.selectFrom('order_lines').select(['birth_list_id', 'quantity']).where('order_id', '=', first.id).executeTakeFirstOrThrow();
    expect(line).toEqual({ birth_list_id: id, quantity: 2 });
    const remaining = async () => textOf((await page(request.agent(testApp.app), `/fr/birthlists/${token}`)).html, '.birth-list-remaining');
    expect(first.state).toBe('AwaitingPayment');
    expect(await remaining()).toBe('3 sur 3');
    await transitionOrder(testApp.db, first.id, 'Paid');
    expect(await remaining()).toBe('1 sur 3');
    const owned = await page(owner.agent, `/fr/account/birthlists/${id}`);
    expect(textOf(owned.html, '.birth-list-bought')).toBe('2');
    const guest = request.agent(testApp.app);
    const again = await page(guest, `/fr/birthlists/${token}`);
    const tooMany = await guest.post(`/fr/birthlists/${token}/addtocart`).type('form').send({ _csrf: csrfTokenOf(again.html), ProductVariantId: variant.id, Quantity: '2' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain('reste à offrir');
    // One of the two refunded through a refund request (server/refunds): that one is to give again.
    const [orderLine] = await testApp.db.selectFrom('order_lines').select(['id', 'unit_incl_cents']).where('order_id', '=', first.id).execute();
    const refund = await testApp.db
      .insertInto('refund_requests')
      .values({ order_id: first.id, user_id: (await testApp.db.selectFrom('users').select('id').where('email', '=', parent.email).executeTakeFirstOrThrow()).id, state: 'Refunded', currency: 'EUR', amount_cents: Number(orderLine.unit_incl_cents), created_at: 0, updated_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await testApp.db.insertInto('refund_request_lines').values({ request_id: refund.id, order_line_id: orderLine.id, quantity: 1, unit_incl_cents: orderLine.unit_incl_cents, amount_cents: orderLine.unit_incl_cents }).execute();
    expect(await remaining()).toBe('2 sur 3');
    await transitionOrder(testApp.db, first.id, 'Refunded');
    expect(await remaining()).toBe('3 sur 3');
  });

  test('bad input on the shared page: a localised 400 and nothing in the cart', async () => {
    const variant = await stockedVariant(testApp, 5, 14);
    const owner = await signedIn(testApp, parent);
    const { id, token, csrf } = await makeList(owner.agent, 'Inès');
    await addTo(owner.agent, csrf, id, variant.id, 5);
    const guest = request.agent(testApp.app);
    const shared = await page(guest, `/fr/birthlists/${token}`);
    const post = (body: Record<string, string>) => guest.post(`/fr/birthlists/${token}/addtocart`).type('form').send({ _csrf: csrfTokenOf(shared.html), ...body });
    expect((await post({ ProductVariantId: String(variant.id), Quantity: '0' })).status).toBe(400);
    expect((await post({ ProductVariantId: String(variant.id), Quantity: 'un' })).status).toBe(400);
    expect((await post({ ProductVariantId: 'x', Quantity: '1' })).status).toBe(400);
    const other = await plainVariant(testApp.db, { skip: 15 });
    expect((await post({ ProductVariantId: String(other.id), Quantity: '1' })).status).toBe(404);
    expect((await guest.post('/fr/birthlists/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/addtocart').type('form').send({ _csrf: csrfTokenOf(shared.html), ProductVariantId: variant.id, Quantity: '1' })).status).toBe(404);
    const cart = await guest.get('/api/v1/shoppingcarts?culture=fr').set('Accept', 'application/json');
    expect(cart.body.ItemsCount).toBe(0);
  });
});

test('the account home links to the wishlists and the birth lists', async () => {
  const { agent } = await signedIn(testApp, parent);
  const html = parseHtml((await agent.get('/fr/account')).text);
  const links = html.querySelectorAll('.account-shopping a').map((link) => link.getAttribute('href'));
  expect(links).toEqual(expect.arrayContaining(['/fr/catalog/wishlist/list', '/fr/account/birthlists']));
});

describe('the generic cart API never marks a line as bought from a birth list', () => {
  test('ItemOrigin BirthList or an ItemKey birthlist:{id} is a localised 400 (JSON and form) and the cart stays empty', async () => {
    const variant = await plainVariant(testApp.db, { skip: 2 });
    const owner = await signedIn(testApp, parent);
    const list = await makeList(owner.agent, 'Forgé');
    const { agent, token, api } = await cartVisitor(testApp, '/fr/');
    const message = 'Cette origine de ligne est réservée : un article de liste de naissance ou de compte prépayé s\'ajoute depuis sa propre page.';
    const forged = [
      { ItemOrigin: 'BirthList', ItemKey: `birthlist:${list.id}` },
      { ItemOrigin: 'birthlist' },
      { ItemOrigin: 'Catalog', ItemKey: `birthlist:${list.id}` },
      { ItemKey: ` BirthList:${list.id}` },
      { ItemOrigin: 'Prepaid', ItemKey: 'prepaid:1' },
    ];
    for (const fields of forged) {
      const answer = await api.add({ ProductVariantId: variant.id, Quantity: 1, ...fields });
      expect(answer.status).toBe(400);
      expect(answer.body.Errors).toHaveLength(1);
      expect(answer.body.Errors[0].Message).toBe(message);
    }
    const form = await agent.post('/api/v1/catalog/products/addtocart').type('form').send({ _csrf: token, ProductVariantId: String(variant.id), Quantity: '1', ItemOrigin: 'BirthList', ItemKey: `birthlist:${list.id}` });
    expect(form.status).toBe(303);
    expect((await agent.get(form.headers.location)).text).toContain('Cette origine de ligne est réservée');
    expect((await api.info()).body.ItemsCount ?? 0).toBe(0);
    // An ordinary key still works, and it is an ordinary line.
    const plain = await api.add({ ProductVariantId: variant.id, Quantity: 1, ItemOrigin: 'Catalog', ItemKey: 'K1' });
    expect(plain.status).toBe(200);
    const lines = await testApp.db.selectFrom('cart_items').select(['origin', 'item_key']).where('id', '=', plain.body.ItemId).execute();
    expect(lines).toEqual([{ origin: 'Catalog', item_key: 'K1' }]);
  });
});
