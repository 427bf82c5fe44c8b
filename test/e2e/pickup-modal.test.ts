// The pickup point modal in Chromium: a [data-pickup=open] link (as the checkout shows it) opens the
// search in a modal, the choose button saves the point on the cart and the page reloads; a search the
// carrier does not answer with 'Success' shows the growl 'Error' / 'An error has occured'.
import type { Page } from 'playwright-core';
import { openPage, useBrowserTestBed, waitForShell, withConsentAnswered } from './support/browser';

const bed = useBrowserTestBed();

async function catalogPage() {
  const opened = await openPage(bed.browser, `${bed.server.url}/fr/catalog`);
  opened.page.setDefaultTimeout(8000);
  await withConsentAnswered(opened.context, bed.server.url);
  await opened.page.reload();
  await waitForShell(opened.page);
  return opened;
}

function addPickupLink(page: Page, href: string, countryCode = ''): Promise<void> {
  return page.evaluate(
    ({ href, countryCode }) =>
      document.getElementById('page')!.insertAdjacentHTML('beforeend', `<p><a id="pickup-link" data-pickup="open" data-country-code="${countryCode}" href="${href}">pickup</a></p>`),
    { href, countryCode },
  );
}

describe('the pickup point modal', () => {
  it('lists the points in a modal; choosing one saves it on the cart and reloads the page', async () => {
    const { page, context, errors } = await catalogPage();
    const method = await bed.server.db.selectFrom('shipping_methods').select('id').where('carrier', '=', 'static').executeTakeFirstOrThrow();
    const france = await bed.server.db.selectFrom('countries').select('id').where('code', '=', 'FR').executeTakeFirstOrThrow();
    await addPickupLink(page, `/fr/shippings/pickuppoint/search?shippingMethodId=${method.id}&carrierGatewayId=static&countryId=${france.id}&city=Paris&postCode=75002&address=`);
    await page.locator('#pickup-link').click();
    const dialog = page.locator('#modal-root dialog.modal');
    await dialog.locator('[data-pickup-point]').first().waitFor();
    expect(await dialog.locator('.modal-title').textContent()).toContain('Choisir un point relais');
    expect(await dialog.locator('.pickup-point-name').allTextContents()).toEqual(['Tabac de la Bourse', 'Librairie du Marais', 'Pressing Montparnasse', 'Consigne Gare de Lyon']);
    expect(await dialog.locator('.pickup-point-directions').count()).toBe(4);
    // No maps key in this bed: no map, and Leaflet is never fetched (test/e2e/pickup-map.test.ts has one).
    expect(await dialog.locator('[data-pickup-map]').count()).toBe(0);
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('leaflet')))).toBe(false);
    expect(page.url()).toBe(`${bed.server.url}/fr/catalog`);

    // A search inside the modal replaces the list there.
    await dialog.locator('#pickup-postcode').fill('');
    await dialog.locator('#pickup-city').fill('Lyon');
    await dialog.locator('[data-pickup-search-form] button[type=submit]').click();
    await dialog.locator('.pickup-point-name', { hasText: 'Épicerie des Terreaux' }).waitFor();

    await Promise.all([page.waitForEvent('load'), dialog.locator('[data-pickup-choose]').first().click()]);
    const cookie = (await context.cookies()).find((entry) => entry.name === 'cart')!;
    const cart = await bed.server.db.selectFrom('carts').select('pickup_point').where('token', '=', decodeURIComponent(cookie.value)).executeTakeFirstOrThrow();
    expect(JSON.parse(cart.pickup_point!)).toMatchObject({ PublicAccessPointID: 'FR-LYS-001', PickupPointName: 'Épicerie des Terreaux', ShippingMethodId: method.id, ShippingCountryId: france.id });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the growl Error / An error has occured when the carrier does not answer Success', async () => {
    const { page, context } = await catalogPage();
    await addPickupLink(page, '/fr/shippings/pickuppoint/search?carrierGatewayId=teleport&countryId=FR&city=Paris', 'FR');
    await page.locator('#pickup-link').click();
    const growl = page.locator('[data-pickup-growl]');
    await growl.waitFor();
    expect(await growl.locator('strong').textContent()).toBe('Erreur');
    expect(await growl.locator('p').textContent()).toBe('Une erreur est survenue');
    expect(await page.locator('#modal-root dialog.modal').count()).toBe(0);
    await context.close();
  });
});
