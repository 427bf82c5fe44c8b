import { cultures } from '../config';
import type { Db } from '../db';
import { brandPath, catalogPath, categoryPath, tagPath } from '../catalog/urls';
import { countSitemapPages, urlsetClose, urlsetOpen } from '../catalog/sitemap';
import { newsCategoryPath, newsPath, newsPostPath } from '../news/paths';
import { projectCategoryPath, projectPath, projectsPath } from '../projects/urls';
import { type Kind, listBrandSlugs, listTranslations, type Translation } from './data';

// The sitemaps of everything but products (server/catalog/sitemap.ts has those, in pages of 2,000):
// one file per section, every address in every culture it exists in, each <url> naming every
// culture's own address (xhtml:link hreflang). Only what a visitor may see now.

export const SECTIONS = ['categories', 'pages', 'news', 'faq', 'projects'] as const;
export type SitemapSection = (typeof SECTIONS)[number];

type Paths = Map<string, string>;

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The <url> entries of one page: one per culture it exists in, each listing them all as alternates. */
export function alternateEntries(paths: Paths, siteUrl: string): string {
  const addresses = [...paths].map(([culture, path]) => ({ culture, href: xml(siteUrl + path) }));
  const links = addresses.map((address) => `<xhtml:link rel="alternate" hreflang="${address.culture}" href="${address.href}"/>`).join('');
  return addresses.map((address) => `<url><loc>${address.href}</loc>${links}</url>\n`).join('');
}

/** A fixed page (a list) in every culture. */
const everyCulture = (path: (culture: string) => string): Paths => new Map(cultures.map((culture) => [culture, path(culture)]));

/** Every visible thing of a kind, grouped by id: its address in each culture it is translated in. */
async function pathsOfKind(db: Db, kind: Kind, now: number, path: (culture: string, translation: Translation) => string): Promise<Paths[]> {
  const byId = new Map<number, Paths>();
  for (const translation of await listTranslations(db, { kind, now })) {
    if (!(cultures as readonly string[]).includes(translation.culture)) continue;
    const paths = byId.get(translation.id) ?? new Map<string, string>();
    paths.set(translation.culture, path(translation.culture, translation));
    byId.set(translation.id, paths);
  }
  return [...byId.values()];
}

const sectionPaths: Record<SitemapSection, (db: Db, now: number) => Promise<Paths[]>> = {
  categories: async (db, now) => [
    everyCulture(catalogPath),
    ...(await pathsOfKind(db, 'category', now, (c, t) => categoryPath(c, t.id, t.slug))),
    ...(await pathsOfKind(db, 'tag', now, (c, t) => tagPath(c, t.id, t.slug))),
    ...(await listBrandSlugs(db)).map((slug) => everyCulture((culture) => brandPath(culture, slug))),
  ],
  pages: async (db, now) => [
    ...(await pathsOfKind(db, 'page', now, (c, t) => (t.isHome ? `/${c}/` : `/${c}/${encodeURIComponent(t.slug)}`))),
    everyCulture((culture) => `/${culture}/contact/form`),
  ],
  news: async (db, now) => [
    everyCulture(newsPath),
    ...(await pathsOfKind(db, 'newsCategory', now, (c, t) => newsCategoryPath(c, t.slug))),
    ...(await pathsOfKind(db, 'newsPost', now, (c, t) => newsPostPath(c, t.slug))),
  ],
  faq: async (db, now) => [everyCulture((culture) => `/${culture}/faq`), ...(await pathsOfKind(db, 'faqCategory', now, (c, t) => `/${c}/faq/${encodeURIComponent(t.slug)}`))],
  projects: async (db, now) => [
    everyCulture(projectsPath),
    ...(await pathsOfKind(db, 'projectCategory', now, (c, t) => projectCategoryPath(c, t.slug))),
    ...(await pathsOfKind(db, 'project', now, (c, t) => projectPath(c, t.slug))),
  ],
};

/** One section's sitemap file. */
export async function sectionSitemap(db: Db, { section, siteUrl, now = Date.now() }: { section: SitemapSection; siteUrl: string; now?: number }): Promise<string> {
  const pages = await sectionPaths[section](db, now);
  return urlsetOpen + pages.map((paths) => alternateEntries(paths, siteUrl)).join('') + urlsetClose;
}

/** {app}/sitemap.xml: every sitemap file (the products' pages listed one by one: an index may not name an index). */
export async function sitemapIndexOfAll(db: Db, { siteUrl }: { siteUrl: string }): Promise<string> {
  const productPages = await countSitemapPages(db);
  const files = [...Array.from({ length: productPages }, (_, index) => `sitemap-products-${index + 1}.xml`), ...SECTIONS.map((section) => `sitemap-${section}.xml`)];
  const entries = files.map((file) => `<sitemap><loc>${xml(`${siteUrl}/${file}`)}</loc></sitemap>\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`;
}
