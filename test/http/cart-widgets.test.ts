import { useTestApp } from '../support/app';
import { attributeOf, parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { cartVisitor, plainVariant } from './cart-helpers';

const testApp = useTestApp();
/** As textOf shows it: whitespace (the amounts' no-break spaces) collapsed. */
const collapsed = (text: string) => text.replace(/\s+/g, ' ');

describe('the add-to-cart confirmation {app}/{culture}/widget/addedtocart', () => {
  it('renders the line added, the plural item count and the amounts, as a fragment that is never stored', async () => {
    const variant = await plainVariant(testApp.db);
    const { agent, api } = await cartVisitor(testApp, '/fr/');
    const added = (await api.add({ ProductVariantId: variant.id, Quantity: 2 })).body;
    const answer = await agent.get(`/fr/widget/addedtocart?item=${added.ItemId}&quantity=${added.Quantity}`).set('HX-Request', 'true');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.vary).toMatch(/HX-Request/);
    expect(answer.text).not.toMatch(/<html/i);
    const html = parseHtml(answer.text);
    expect(textOf(html, '.cart-dialog-name')).toBe(added.Name);
    expect(textOf(html, '.cart-dialog-quantity')).toBe('Quantité : 2');
    expect(textOf(html, '.cart-dialog-count')).toBe('2 article(s)');
    expect(textOf(html, '.cart-dialog-incl')).toBe(collapsed(`Montant TTC : ${added.Cart.AmountTaxInclHtml}`));
    expect(textOf(html, '.cart-dialog-excl')).toBe(collapsed(`Montant HT : ${added.Cart.AmountTaxExclHtml}`));
    expect(attributeOf(html, '.cart-dialog', 'data-title')).toBe(resource('fr', 'ShoppingCarts.AddedToCart'));
    expect(attributeOf(html, '.cart-dialog-actions a', 'href')).toBe('/fr/shoppingcarts');
    expect(textsOf(html, '.cart-dialog-actions button[data-modal-close]')).toEqual([resource('fr', 'ShoppingCarts.ContinueShopping')]);
    expect(html.querySelector('.alert-info')).toBeNull();
  });

  it('names the quantity the server changed, in the culture of the address', async () => {
    const variant = await plainVariant(testApp.db, { skip: 4 });
    const { agent, api } = await cartVisitor(testApp, '/fr/');
    const added = (await api.add({ ProductVariantId: variant.id, Quantity: 1, ItemKey: 'KEY-7' })).body;
    const answer = await agent.get(`/de/widget/addedtocart?item=${added.ItemId}&quantity=1&changed=1`);
    const html = parseHtml(answer.text);
    expect(textOf(html, '.alert-info')).toContain('KEY-7');
    expect(textOf(html, '.cart-dialog-count')).toBe('1 Artikel');
  });

  it('answers 400 for a missing line id', async () => {
    const { agent } = await cartVisitor(testApp, '/fr/');
    const answer = await agent.get('/fr/widget/addedtocart?item=abc&quantity=1');
    expect(answer.status).toBe(400);
  });
});
