// The confirmation page's addresses (with their country) and its labels (French spaces before a colon).
import { variantOptions } from '../../server/catalog/variant-options';
import { imageSet, pictures } from '../../server/catalog/urls';
import { findOrderByNumber } from '../../server/orders/reads';
import { confirmationText } from '../../server/orders/mail';
import { useTestApp } from '../support/app';
import { parseHtml, textOf, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { cartFor, countryId, validCheckout } from './checkout-helpers';

const testApp = useTestApp();

async function placed(culture = 'fr') {
  const { agent, csrf, key } = await cartFor(testApp);
  const shipping = {
    SameAddressForShipping: 'false', ShippingFirstName: 'Jan', ShippingLastName: 'Peeters', ShippingStreet1: 'Grote Markt 1',
    ShippingPostalCode: '1000', ShippingCity: 'Brussel', ShippingCountry: String(await countryId(testApp, 'BE')),
  };
  const answer = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, shipping)), _csrf: csrf, IdempotencyKey: key });
  expect(answer.status).toBe(303);
  const number = answer.headers.location.split('/').pop()!;
  return { agent, number, page: await agent.get(`/${culture}/orders/confirmation/${number}`) };
}

describe('the confirmation page', () => {
  test("each address names its country in the page's culture", async () => {
    const { page } = await placed();
    expect(page.status).toBe(200);
    const addresses = textsOf(parseHtml(page.text), '.order-addresses address');
    expect(addresses).toHaveLength(2);
    expect(addresses[0]).toContain('France');
    expect(addresses[1]).toContain('Belgique');
  });

  test("each line names the chosen variant's option values and shows its picture; the mail names them too", async () => {
    const { number, page } = await placed();
    const order = (await findOrderByNumber(testApp.db, number))!;
    const options = (await variantOptions(testApp.db, { variantIds: [order.lines[0]!.variantId], culture: 'fr' })).get(order.lines[0]!.variantId)!;
    expect(options.text).not.toBe('');
    const html = parseHtml(page.text);
    expect(textOf(html, '.order-lines [data-order-line-options]')).toBe(options.text);
    expect(html.querySelector('.order-lines img.order-line-image')!.getAttribute('src')).toBe(imageSet(options.image, pictures.cartLine).src);
    const t = testApp.app.locals.localization.translator('fr');
    const mail = confirmationText(t, order, 'https://shop.example/', { holder: 'H', iban: 'I', bic: 'B' });
    expect(mail).toContain(`${order.lines[0]!.quantity} × ${order.lines[0]!.name} – ${options.text} (${order.lines[0]!.sku})`);
  });

  test('French puts a space before the colon, German does not', async () => {
    const { agent, number, page } = await placed();
    expect(textOf(parseHtml(page.text), '.order-state')).toMatch(new RegExp(`^${resource('fr', 'Orders.State')} : `));
    const german = await agent.get(`/de/orders/confirmation/${number}`);
    expect(textOf(parseHtml(german.text), '.order-state')).toMatch(new RegExp(`^${resource('de', 'Orders.State')}: `));
    expect(textsOf(parseHtml(german.text), '.order-addresses address')[1]).toContain('Belgien');
  });
});
