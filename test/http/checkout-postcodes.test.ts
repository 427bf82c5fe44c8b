// Postal codes checked per country on both sides (the server's check and the browser's rule are the
// same function), and the business-only fields: company name and VAT number count for a business buyer only.
import { isPostalCode, rules } from '../../common/validation-rules';
import { findOrderByNumber } from '../../server/orders/reads';
import { useTestApp } from '../support/app';
import { parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { demo, signedIn } from './accounts-helpers';
import { cartFor, countryId, validCheckout } from './checkout-helpers';

const testApp = useTestApp();

// One code each country the seed ships to writes, and one it cannot (the 4-digit French one of issue 20).
const CODES: [country: string, good: string[], bad: string[]][] = [
  ['FR', ['75002', '01000', '97400', '20000'], ['7500', '750021', '00100', '99000', 'AB123']],
  ['BE', ['1000', '9000'], ['0999', '10000', '1000AB']],
  ['NL', ['1011 AB', '1011AB'], ['1011', '0123 AB']],
  ['DE', ['10115', '01067'], ['1011', '00123', '101155']],
  ['ES', ['28001', '08001'], ['53001', '2800']],
  ['IT', ['00118', '20121'], ['0011', '001180']],
  ['PT', ['1100-148', '4000-322'], ['1100', '1100148', '0100-148']],
  ['LU', ['1111', 'L-1111'], ['111', '11111']],
  ['AT', ['1010', '8010'], ['0101', '10100']],
  ['CH', ['8001', 'CH-1201'], ['0800', '80011']],
  ['GB', ['EC1A 1BB', 'M1 1AE'], ['EC1A', '12345']],
];

describe('postal codes of the shipping countries', () => {
  it.each(CODES)('%s takes its own format and refuses others', (country, good, bad) => {
    for (const code of good) expect([code, isPostalCode(country, code)]).toEqual([code, true]);
    for (const code of bad) expect([code, isPostalCode(country, code)]).toEqual([code, false]);
  });

  test('every country the seed ships to has a rule (an unknown country is not a pass for a seeded one)', async () => {
    const seeded = await testApp.db.selectFrom('countries').select('code').execute();
    const known = CODES.map(([country]) => country);
    for (const { code } of seeded) expect(known).toContain(code);
  });

  test("the browser's rule reads the country chosen in the form through the ids rendered on the field", () => {
    const input = (value: string, country: string) => ({ value, files: [], valueOf: (name: string) => (name === 'BillingCountry' ? country : '') });
    const params = { country: '', countryfield: 'BillingCountry', countries: '1:FR 2:BE' };
    expect(rules.postalcode!.test(input('7500', '1'), params)).toBe(false);
    expect(rules.postalcode!.test(input('7500', '2'), params)).toBe(true);
    expect(rules.postalcode!.test(input('75002', '1'), params)).toBe(true);
  });
});

describe('the checkout and postal codes', () => {
  test('renders the rule on both postal-code fields with the countries by id', async () => {
    const { html } = await cartFor(testApp);
    const fr = await countryId(testApp, 'FR');
    for (const [name, country] of [['BillingPostalCode', 'BillingCountry'], ['ShippingPostalCode', 'ShippingCountry']]) {
      const field = html.querySelector(`input[name="${name}"]`)!;
      expect(field.getAttribute('data-val-postalcode')).toBe(resource('fr', 'Validation.PostalCode'));
      expect(field.getAttribute('data-val-postalcode-countryfield')).toBe(country);
      expect(field.getAttribute('data-val-postalcode-countries')!.split(' ')).toContain(`${fr}:FR`);
    }
  });

  test('a 4-digit French postal code is a field message (400), not an order', async () => {
    const { agent, csrf, key } = await cartFor(testApp);
    const answer = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { BillingPostalCode: '7500' })), _csrf: csrf, IdempotencyKey: key });
    expect(answer.status).toBe(400);
    expect(textOf(parseHtml(answer.text), '[data-valmsg-for="BillingPostalCode"]')).toBe(resource('fr', 'Validation.PostalCode'));
    expect(await testApp.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).executeTakeFirst()).toBeUndefined();
  });

  test("the shipping address's postal code is checked against the shipping country", async () => {
    const { agent, csrf, key } = await cartFor(testApp);
    const shipping = {
      SameAddressForShipping: 'false', ShippingFirstName: 'Jan', ShippingLastName: 'Peeters', ShippingStreet1: 'Grote Markt 1',
      ShippingPostalCode: '75002', ShippingCity: 'Brussel', ShippingCountry: String(await countryId(testApp, 'BE')),
    };
    const answer = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, shipping)), _csrf: csrf, IdempotencyKey: key });
    expect(answer.status).toBe(400);
    const html = parseHtml(answer.text);
    expect(textOf(html, '[data-valmsg-for="ShippingPostalCode"]')).toBe(resource('fr', 'Validation.PostalCode'));
    expect(textOf(html, '[data-valmsg-for="BillingPostalCode"]')).toBe('');
    const fixed = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { ...shipping, ShippingPostalCode: '1000' })), _csrf: csrf, IdempotencyKey: key });
    expect(fixed.status).toBe(303);
  });
});

