import { cultures } from '../config';
import type { Db } from '../db';
import { categoryPath, productPath, tagPath } from '../catalog/urls';
import { newsCategoryPath, newsPostPath } from '../news/paths';
import { projectCategoryPath, projectPath } from '../projects/urls';
import { switchCulturePath } from '../../widgets/culture/switch-path';
import { findHomeTranslations, findTranslations, type Kind, type Translation } from './data';

// "This page in culture X": every page type declares here how its address is read (a pattern over the
// path after /{culture}) and how it is written in each culture, with that culture's own slug. A thing
// missing (or unpublished) in a culture has no address there. Used by the layout (hreflang, canonical),
// the culture widget and its fragment, so switching culture is one request, never a 301 chain.

export type Section = 'home' | 'catalog' | 'news' | 'faq' | 'projects' | 'page' | 'other';

export interface PageFacts {
  /** The thing shown (null for a fixed page: a list, a form). */
  kind: Kind | 'home' | null;
  section: Section;
  /** Addresses relative to {app}, by culture, path only (the query is the caller's). */
  paths: Map<string, string>;
  /** The current culture's translation of the thing shown, when there is one. */
  current: Translation | null;
  /** Whether search engines should index the page (before its query and status are looked at). */
  indexable: boolean;
}

interface Route {
  pattern: RegExp;
  kind: Kind | 'home';
  section: Section;
  /** By id (first group is a number) or by the current culture's slug. */
  by: 'id' | 'slug';
  path: (culture: string, translation: Translation, match: RegExpExecArray) => string;
}

const routes: Route[] = [
  { pattern: /^\/?$/, kind: 'home', section: 'home', by: 'id', path: (culture) => `/${culture}/` },
  { pattern: /^\/catalog\/product\/(\d+)(?:\/[^/]*)?$/, kind: 'product', section: 'catalog', by: 'id', path: (c, t) => productPath(c, t.id, t.slug) },
  { pattern: /^\/catalog\/category\/(\d+)(?:\/[^/]*)?$/, kind: 'category', section: 'catalog', by: 'id', path: (c, t) => categoryPath(c, t.id, t.slug) },
  { pattern: /^\/catalog\/tag\/(\d+)(?:\/[^/]*)?$/, kind: 'tag', section: 'catalog', by: 'id', path: (c, t) => tagPath(c, t.id, t.slug) },
  { pattern: /^\/news\/category\/([^/]+)$/, kind: 'newsCategory', section: 'news', by: 'slug', path: (c, t) => newsCategoryPath(c, t.slug) },
  { pattern: /^\/news\/(?!feed\.xml$)([^/]+)$/, kind: 'newsPost', section: 'news', by: 'slug', path: (c, t) => newsPostPath(c, t.slug) },
  { pattern: /^\/faq\/([^/]+)$/, kind: 'faqCategory', section: 'faq', by: 'slug', path: (c, t) => `/${c}/faq/${encodeURIComponent(t.slug)}` },
  { pattern: /^\/projects\/category\/([^/]+)$/, kind: 'projectCategory', section: 'projects', by: 'slug', path: (c, t) => projectCategoryPath(c, t.slug) },
  { pattern: /^\/projects\/([^/]+)(\/map)?$/, kind: 'project', section: 'projects', by: 'slug', path: (c, t, m) => projectPath(c, t.slug) + (m[2] ?? '') },
  { pattern: /^\/([^/]+)$/, kind: 'page', section: 'page', by: 'slug', path: (c, t) => `/${c}/${encodeURIComponent(t.slug)}` },
];

/** Fixed pages search engines may index (lists and the contact form); any other fixed page is private or a step of a flow. */
const indexableFixed: [RegExp, Section][] = [
  [/^\/catalog\/?$/, 'catalog'],
  [/^\/catalog\/brand\/[^/]+$/, 'catalog'],
  [/^\/news\/?$/, 'news'],
  [/^\/faq\/?$/, 'faq'],
  [/^\/projects\/?$/, 'projects'],
  [/^\/contact\/form$/, 'other'],
];

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

async function translationsOf(db: Db, route: Route, match: RegExpExecArray, culture: string, now: number): Promise<Translation[]> {
  if (route.kind === 'home') return findHomeTranslations(db, { now });
  if (route.by === 'id') return findTranslations(db, { kind: route.kind, id: Number(match[1]), now });
  const slug = decoded(match[1]);
  return slug === null ? [] : findTranslations(db, { kind: route.kind, culture, slug, now });
}

/** A fixed page (a list, a form): the same path in every culture. */
export function fixedPage(pathname: string, basePath: string, culture: string): PageFacts {
  const rest = pathname.slice(basePath.length + culture.length + 1);
  const fixed = indexableFixed.find(([pattern]) => pattern.test(rest));
  const paths = new Map(cultures.map((other) => [other, switchCulturePath(pathname, basePath, other, cultures).slice(basePath.length)]));
  return { kind: null, section: fixed?.[1] ?? 'other', paths, current: null, indexable: Boolean(fixed) };
}

/** The page at `pathname` ({app}/{culture}/…, no query) in every culture it exists in. */
export async function pageFacts(db: Db, { pathname, basePath, culture, now = Date.now() }: { pathname: string; basePath: string; culture: string; now?: number }): Promise<PageFacts> {
  const prefix = `${basePath}/${culture}`;
  if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return fixedPage(`${prefix}/`, basePath, culture);
  const rest = pathname.slice(prefix.length);
  for (const route of routes) {
    const match = route.pattern.exec(rest);
    if (!match) continue;
    const translations = (await translationsOf(db, route, match, culture, now)).filter((translation) => (cultures as readonly string[]).includes(translation.culture));
    if (translations.length === 0) continue;
    const paths = new Map(translations.map((translation) => [translation.culture, route.path(translation.culture, translation, match)]));
    const current = translations.find((translation) => translation.culture === culture) ?? null;
    return { kind: route.kind, section: route.section, paths, current, indexable: true };
  }
  return fixedPage(pathname, basePath, culture);
}

/** The culture widget's links: each culture's address of the page, keeping the query; a culture without the page goes to its home. */
export function cultureLinksOf(facts: PageFacts, { basePath, search }: { basePath: string; search: string }) {
  return cultures.map((culture) => {
    const path = facts.paths.get(culture);
    return { culture, href: path ? `${basePath}${path}${search}` : `${basePath}/${culture}/`, exists: Boolean(path) };
  });
}
