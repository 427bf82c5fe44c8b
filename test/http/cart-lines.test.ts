// The cart page's lines: each with its product's picture (the renditions of catalog/urls.ts pictures.cartLine)
// and a link back to its product page; the no-JS buttons marked for hiding once scripts run.
import { assetKeyQuery } from '../../server/assets/keys';
import { pictures } from '../../server/catalog/urls';
import { variantOptions } from '../../server/catalog/variant-options';
import { parseHtml, textOf } from '../support/html';
import { useTestApp } from '../support/app';
import { cartVisitor, plainVariant } from './cart-helpers';

const testApp = useTestApp();

describe('the cart lines', () => {
  test("show the chosen variant's photo in the cart's sizes, its option values, and link to the product page in the culture", async () => {
    const variant = await plainVariant(testApp.db);
    const { agent, api } = await cartVisitor(testApp);
    await api.add({ ProductVariantId: variant.id });
    const options = (await variantOptions(testApp.db, { variantIds: [variant.id], culture: 'de' })).get(variant.id)!;
    const photo = options.image;
    expect(options.text).not.toBe('');
    const slug = (await testApp.db.selectFrom('product_translations').select('slug').where('product_id', '=', variant.productId).where('culture', '=', 'de').executeTakeFirstOrThrow()).slug;

    const page = await agent.get('/de/shoppingcarts');
    expect(page.status).toBe(200);
    const line = parseHtml(page.text).querySelector('[data-cart-line]')!;
    const link = line.querySelector('a.cart-line-link')!;
    expect(link.getAttribute('href')).toBe(`/de/catalog/product/${variant.productId}/${encodeURIComponent(slug)}`);
    expect(textOf(line, '.cart-line-link .cart-line-name')).not.toBe('');
    // The chosen variant in words (its option values in the culture), not only its code.
    expect(textOf(line, '[data-cart-line-options]')).toBe(options.text);
    const image = link.querySelector('img.cart-line-image')!;
    const expected = photo ? `/assets/${photo.id}/80x80/${encodeURIComponent(photo.name)}${assetKeyQuery(photo.id)}` : '/assets/80x80/nophoto.jpg';
    expect(image.getAttribute('src')).toBe(expected);
    expect(image.getAttribute('srcset')!.split(', ')).toHaveLength(pictures.cartLine.widths.length);
    expect(image.getAttribute('srcset')).toContain('160x160');
    expect(image.getAttribute('alt')).toBe('');
    // The picture's rendition is one the image route draws.
    expect((await agent.get(expected)).status).toBe(200);
  });

  test('the per-line update button carries the data attribute the CSS hides once the shell marks <html class="js">', async () => {
    const variant = await plainVariant(testApp.db);
    const { agent, api } = await cartVisitor(testApp);
    const id = (await api.add({ ProductVariantId: variant.id })).body.ItemId;
    const html = parseHtml((await agent.get('/fr/shoppingcarts')).text);
    expect(html.querySelector(`button[data-cart-update="${id}"]`)).not.toBeNull();
    expect(html.querySelector('[data-cart-checkout]')!.getAttribute('href')).toBe('/fr/checkout');
  });
});
