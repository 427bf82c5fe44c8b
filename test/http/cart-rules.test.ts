// The quantity rules and stock on the server: named in the no-JS notices, re-checked at the merge at
// sign-in; and the product page's order-origin JSON on its add-to-cart element.
import { useTestApp } from '../support/app';
import { productUrl } from '../support/catalog-product';
import { parseHtml, textOf, textsOf } from '../support/html';
import { demo, signedIn } from './accounts-helpers';
import { apiCalls, cartVisitor, plainVariant } from './cart-helpers';
import type { VariantRecord } from '../../server/catalog/variants-data';

const testApp = useTestApp();

async function limitStock(variant: VariantRecord, quantity: number): Promise<void> {
  await testApp.db.updateTable('product_variants').set({ stock_mode: 'Managed' }).where('id', '=', variant.id).execute();
  const [first] = await testApp.db.selectFrom('variant_stock').select('warehouse_id').where('variant_id', '=', variant.id).orderBy('warehouse_id').execute();
  await testApp.db.updateTable('variant_stock').set({ quantity: 0 }).where('variant_id', '=', variant.id).execute();
  await testApp.db.updateTable('variant_stock').set({ quantity }).where('variant_id', '=', variant.id).where('warehouse_id', '=', first.warehouse_id).execute();
}

/** A no-JS add from the product page (its address as Referer), as the browser posts the product form. */
async function addWithoutJs(variant: VariantRecord, quantity: string, itemKey?: string) {
  const page = await productUrl(testApp.db, variant.productId);
  const { agent, token } = await cartVisitor(testApp, page);
  const answer = await agent
    .post('/api/v1/catalog/products/addtocart')
    .set('Host', 'shop.test')
    .set('Referer', `http://shop.test${page}`)
    .type('form')
    .send({ _csrf: token, ProductVariantId: String(variant.id), Quantity: quantity, Name: 'n', ...(itemKey ? { ItemKey: itemKey } : {}) });
  return { agent, page, answer };
}