describe('the business-only fields', () => {
  test('the account type is a pair of radios; company and VAT number are one group labelled for a business', async () => {
    const { html } = await cartFor(testApp);
    const radios = html.querySelectorAll('form[data-checkout] input[type="radio"][name="AccountType"]');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['Private', 'Company']);
    expect(radios[0]!.hasAttribute('checked')).toBe(true);
    const group = html.querySelector('[data-checkout-business]')!;
    expect(textOf(group, 'legend')).toBe(resource('fr', 'Checkout.BusinessOnly'));
    expect(group.querySelector('input[name="BillingCompany"]')).not.toBeNull();
    expect(group.querySelector('input[name="BillingVAT"]')).not.toBeNull();
    // Without JS the group shows for everyone (the behaviour hides it for a private buyer).
    expect(group.hasAttribute('hidden')).toBe(false);
  });

  test("a private buyer's company and VAT number are ignored, even a malformed one", async () => {
    const { agent, csrf, key } = await cartFor(testApp);
    const answer = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { BillingCompany: 'ACME SA', BillingVAT: 'BE12' })), _csrf: csrf, IdempotencyKey: key });
    expect(answer.status).toBe(303);
    const order = (await findOrderByNumber(testApp.db, answer.headers.location.split('/').pop()!))!;
    expect(order.billing.company).toBe('');
    expect(order.billing.vatNumber).toBe('');
    expect(order.reverseCharge).toBe(false);
  });

  test("a business buyer's company is required and kept", async () => {
    const { agent, csrf, key } = await cartFor(testApp);
    const missing = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { AccountType: 'Company' })), _csrf: csrf, IdempotencyKey: key });
    expect(missing.status).toBe(400);
    expect(textOf(parseHtml(missing.text), '[data-valmsg-for="BillingCompany"]')).toBe(resource('fr', 'Validation.Required'));
    const kept = await agent.post('/fr/checkout').type('form').send({ ...(await validCheckout(testApp, { AccountType: 'Company', BillingCompany: 'ACME SA' })), _csrf: csrf, IdempotencyKey: key });
    expect(kept.status).toBe(303);
    const order = (await findOrderByNumber(testApp.db, kept.headers.location.split('/').pop()!))!;
    expect(order.billing.company).toBe('ACME SA');
  });
});

describe("the checkout's address popup and postal codes", () => {
  test('the popup renders the rule with the countries, and refuses a 4-digit French postal code (400, nothing saved)', async () => {
    const { agent } = await signedIn(testApp, demo.customer);
    const popup = parseHtml((await agent.get('/fr/checkout/address?Id=0&AddressType=Billing')).text);
    const csrf = popup.querySelector('input[name="_csrf"]')!.getAttribute('value')!;
    const fr = await countryId(testApp, 'FR');
    expect(popup.querySelector('input[name="BillingPostalCode"]')!.getAttribute('data-val-postalcode-countries')!.split(' ')).toContain(`${fr}:FR`);
    const before = (await testApp.db.selectFrom('addresses').select('id').execute()).length;
    const post = {
      Id: '0', AddressType: 'Both', ExistingBillingAddressId: '0', ExistingShippingAddressId: '0', AccountType: 'Private', BillingFirstName: 'Claire',
      BillingLastName: 'Dubois', BillingStreet1: '12 quai Saint-Antoine', BillingPostalCode: '6900', BillingCity: 'Lyon', BillingCountry: String(fr), _csrf: csrf,
    };
    const refused = await agent.post('/fr/checkout/address').type('form').send(post);
    expect(refused.status).toBe(400);
    expect(textOf(parseHtml(refused.text), '[data-valmsg-for="BillingPostalCode"]')).toBe(resource('fr', 'Validation.PostalCode'));
    expect((await testApp.db.selectFrom('addresses').select('id').execute()).length).toBe(before);
    const saved = await agent.post('/fr/checkout/address').type('form').send({ ...post, BillingPostalCode: '69002' });
    expect(saved.status).toBe(303);
  });
});
