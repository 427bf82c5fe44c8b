// Issue 15 items 2 and 6 over HTTP: the home page's sliders from the home tables and the real catalog
// (newest products, best sellers from paid order lines, the newest again when nothing was sold), in
// every culture; a slide or hotspot whose product was deleted renders without it; the largest picture
// preloaded with fetchpriority="high".
import request from 'supertest';
import { cultures } from '../../server/config';
import { type Html, attributeOf, attributesOf, parseHtml, textOf, textsOf } from '../support/html';
import { useTestApp } from '../support/app';
import { resource } from '../support/resources';

const testApp = useTestApp();
let visit = 0;

/** The home page, fresh (a query of its own each time: the page cache keeps a URL 30 s). */
async function home(culture: string = 'fr'): Promise<Html> {
  const answer = await request(testApp.app).get(`/${culture}/?visit=${++visit}`);
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/html/);
  expect(answer.headers['cache-control']).toBe('private, no-cache');
  return parseHtml(answer.text);
}

const productIdOf = (href: string | undefined) => Number(/\/catalog\/product\/(\d+)\//.exec(href ?? '')?.[1]);
const slideProducts = (html: Html, sliderId: string) => attributesOf(html, `#${sliderId} .product-slide`, 'data-product-id').map(Number);

async function newestActive(limit: number): Promise<number[]> {
  const rows = await testApp.db
    .selectFrom('products')
    .select('id')
    .where('is_active', '=', 1)
    .where('id', 'in', (eb) => eb.selectFrom('product_images').select('product_id').where('kind', '=', 'photo'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

describe('the home page', () => {
  it.each([...cultures])('shows every slider in %s, with texts of the culture', async (culture) => {
    const html = await home(culture);
    const sliders = attributesOf(html, '[data-slider]', 'data-slider');
    expect(sliders).toEqual(['home', 'categories', 'products', 'collection', 'products-wide', 'testimonies', 'partners', 'news']);
    expect(textOf(html, '#home-new-products-title')).toBe(resource(culture as never, 'Pages.Home.NewProductsTitle'));
    expect(textOf(html, '#home-best-sellers-title')).toBe(resource(culture as never, 'Pages.Home.BestSellersTitle'));
    expect(html.querySelectorAll('#home-slider .banner-slide')).toHaveLength(3);
    expect(html.querySelectorAll('#home-testimonies .testimony-slide')).toHaveLength(6);
    expect(html.querySelectorAll('#home-partners .partner-slide img')).toHaveLength(8);
    const hotspots = attributesOf(html, '.image-map .hotspot', 'href');
    expect(hotspots).toHaveLength(4);
    expect(hotspots.every((href) => href!.startsWith(`/${culture}/catalog/product/`))).toBe(true);
    // Per-culture texts: the first testimony and the slide labels differ from the French ones outside fr.
    const french = await home('fr');
    if (culture !== 'fr') expect(textsOf(html, '.testimony-slide blockquote')).not.toEqual(textsOf(french, '.testimony-slide blockquote'));
    expect(textsOf(html, '#home-slider .banner-slide-title').every((title) => title.length > 3)).toBe(true);
  });

  it('marks the home slider for the navigation and gives each slider its kind and a banner its autoplay duration as data attributes', async () => {
    const html = await home();
    expect(attributeOf(html, '[data-home-slider]', 'data-slider')).toBe('home');
    expect(attributeOf(html, '#home-collection', 'data-slider-autoplay')).toBe('5000');
    // Without JavaScript every slide is a real link in a scrollable row that takes the keyboard's focus.
    expect(attributeOf(html, '#home-new-products-track', 'tabindex')).toBe('0');
    expect(attributesOf(html, '#home-categories .category-slide a', 'href').every((href) => /^\/fr\/catalog\/category\/\d+\//.test(href!))).toBe(true);
  });

  it('preloads the first slide with fetchpriority="high"; the other slides load lazily', async () => {
    const html = await home();
    const images = html.querySelectorAll('#home-slider .banner-slide img');
    expect(images[0].getAttribute('fetchpriority')).toBe('high');
    expect(images[0].hasAttribute('loading')).toBe(false);
    expect([...images].slice(1).every((image) => image.getAttribute('loading') === 'lazy')).toBe(true);
    const preload = html.querySelector('head link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
    expect(preload?.getAttribute('href')).toBe(images[0].getAttribute('src'));
    expect(preload?.getAttribute('imagesrcset')).toBe(images[0].getAttribute('srcset'));
    expect(html.querySelectorAll('head link[rel="preload"][as="image"]')).toHaveLength(1);
  });

  it('fills the "new" slider with the newest active products that have a photo, and best sellers with them while nothing was sold', async () => {
    const html = await home();
    const newest = await newestActive(12);
    expect(slideProducts(html, 'home-new-products')).toEqual(newest);
    expect(slideProducts(html, 'home-best-sellers')).toEqual(newest);
    const hrefs = attributesOf(html, '#home-new-products .product-slide a', 'href');
    expect(hrefs.map(productIdOf)).toEqual(newest);
  });
});

describe('best sellers', () => {
  async function paidOrder(state: 'Paid' | 'Shipped' | 'Cancelled', lines: [variantId: number, quantity: number][]) {
    const at = Date.now();
    const address = JSON.stringify({ firstName: 'A', lastName: 'B', company: '', street1: '1 rue', street2: '', postalCode: '75001', city: 'Paris', countryId: 1, phone: '', vatNumber: '', accountType: 'Private' });
    const order = await testApp.db
      .insertInto('orders')
      .values({
        number: `2099-${String(at).slice(-6)}${state.length}`, user_id: null, email: 'best@example.com', culture: 'fr', state, currency: 'EUR', rate_ppm: 1_000_000,
        subtotal_incl_cents: 100, subtotal_excl_cents: 100, shipping_incl_cents: 0, shipping_excl_cents: 0, discount_incl_cents: 0, discount_excl_cents: 0,
        tax_cents: 0, total_incl_cents: 100, total_excl_cents: 100, taxes: '[]', coupon_code: null, shipping_method_id: null, payment_method: 'Card',
        reverse_charge: 0, vat_number: '', pickup_point: null, billing_address: address, shipping_address: address, idempotency_key: `best-${state}-${at}`, created_at: at, updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await testApp.db
      .insertInto('order_lines')
      .values(lines.map(([variantId, quantity]) => ({ order_id: order.id, variant_id: variantId, sku: `S${variantId}`, name: 'x', quantity, unit_incl_cents: 1, unit_excl_cents: 1, total_incl_cents: quantity, total_excl_cents: quantity, tax_rate_bp: 0 })))
      .execute();
  }

  async function variantOf(productId: number): Promise<number> {
    return (await testApp.db.selectFrom('product_variants').select('id').where('product_id', '=', productId).orderBy('id').executeTakeFirstOrThrow()).id;
  }

  it('ranks products by units on paid (and shipped) order lines; cancelled orders do not count', async () => {
    const [first, second, third] = [3, 5, 7];
    await paidOrder('Paid', [[await variantOf(first), 2], [await variantOf(second), 5]]);
    await paidOrder('Shipped', [[await variantOf(first), 1]]);
    await paidOrder('Cancelled', [[await variantOf(third), 50]]);
    const html = await home();
    expect(slideProducts(html, 'home-best-sellers')).toEqual([second, first]);
    expect(slideProducts(html, 'home-new-products')).toEqual(await newestActive(12));
  });
});

describe('targets that are gone', () => {
  it('renders a slide whose product was deleted without its link, and leaves out such a hotspot; never a 500', async () => {
    const slide = await testApp.db.selectFrom('home_slides').select(['id', 'product_id']).where('product_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const spot = await testApp.db.selectFrom('image_map_hotspots').select(['id', 'product_id']).where('product_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const before = await home();
    const slideCount = before.querySelectorAll('#home-slider .banner-slide, #home-collection .banner-slide').length;
    const linkCount = before.querySelectorAll('.banner-slide-link').length;
    // A product taken off the catalog (inactive) and one deleted outright (its slide's column set to null).
    await testApp.db.updateTable('products').set({ is_active: 0 }).where('id', '=', slide.product_id!).execute();
    await testApp.db.insertInto('products').values({ reference: 'GONE-1', brand_id: null, category_id: 1, is_active: 1, price_from_cents: 100, currency: 'EUR', min_qty: 1, max_qty: 0, step_qty: 1, available_until: null, position: 0, created_at: 0 }).execute();
    const gone = await testApp.db.selectFrom('products').select('id').where('reference', '=', 'GONE-1').executeTakeFirstOrThrow();
    await testApp.db.updateTable('image_map_hotspots').set({ product_id: gone.id, link_url: null }).where('id', '=', spot.id).execute();
    await testApp.db.deleteFrom('products').where('id', '=', gone.id).execute();
    expect((await testApp.db.selectFrom('image_map_hotspots').select('product_id').where('id', '=', spot.id).executeTakeFirstOrThrow()).product_id).toBeNull();

    const after = await home();
    expect(after.querySelectorAll('#home-slider .banner-slide, #home-collection .banner-slide')).toHaveLength(slideCount);
    expect(after.querySelectorAll('.banner-slide-link')).toHaveLength(linkCount - 1);
    expect(attributesOf(after, '.banner-slide-link', 'href').some((href) => productIdOf(href) === slide.product_id)).toBe(false);
    expect(after.querySelectorAll('.image-map .hotspot')).toHaveLength(3);
    expect(after.querySelectorAll('.image-map [data-hotspot-popup]')).toHaveLength(3);
    await testApp.db.updateTable('products').set({ is_active: 1 }).where('id', '=', slide.product_id!).execute();
  });

  it('shows a slide only inside its start and end dates', async () => {
    const hero = await testApp.db.selectFrom('home_banners').select('id').where('banner_key', '=', 'hero').executeTakeFirstOrThrow();
    const first = await testApp.db.selectFrom('home_slides').select('id').where('banner_id', '=', hero.id).orderBy('position').executeTakeFirstOrThrow();
    const count = (await home()).querySelectorAll('#home-slider .banner-slide').length;
    await testApp.db.updateTable('home_slides').set({ ends_at: Date.now() - 1000 }).where('id', '=', first.id).execute();
    expect((await home()).querySelectorAll('#home-slider .banner-slide')).toHaveLength(count - 1);
    await testApp.db.updateTable('home_slides').set({ ends_at: null, starts_at: Date.now() + 3_600_000 }).where('id', '=', first.id).execute();
    expect((await home()).querySelectorAll('#home-slider .banner-slide')).toHaveLength(count - 1);
    await testApp.db.updateTable('home_slides').set({ starts_at: null }).where('id', '=', first.id).execute();
    expect((await home()).querySelectorAll('#home-slider .banner-slide')).toHaveLength(count);
  });
});
