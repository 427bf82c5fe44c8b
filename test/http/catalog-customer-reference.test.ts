import request from 'supertest';
import { useTestApp } from '../support/app';
import { productUrl, setSetting, variantWhere } from '../support/catalog-product';
import { attributeOf, csrfTokenOf, parseHtml, textOf } from '../support/html';
import { demo, signedIn } from './accounts-helpers';

const testApp = useTestApp();

const referenceOf = async (variantId: number) =>
  (
    await testApp.db
      .selectFrom('customer_references as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select('r.customer_sku')
      .where('u.email', '=', demo.customer.email)
      .where('r.variant_id', '=', variantId)
      .executeTakeFirst()
  )?.customer_sku;

describe('customer reference update', () => {
  it('answers 401 to a visitor', async () => {
    const variant = await variantWhere(testApp.db, () => true);
    const agent = request.agent(testApp.app);
    const token = csrfTokenOf(parseHtml((await agent.get('/fr/')).text));
    const answer = await agent.post('/fr/catalog/customerref/update').set('Accept', 'application/json').set('X-CSRF-Token', token).send({ ProductVariantId: variant.id, CustomerSKU: 'X' });
    expect(answer.status).toBe(401);
  });

  it('shows the form to a signed-in customer, inline and as the fragment', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'InStock');
    const { agent } = await signedIn(testApp, demo.customer);
    const page = parseHtml((await agent.get(`${await productUrl(testApp.db, variant.productId)}?productVariantId=${variant.id}`)).text);
    expect(attributeOf(page, '#catalog-customer-reference form', 'action')).toBe('/fr/catalog/customerref/update');
    expect(attributeOf(page, '#catalog-customer-reference input[name="ProductVariantId"]', 'value')).toBe(String(variant.id));
    expect(attributeOf(page, '#catalog-customer-reference form', 'data-message-mode')).toBe('modal');
    const fragment = parseHtml((await agent.get(`/de/widget/catalog/CustomerReferenceUpdate?productVariantId=${variant.id}`)).text);
    expect(textOf(fragment, 'label[for="customer-reference-sku"]')).toBe('Meine Referenz');
  });

  it('sets, changes and removes the customer\'s SKU, answering {Status, Message}', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'InStock', 1);
    const { agent, token } = await signedIn(testApp, demo.customer);
    const update = (sku: string) =>
      agent.post('/fr/catalog/customerref/update').set('Accept', 'application/json').set('X-CSRF-Token', token).type('form').send({ ProductVariantId: String(variant.id), CustomerSKU: sku });
    const set = await update('  MY-REF-1 ');
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ Status: true, Message: 'Votre référence a été enregistrée.' });
    expect(await referenceOf(variant.id)).toBe('MY-REF-1');
    await update('MY-REF-2');
    expect(await referenceOf(variant.id)).toBe('MY-REF-2');
    const fragment = parseHtml((await agent.get(`/fr/widget/catalog/CustomerReferenceUpdate?productVariantId=${variant.id}`)).text);
    expect(attributeOf(fragment, 'input[name="CustomerSKU"]', 'value')).toBe('MY-REF-2');
    await update('');
    expect(await referenceOf(variant.id)).toBeUndefined();
  });

  it('refuses a reference the customer already gave another variant, with Catalog.CustomerRefUpdateError', async () => {
    const existing = await testApp.db.selectFrom('customer_references as r').innerJoin('users as u', 'u.id', 'r.user_id').select(['r.customer_sku', 'r.variant_id']).where('u.email', '=', demo.customer.email).executeTakeFirstOrThrow();
    const variant = await variantWhere(testApp.db, (row) => row.id !== existing.variant_id, 2);
    const { agent, token } = await signedIn(testApp, demo.customer);
    const answer = await agent.post('/fr/catalog/customerref/update').set('Accept', 'application/json').set('X-CSRF-Token', token).send({ ProductVariantId: variant.id, CustomerSKU: existing.customer_sku });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ Status: false, Message: 'Votre référence n\'a pas pu être enregistrée.' });
    const unknown = await agent.post('/fr/catalog/customerref/update').set('Accept', 'application/json').set('X-CSRF-Token', token).send({ ProductVariantId: 'x', CustomerSKU: 'A' });
    expect(unknown.body.Status).toBe(false);
  });

  it('renders the declared rules of the reference field and refuses one over 100 characters, changing nothing', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'InStock', 4);
    const { agent, token } = await signedIn(testApp, demo.customer);
    const fragment = parseHtml((await agent.get(`/fr/widget/catalog/CustomerReferenceUpdate?productVariantId=${variant.id}`)).text);
    expect(attributeOf(fragment, 'input[name="CustomerSKU"]', 'maxlength')).toBe('100');
    expect(attributeOf(fragment, 'input[name="CustomerSKU"]', 'data-val-maxlength-max')).toBe('100');
    expect(attributeOf(fragment, 'input[name="CustomerSKU"]', 'data-val-maxlength')).toBe('Veuillez saisir au plus 100 caractères.');
    const before = await referenceOf(variant.id);
    const answer = await agent.post('/fr/catalog/customerref/update').set('Accept', 'application/json').set('X-CSRF-Token', token).send({ ProductVariantId: variant.id, CustomerSKU: 'R'.repeat(101) });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ Status: false, Message: 'Votre référence n\'a pas pu être enregistrée.' });
    expect(await referenceOf(variant.id)).toBe(before);
  });

  it('without JS redirects to the product page with a notice', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'InStock', 3);
    const { agent } = await signedIn(testApp, demo.customer, 'it');
    const url = `${await productUrl(testApp.db, variant.productId, 'it')}?productVariantId=${variant.id}`;
    const token = csrfTokenOf(parseHtml((await agent.get(url)).text));
    const answer = await agent.post('/it/catalog/customerref/update').type('form').send({ _csrf: token, ProductVariantId: String(variant.id), CustomerSKU: 'RIF-9' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(url);
    const page = parseHtml((await agent.get(url)).text);
    expect(textOf(page, '.flash-success')).toBe('Il suo riferimento è stato salvato.');
    expect(attributeOf(page, 'input[name="CustomerSKU"]', 'value')).toBe('RIF-9');
  });

  it('tells the browser to use a growl notice when the site says so', async () => {
    const variant = await variantWhere(testApp.db, (row) => row.stockState === 'InStock');
    await setSetting(testApp, 'catalog.customerRefMessage', 'growl');
    try {
      const { agent } = await signedIn(testApp, demo.customer);
      const fragment = parseHtml((await agent.get(`/fr/widget/catalog/CustomerReferenceUpdate?productVariantId=${variant.id}`)).text);
      expect(attributeOf(fragment, 'form', 'data-message-mode')).toBe('growl');
    } finally {
      await setSetting(testApp, 'catalog.customerRefMessage', 'modal');
    }
  });
});
