import type { Request, Response } from 'express';
import type { Db } from '../db';
import { categoryTrail, loadReference } from '../catalog/lists-reference';
import { imageSet, type Picture, pictures } from '../catalog/urls';
import { pageOrigin } from '../http/site-url';
import { assetName, productSurroundings } from './data';
import { article, breadcrumbList, type Crumb, jsonLdBlock, organization, type SiteFacts, webSite } from './json-ld';
import type { PageFacts, Section } from './pages';

// What the head of a page tells search engines and link previews (views/partials/seo/head.ejs):
// robots, canonical, hreflang alternates, description, Open Graph / Twitter card and JSON-LD.
// Rules (docs/seo.md): a list with a search, filter, sort, display or page size is noindex; a later
// page (?pageindex=N) is indexed with its own canonical; error answers and private pages are noindex.

/** Query parameters that make a list a variant of the same list (noindex); pageindex alone does not. */
const VARIANT_PARAMS = ['q', 'filter', 'sort', 'display', 'pageSize', 'month', 'entityName'];
const DESCRIPTION_LENGTH = 160;
export const OG_LOCALES: Record<string, string> = { fr: 'fr_FR', nl: 'nl_NL', es: 'es_ES', de: 'de_DE', it: 'it_IT', pt: 'pt_PT' };

const sectionDescriptions: Record<Section, string> = {
  home: 'Seo.SiteDescription',
  catalog: 'Seo.CatalogDescription',
  news: 'Seo.NewsDescription',
  faq: 'Seo.FaqDescription',
  projects: 'Seo.ProjectsDescription',
  page: 'Seo.SiteDescription',
  other: 'Seo.SiteDescription',
};

export function plainText(html: string, length = DESCRIPTION_LENGTH): string {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > length / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** The query kept in the canonical address: the page number beyond the first. */
function canonicalSearch(query: URLSearchParams): string {
  const page = Number(query.get('pageindex'));
  return Number.isInteger(page) && page > 1 ? `?pageindex=${page}` : '';
}

async function pictureOf(db: Db, assetId: number | null, picture: Picture, base: string): Promise<string | null> {
  if (assetId === null) return null;
  const name = await assetName(db, { assetId });
  return name ? imageSet({ id: assetId, name }, picture, base).src : null;
}

interface Context {
  db: Db;
  culture: string;
  base: string;
  origin: string;
  t: Response['locals']['t'];
}

/** The breadcrumb trail and picture of the thing shown, where its type has them. */
async function surroundings(context: Context, facts: PageFacts, site: SiteFacts): Promise<{ crumbs: Crumb[] | null; image: string | null }> {
  const { db, culture, base, origin, t } = context;
  const current = facts.current;
  if (!current) return { crumbs: null, image: null };
  const home: Crumb = { name: t('Seo.Home'), url: site.homeUrl };
  const here: Crumb = { name: current.title, url: origin + base + facts.paths.get(culture)! };
  const trail = async (categoryId: number | null) =>
    categoryId === null ? [] : categoryTrail(await loadReference(db, culture), categoryId).map((node) => ({ name: node.name, url: origin + base + node.path }));
  if (facts.kind === 'product') {
    const { categoryId, assetId } = await productSurroundings(db, { productId: current.id });
    return { crumbs: [home, ...(await trail(categoryId)), here], image: await pictureOf(db, assetId, pictures.galleryLarge, base) };
  }
  if (facts.kind === 'category') return { crumbs: [home, ...(await trail(current.id))], image: await pictureOf(db, current.assetId, pictures.contentWide, base) };
  if (facts.kind === 'page') return { crumbs: [home, here], image: null };
  if (facts.kind === 'newsPost') {
    const news: Crumb = { name: t('News.Title'), url: `${origin}${base}/${culture}/news` };
    return { crumbs: [home, news, here], image: await pictureOf(db, current.assetId, pictures.contentWide, base) };
  }
  return { crumbs: null, image: await pictureOf(db, current.assetId, pictures.contentWide, base) };
}

function robotsOf(res: Response, facts: PageFacts, query: URLSearchParams): string | null {
  const variant = VARIANT_PARAMS.some((name) => query.has(name));
  const indexable = facts.indexable && !variant && !res.locals.errorPage && res.statusCode < 400;
  return indexable ? null : 'noindex, follow';
}

export type SeoHead = Awaited<ReturnType<typeof seoHead>>;

/** The head's search-engine data of a page answer (never called for a region answer). */
export async function seoHead(req: Request, res: Response, facts: PageFacts) {
  const { db } = req.app.locals;
  const culture: string = res.locals.culture;
  const base: string = res.locals.basePath;
  const origin = pageOrigin(req);
  const t = res.locals.t;
  // The query alone: a path like //%E0%80%AF/… would make new URL() read a host and throw.
  const query = new URLSearchParams(req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '');
  const robots = robotsOf(res, facts, query);
  const keep = canonicalSearch(query);
  const site: SiteFacts = {
    name: t('Core.SiteName'),
    homeUrl: `${origin}${base}/${culture}/`,
    logoUrl: `${origin}${base}/static/images/icon-512.png`,
    searchUrlTemplate: `${origin}${base}/${culture}/catalog?q={search_term_string}`,
    culture,
  };
  const { crumbs, image } = robots ? { crumbs: null, image: null } : await surroundings({ db, culture, base, origin, t }, facts, site);
  const url = origin + base + (facts.paths.get(culture) ?? req.originalUrl.split('?')[0].slice(base.length)) + keep;
  const description = plainText(facts.current?.description ?? '') || t(sectionDescriptions[facts.section]);
  const alternates = robots ? [] : [...facts.paths].map(([other, path]) => ({ culture: other, href: origin + base + path + keep }));
  const jsonLd: unknown[] = [];
  if (!robots && facts.kind === 'home') jsonLd.push(organization(site), webSite(site));
  if (crumbs && crumbs.length > 1) jsonLd.push(breadcrumbList(crumbs));
  const ogImage = image ? origin + image : site.logoUrl;
  if (!robots && facts.kind === 'newsPost' && facts.current) {
    jsonLd.push(article({ headline: facts.current.title, description, url, image: ogImage, datePublished: facts.current.date, site }));
  }
  return {
    robots,
    canonical: robots ? null : url,
    alternates,
    xDefault: alternates.find((alternate) => alternate.culture === req.app.locals.config.DEFAULT_CULTURE)?.href ?? alternates[0]?.href ?? null,
    description,
    og: {
      type: facts.kind === 'newsPost' ? 'article' : facts.kind === 'product' ? 'product' : 'website',
      url,
      image: ogImage,
      locale: OG_LOCALES[culture],
      alternateLocales: alternates.filter((alternate) => alternate.culture !== culture).map((alternate) => OG_LOCALES[alternate.culture]),
      siteName: site.name,
    },
    jsonLd: jsonLd.map(jsonLdBlock),
  };
}
