// robots.txt: every page a visitor's session makes (account, cart, checkout, orders, back office, staff
// tools), fragments and the JSON API are left out; so are the catalog's search results and filtered or
// sorted lists (each is a variant of a list that is crawled; their pages say noindex too). docs/seo.md.

const PRIVATE_SECTIONS = [
  'account', 'security', 'shoppingcarts', 'checkout', 'orders', 'sales', 'payments', 'shippings', 'staff', 'backoffice', 'preview',
  'birthlists', 'catalog/wishlist', 'customer', 'system', 'consent', 'currency', 'newsletter', 'popups', 'widget', 'api',
];

export function robotsTxt({ basePath, siteUrl }: { basePath: string; siteUrl: string }): string {
  const lines = [
    'User-agent: *',
    `Allow: ${basePath}/`,
    `Disallow: ${basePath}/api/`,
    `Disallow: ${basePath}/widget/`,
    ...PRIVATE_SECTIONS.map((section) => `Disallow: ${basePath}/*/${section}/`),
    ...PRIVATE_SECTIONS.map((section) => `Disallow: ${basePath}/*/${section}$`),
    `Disallow: ${basePath}/*/catalog?q=`,
    `Disallow: ${basePath}/*/catalog*?*filter=`,
    `Disallow: ${basePath}/*/catalog*?*sort=`,
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ];
  return lines.join('\n');
}
