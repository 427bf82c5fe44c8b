import { scriptSafeJson } from '../catalog/product-jsonld';

// schema.org data for search engines, printed by views/partials/seo/head.ejs in
// <script type="application/ld+json"> data blocks (data, not script, for the CSP).

export interface Crumb {
  name: string;
  /** Absolute address. */
  url: string;
}

export interface SiteFacts {
  name: string;
  /** Absolute address of the culture's home page. */
  homeUrl: string;
  /** Absolute address of the logo (the 512 px icon). */
  logoUrl: string;
  /** Absolute search address with {search_term_string} where the words go. */
  searchUrlTemplate: string;
  culture: string;
}

export function organization(site: SiteFacts) {
  return { '@context': 'https://schema.org', '@type': 'Organization', name: site.name, url: site.homeUrl, logo: site.logoUrl };
}

export function webSite(site: SiteFacts) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: site.name,
    url: site.homeUrl,
    inLanguage: site.culture,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: site.searchUrlTemplate },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function breadcrumbList(crumbs: Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

export function article(input: { headline: string; description: string; url: string; image: string; datePublished: number | null; site: SiteFacts }) {
  const publisher = { '@type': 'Organization', name: input.site.name, logo: { '@type': 'ImageObject', url: input.site.logoUrl } };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: input.headline.slice(0, 110),
    description: input.description,
    url: input.url,
    mainEntityOfPage: input.url,
    image: [input.image],
    inLanguage: input.site.culture,
    ...(input.datePublished === null ? {} : { datePublished: new Date(input.datePublished).toISOString() }),
    author: { '@type': 'Organization', name: input.site.name, url: input.site.homeUrl },
    publisher,
  };
}

export const jsonLdBlock = (value: unknown): string => scriptSafeJson(value);
