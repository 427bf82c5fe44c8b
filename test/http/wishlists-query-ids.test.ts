// Issue 28 item 4: a crafted address (a confirm link, any form posted with the visitor's token) names the
// wishlist or birth list it acts on in its query; the forms read ids from their body only, and the
// specification's API reads its query only on a script's call (CSRF token in the header).
import { useTestApp } from '../support/app';
import { csrfTokenOf, parseHtml } from '../support/html';
import { createAccount } from './accounts-helpers';
import { stockedVariant, userIdOf, wishlistCustomer, wishlistRows } from './wishlists-helpers';

const testApp = useTestApp();
const victim = { email: 'wishlists-query-victim@example.com', password: 'Wishlists-Victim-2026' };

beforeAll(async () => {
  await createAccount(testApp, victim);
});

async function victimWithList() {
  const variant = await stockedVariant(testApp, 10, 3);
  const customer = await wishlistCustomer(testApp, victim);
  const listId = (await customer.api.add({ productVariantId: variant.id, Quantity: 2, Name: 'Mariage' })).body.WishlistId as number;
  const csrf = csrfTokenOf(parseHtml((await customer.agent.get(`/fr/catalog/wishlist/list?Id=${listId}`)).text));
  const userId = await userIdOf(testApp, victim.email);
  const rows = async () => (await wishlistRows(testApp, userId)).filter((row) => row.id === listId);
  return { ...customer, variant, listId, csrf, rows, before: await rows() };
}

describe('a wishlist post whose ids are in the query only', () => {
  test('the no-JS forms read the body only: Id in the query renames, deletes, empties or orders nothing', async () => {
    const { agent, csrf, listId, variant, rows, before } = await victimWithList();
    const itemId = before[0]!.itemId!;
    const posts: [string, Record<string, string | number>][] = [
      ['updatename', { Id: listId, Name: 'Pirate' }],
      ['updatedescription', { Id: listId, Description: 'Pirate' }],
      ['updatequantity', { Id: itemId, Quantity: 9 }],
      ['deletefromlist', { productVariantId: variant.id, listId }],
      ['delete', { Id: listId }],
      ['addwishlisttocart', { Id: listId }],
    ];
    for (const [path, query] of posts) {
      const answer = await agent.post(`/fr/catalog/wishlist/${path}`).query(query).type('form').send({ _csrf: csrf, Name: 'Pirate', Quantity: '9' });
      expect([path, answer.status]).toEqual([path, 400]);
    }
    expect(await rows()).toEqual(before);
    const cart = await agent.get('/api/v1/shoppingcarts').query({ culture: 'fr' }).set('Accept', 'application/json');
    expect(cart.body.ItemsCount).toBe(0);
  });

  test('with the body and the query naming different lists, the form acts on the body\'s', async () => {
    const { agent, api, csrf, listId, rows, before } = await victimWithList();
    const other = (await api.add({ productVariantId: (await stockedVariant(testApp, 10, 4)).id, Name: 'Autre' })).body.WishlistId as number;
    const renamed = await agent.post('/fr/catalog/wishlist/updatename').query({ Id: listId }).type('form').send({ _csrf: csrf, Id: other, Name: 'Renommée' });
    expect(renamed.status).toBe(303);
    expect(await rows()).toEqual(before);
    const otherRow = await testApp.db.selectFrom('wishlists').select('name').where('id', '=', other).executeTakeFirstOrThrow();
    expect(otherRow.name).toBe('Renommée');
  });

  test('the API posted as a form (token in the body, not the header) does not read its query either', async () => {
    const { agent, csrf, listId, rows, before } = await victimWithList();
    const renamed = await agent.post('/api/v1/catalog/wishlist/updatename').query({ culture: 'fr', Id: listId, Name: 'Pirate' }).set('Accept', 'application/json').type('form').send({ _csrf: csrf });
    expect(renamed.status).toBe(400);
    const deleted = await agent.post('/api/v1/catalog/wishlist/delete').query({ culture: 'fr', Id: listId }).type('form').send({ _csrf: csrf });
    expect(deleted.status).toBe(400);
    expect(await rows()).toEqual(before);
  });

  test('a script\'s call (token in the header) keeps the specification\'s query parameters', async () => {
    const { api, listId, rows } = await victimWithList();
    expect((await api.post('updatename', { Id: listId, Name: 'Mariage 2026' })).status).toBe(200);
    expect((await rows())[0]!.name).toBe('Mariage 2026');
  });
});

describe('a birth list add whose ids are in the query only', () => {
  test('adds nothing', async () => {
    const { agent, csrf, variant } = await victimWithList();
    const made = await agent.post('/fr/account/birthlists').type('form').send({ _csrf: csrf, ChildName: 'Léa', BirthDate: '14/03/2026', Message: '' });
    expect(made.status).toBe(303);
    const birthListId = Number(made.headers.location.split('/').pop());
    const answer = await agent.post('/fr/birthlists/addproductvariant').query({ productVariantId: variant.id, birthListId }).type('form').send({ _csrf: csrf, Quantity: '3' });
    expect(answer.status).toBe(400);
    const items = await testApp.db.selectFrom('birth_list_items').select('id').where('birth_list_id', '=', birthListId).execute();
    expect(items).toEqual([]);
  });
});
