// What the bench asks for, looked up in the seeded database: the first department's category list
// filtered by its most common colour and sorted by price, a product from the middle of the catalog,
// and suggestions for words a shopper types (one with a typo).
import { queryBench } from './database.mjs';

const culture = 'fr';
const suggestionWords = ['chemise', 'pantalon lin', 'robe coton', 'chemsie', 'echarpe', 'baskets cuir', 'mug', 'plaid laine'];

async function listTarget(database) {
  const [category] = await queryBench(
    database,
    `select c.id, t.slug from categories c join category_translations t on t.category_id = c.id and t.culture = $1
     where c.depth = 1 order by c.position limit 1`,
    [culture],
  );
  const [colour] = await queryBench(database, `select id from attributes where code = 'Colour'`);
  const values = await queryBench(
    database,
    `select pav.value_id as id, count(*) as n from product_attribute_values pav
     join product_categories pc on pc.product_id = pav.product_id and pc.category_id = $1
     where pav.attribute_id = $2 group by pav.value_id order by n desc, pav.value_id`,
    [category.id, colour.id],
  );
  const listPath = (valueId, sort) =>
    `/${culture}/catalog/category/${category.id}/${encodeURIComponent(category.slug)}?filter=${encodeURIComponent(
      JSON.stringify({ ProductAttributes: { [colour.id]: [Number(valueId)] } }),
    )}&sort=${sort}`;
  const varied = values.flatMap((value) => ['price-asc', 'newest'].map((sort) => listPath(value.id, sort)));
  return { filtered: listPath(values[0].id, 'price-asc'), varied };
}

async function productTarget(database) {
  const [product] = await queryBench(
    database,
    `select p.id, t.slug from products p join product_translations t on t.product_id = p.id and t.culture = $1
     where p.is_active = 1 order by p.id limit 1 offset (select count(*) / 2 from products)`,
    [culture],
  );
  return `/${culture}/catalog/product/${product.id}/${encodeURIComponent(product.slug)}`;
}

/** A returning visitor's cookies: the first page sets the CSRF cookie (a visitor who only browses has no session). */
async function visitorCookie(origin, pagePath) {
  const answer = await fetch(origin + pagePath, { redirect: 'manual' });
  await answer.arrayBuffer();
  return answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

export async function findTargets({ database, origin }) {
  const list = await listTarget(database);
  const product = await productTarget(database);
  const cookie = await visitorCookie(origin, `/${culture}/`);
  // As browsers ask: the answers travel compressed (server/http/compression.ts), as they would to a shopper.
  const headers = { accept: 'text/html,application/xhtml+xml', 'accept-language': 'fr', 'accept-encoding': 'br, gzip', ...(cookie ? { cookie } : {}) };
  const listAnswer = await fetch(origin + list.filtered, { headers: { ...headers, 'accept-encoding': 'identity' } });
  const listHtml = await listAnswer.text();
  const suggestions = suggestionWords.map(
    (q) => `/api/v1/catalog/search/suggestions?q=${encodeURIComponent(q)}&nbrResults=5&accuracy=0.3&culture=${culture}`,
  );
  const scenario = (name, paths, extra = {}, connections = undefined) => ({ name, origin, paths, connections, headers: { ...headers, ...extra } });
  const json = { accept: 'application/json' };
  return {
    listHtml,
    scenarios: [
      scenario('home', [`/${culture}/`]),
      scenario('category list, filtered + sorted', [list.filtered]),
      scenario(`category list, ${list.varied.length} filter/sort variants`, list.varied),
      scenario('product page', [product]),
      scenario('suggestions', suggestions, json),
      scenario('suggestions, one visitor', suggestions, json, 1),
      scenario('category list, filtered + sorted, one visitor', [list.filtered], {}, 1),
      scenario('list page bytes as a static file', ['/__bench/static/list.html']),
    ],
  };
}