describe('a no-JS add to cart the server had to change or refuse lands back on the product page with a notice naming the problem', () => {
  it('above the maximum: added at the maximum, QuantityChangedMessage and the maximum named', async () => {
    const variant = await plainVariant(testApp.db);
    await testApp.db.updateTable('products').set({ max_qty: 4 }).where('id', '=', variant.productId).execute();
    const { agent, page, answer } = await addWithoutJs(variant, '9');
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(page);
    const html = parseHtml((await agent.get(page)).text);
    const notices = textsOf(html, '.flash');
    expect(notices[0]).toBe('Article ajouté au panier.');
    expect(notices[1]).toMatch(/^La quantité de l'article .+ \(Catalog \) a été ajustée\.$/);
    expect(notices[2]).toBe('Vous pouvez commander au plus 4 unités de cet article : la quantité a été ramenée à 4.');
    expect(textOf(html, '#mini-cart [data-mini-cart-count]')).toBe('4 article(s)');
  });

  it('more than the stock: kept at the stock, with the origin and key in the message and the stock named', async () => {
    const variant = await plainVariant(testApp.db, { skip: 3 });
    await limitStock(variant, 2);
    const { agent, page, answer } = await addWithoutJs(variant, '5', 'KEY-9');
    expect(answer.headers.location).toBe(page);
    const notices = textsOf(parseHtml((await agent.get(page)).text), '.flash');
    expect(notices[1]).toContain('(Catalog KEY-9)');
    expect(notices[2]).toBe('Le stock ne permet pas plus : la quantité a été ramenée à 2.');
  });

  it('off a step: rounded, and the step named', async () => {
    const variant = await plainVariant(testApp.db, { skip: 4 });
    await testApp.db.updateTable('products').set({ min_qty: 2, step_qty: 2, max_qty: 0 }).where('id', '=', variant.productId).execute();
    const { agent, page } = await addWithoutJs(variant, '3');
    const notices = textsOf(parseHtml((await agent.get(page)).text), '.flash');
    expect(notices[2]).toBe('Cet article se commande par multiples de 2 : la quantité a été arrondie à 4.');
  });

  it('refused (not a whole number, or none in stock): back on the product page with the error and nothing added', async () => {
    const variant = await plainVariant(testApp.db, { skip: 5 });
    const bad = await addWithoutJs(variant, '2.5');
    expect(bad.answer.headers.location).toBe(bad.page);
    const html = parseHtml((await bad.agent.get(bad.page)).text);
    expect(textOf(html, '.flash-error')).toBe('La quantité doit être un nombre entier positif.');
    expect(textOf(html, '#mini-cart [data-mini-cart-count]')).toBe('0 article(s)');

    await limitStock(variant, 0);
    const none = await addWithoutJs(variant, '1');
    expect(none.answer.headers.location).toBe(none.page);
    expect(textOf(parseHtml((await none.agent.get(none.page)).text), '.flash-error')).toMatch(/^(Cet article ne peut pas être commandé\.|Le stock ne suffit pas pour cette quantité\.)$/);
  });
});

describe('the merge at sign-in re-checks the summed quantities', () => {
  it('caps a summed line at the maximum and the stock, tells it with QuantityChangedMessage, and adds up a line within the rules', async () => {
    const [capped, stocked, free] = [await plainVariant(testApp.db, { skip: 6 }), await plainVariant(testApp.db, { skip: 7 }), await plainVariant(testApp.db, { skip: 8 })];
    await testApp.db.updateTable('products').set({ max_qty: 5 }).where('id', '=', capped.productId).execute();
    await limitStock(stocked, 4);

    const earlier = await signedIn(testApp, demo.customer);
    const own = apiCalls(earlier.agent, earlier.token);
    expect((await own.add({ ProductVariantId: capped.id, Quantity: 3 })).body.LineQuantity).toBe(3);
    expect((await own.add({ ProductVariantId: stocked.id, Quantity: 3 })).body.LineQuantity).toBe(3);
    expect((await own.add({ ProductVariantId: free.id, Quantity: 1 })).body.LineQuantity).toBe(1);

    const { agent, api } = await cartVisitor(testApp, '/fr/security/login');
    await api.add({ ProductVariantId: capped.id, Quantity: 4 });
    await api.add({ ProductVariantId: stocked.id, Quantity: 3 });
    await api.add({ ProductVariantId: free.id, Quantity: 2 });
    const login = await agent.get('/fr/security/login');
    const token = /name="_csrf" value="([^"]+)"/.exec(login.text)![1];
    const answer = await agent.post('/fr/security/login').type('form').send({ _csrf: token, Email: demo.customer.email, Password: demo.customer.password });
    expect(answer.status).toBe(303);

    // The next page shows the notices (the first answer that takes them).
    const page = parseHtml((await agent.get(answer.headers.location)).text);
    const notices = textsOf(page, '.flash-info');
    expect(notices.filter((text) => /^La quantité de l'article .+ \(Catalog \) a été ajustée\.$/.test(text))).toHaveLength(2);
    expect(notices).toContain('Vous pouvez commander au plus 5 unités de cet article : la quantité a été ramenée à 5.');
    expect(notices).toContain('Le stock ne permet pas plus : la quantité a été ramenée à 4.');
    const quantities = Object.fromEntries(
      ((await apiCalls(agent, token).info()).body.Items as { ProductVariantId: number; Quantity: number }[]).map((item) => [item.ProductVariantId, item.Quantity]),
    );
    expect(quantities).toEqual({ [capped.id]: 5, [stocked.id]: 4, [free.id]: 3 });

    // Told once.
    expect(textsOf(parseHtml((await agent.get('/fr/')).text), '.flash-info')).toEqual([]);
  });
});

describe("the product page's add-to-cart element", () => {
  it('carries the order-origin JSON (data-order-origin) whose fields the add-to-cart payload takes', async () => {
    const variant = await plainVariant(testApp.db);
    const { agent } = await cartVisitor(testApp, '/fr/');
    const html = parseHtml((await agent.get(`${await productUrl(testApp.db, variant.productId)}?productVariantId=${variant.id}`)).text);
    const origin = html.querySelector('[data-add-to-cart]')?.getAttribute('data-order-origin');
    expect(JSON.parse(origin ?? 'null')).toEqual({ ItemOrigin: 'Catalog' });
  });
});
