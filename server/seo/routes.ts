import { type Request, Router } from 'express';
import { pageOrigin } from '../http/site-url';
import { robotsTxt } from './robots';
import { SECTIONS, type SitemapSection, sectionSitemap, sitemapIndexOfAll } from './sitemaps';
import { backgroundColor, themeColor } from './theme';

const siteUrl = (req: Request) => `${pageOrigin(req)}${req.app.locals.config.BASE_PATH}`;
const PUBLIC_HOUR = 'public, max-age=3600';

/** {app}/robots.txt, {app}/sitemap.xml (the index of every sitemap) and {app}/sitemap-{section}.xml. */
export function seoSiteRoutes(): Router {
  const router = Router();
  router.get('/robots.txt', (req, res) => {
    res.type('text/plain').set('Cache-Control', PUBLIC_HOUR).send(robotsTxt({ basePath: req.app.locals.config.BASE_PATH, siteUrl: siteUrl(req) }));
  });
  router.get('/sitemap.xml', async (req, res) => {
    res.type('application/xml').set('Cache-Control', PUBLIC_HOUR).send(await sitemapIndexOfAll(req.app.locals.db, { siteUrl: siteUrl(req) }));
  });
  router.get('/sitemap-:section.xml', async (req, res, next) => {
    const section = req.params.section as SitemapSection;
    if (!SECTIONS.includes(section)) return next();
    res.type('application/xml').set('Cache-Control', PUBLIC_HOUR).send(await sectionSitemap(req.app.locals.db, { section, siteUrl: siteUrl(req) }));
  });
  return router;
}

/** {app}/{culture}/manifest.webmanifest: the web app manifest in the culture (name, icons, theme colour of the design tokens). */
export function seoCultureRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/manifest.webmanifest', (req, res) => {
    const { t, basePath, culture } = res.locals;
    const icon = (size: number) => ({ src: `${basePath}/static/images/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png' });
    res.type('application/manifest+json').set('Cache-Control', PUBLIC_HOUR).send(
      JSON.stringify({
        name: t('Core.SiteName'),
        short_name: t('Core.SiteName'),
        description: t('Seo.ManifestDescription'),
        lang: culture,
        start_url: `${basePath}/${culture}/`,
        scope: `${basePath}/`,
        display: 'browser',
        theme_color: themeColor,
        background_color: backgroundColor,
        icons: [
          { src: `${basePath}/static/images/favicon.svg`, sizes: 'any', type: 'image/svg+xml' },
          icon(192),
          icon(512),
          { ...icon(512), purpose: 'maskable' },
        ],
      }),
    );
  });
  return router;
}
