import request from 'supertest';
import { createTestApp } from '../test/support/app';
(async () => {
  const t0 = Date.now();
  const app = await createTestApp();
  console.log('seeded in', Date.now() - t0);
  const counts = await Promise.all(['products','product_variants','product_images','tier_prices','warehouses','variant_stock','product_associations','brands','stock_notifications','customer_references','users'].map(async (table) => [table, (await app.db.selectFrom(table as any).select((eb: any) => eb.fn.countAll().as('c')).executeTakeFirst() as any).c]));
  console.log(counts);
  const p = await app.db.selectFrom('products').selectAll().limit(1).executeTakeFirst();
  console.log(p);
  const r = await request(app.app).get(`/fr/catalog/product/${p!.id}/x`);
  console.log(r.status, r.headers.location);
  const r2 = await request(app.app).get(r.headers.location);
  console.log(r2.status, r2.text.slice(0, 300));
  const m = r2.text.indexOf('<main'); console.log(r2.text.slice(r2.text.indexOf("brand-carousel"), r2.text.indexOf("</main>")));
  await app.close();
})().catch((e) => { console.error(e); process.exit(1); });
