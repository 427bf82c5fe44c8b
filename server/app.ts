import './http/locals';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import express, { type Application, Router } from 'express';
import type { Config } from './config';
import { consentRoutes } from './consent/routes';
import { popupRoutes } from './popups/routes';
import { confirmRoutes } from './confirm/routes';
import { contentRoutes } from './content/routes';
import type { Db, DialectName } from './db';
import { loadAssets } from './http/assets';
import { cultureSegment, redirectToBestCulture, siteCulture } from './http/culture';
import { errorHandler, notFound } from './http/error-handler';
import { takeFlash } from './http/forms';
import { layoutModel } from './http/layout';
import { pageCache } from './http/page-cache';
import { compressAnswers } from './http/compression';
import { precompressedStatic } from './http/precompressed';
import * as cartArea from './cart/routes';
import * as couponArea from './coupons/routes';
import * as currencyArea from './currencies/routes';
import * as checkoutArea from './checkout/routes';
import * as orderArea from './orders/routes';
import * as paymentArea from './payments/routes';
import * as pickupArea from './pickup/routes';
import * as prepaidArea from './prepaid/routes';
import * as refundArea from './refunds/routes';
import { staffRefundRoutes } from './staff/refunds-routes';
import { staffToolCultureRoutes, staffToolSiteRoutes } from './staff/tools';
import { whenCatalogCachesClear } from './catalog/lists-cache';
import { type RateLimiterFactory, rateLimiters } from './http/rate-limit';
import { answerLogger, requestLog } from './http/request-log';
import type { RedisClient } from './http/redis';
import { csrfProtection, securityHeaders, sessions } from './http/security';
import { healthRoutes } from './health/routes';
import { widgetEmbedding } from './http/widget-embedding';
import { createLocalization } from './localization/i18n';
import { localizationApi } from './localization/routes';
import type { Logger } from './logger';
import { newsletterRoutes } from './newsletter/routes';
import { formsLocals } from './forms';
import { contactRoutes } from './contact/routes';
import { accountRoutes } from './accounts/routes';
import { staffOrderRoutes } from './staff/orders-routes';
import { assetRoutes } from './assets/routes';
import { assetLibraryApiRoutes, assetLibraryPageRoutes, assetLibraryUploadBodies } from './asset-library/routes';
import { twoFactorRoutes } from './accounts/two-factor/routes';
import { loadCurrentUser } from './accounts/current-user';
import { productRoutes, productSiteRoutes } from './catalog/product-routes';
import { catalogListsCultureRoutes, catalogListsSiteRoutes } from './catalog/lists-routers';
import { projectRoutes, projectSiteRoutes } from './projects/routes';
import { mapsApiRoutes } from './maps/routes';
import { newsRoutes } from './news/routes';
import { newsSiteRoutes } from './news/widget-routes';
import { createMailer, type Mailer } from './mail/mailer';
import { consentWidget } from '../widgets/consent/route';
import { cultureWidget } from '../widgets/culture/route';
import { pageBlockWidget } from '../widgets/page-block/route';
import { systemPageRoutes } from './content/system-routes';
import { wishlistApiRoutes, wishlistFormRoutes } from './wishlists/routes';
import { wishlistPageRoutes } from './wishlists/page-routes';
import { wishlistCountWidget } from '../widgets/wishlist-count/route';
import { wishlistItemsWidget } from '../widgets/wishlist-items/route';
import { birthListOwnerRoutes } from './birth-lists/owner-routes';
import { birthListSharedRoutes } from './birth-lists/shared-routes';
import { faqWidget } from '../widgets/faq/route';
import { faqRoutes } from './faq/routes';
import { seoCultureRoutes, seoSiteRoutes } from './seo/routes';
import { backOfficeRoutes } from './backoffice/routes';

const staticDir = path.resolve(__dirname, '../static');

export interface AppDependencies {
  config: Config;
  db: Db;
  dialect: DialectName;
  logger: Logger;
  redis: RedisClient | null;
  /** Defaults to nodemailer on SMTP_URL, or .eml files in DATA_DIR/outbox. */
  mailer?: Mailer;
}

/** Builds the Express app: culture + base path -> session, CSRF -> feature routes -> one error chain. */
export function createApp(deps: AppDependencies) {
  const app = express();
  const { session, rateLimit } = shareAppLocals(app, deps);
  app.set('trust proxy', deps.config.TRUST_PROXY);
  app.disable('x-powered-by');
  const site = siteRouter(app, deps, session);
  site.use('/:culture', cultureSegment, cultureRouter(app, rateLimit));
  app.use(deps.config.BASE_PATH || '/', site);
  app.use(notFound);
  app.use(errorHandler(deps.logger));
  openFrontDoor(app, deps);
  return app;
}

/**
 * A kept page for a visitor without a session goes out at the front door, ahead of Express itself
 * (server/http/page-cache.ts frontDoor), with the headers it was kept with (the security headers
 * included), logged like every answer. Express calls app.handle for every request, whatever serves the
 * app (app.listen, supertest, a node:http server), so the door sits in front of all of them.
 */
type ExpressHandle = (req: IncomingMessage, res: ServerResponse, next?: unknown) => void;

function openFrontDoor(app: Application, { config, logger }: AppDependencies): void {
  const door = app.locals.pageCache.frontDoor({ config, trustProxy: app.get('trust proxy fn'), logAnswer: answerLogger(logger) });
  const handle = (app as unknown as { handle: ExpressHandle }).handle.bind(app);
  Object.assign(app, { handle: (req: IncomingMessage, res: ServerResponse, next?: unknown) => door(req, res) || handle(req, res, next) });
}

/** What every request reaches through req.app.locals (typed in server/http/locals.ts, appLocals). */
function shareAppLocals(app: Application, deps: AppDependencies) {
  const { config, db, redis } = deps;
  const rateLimit = rateLimiters(redis);
  const session = sessions(config, db, redis);
  Object.assign(app.locals, { ...deps, localization: createLocalization(config.DEFAULT_CULTURE), rateLimit, sessionStore: session.store, layoutModel });
  app.locals.assets = loadAssets(config.BASE_PATH);
  app.locals.mailer = deps.mailer ?? createMailer(config);
  app.locals.pageCache = pageCache({ ttlMs: 30_000, maxEntries: 300 });
  whenCatalogCachesClear(db, () => app.locals.pageCache.clear());
  return { session, rateLimit };
}

// The purchase path: never kept by the page cache (its pages are per visitor and say no-store).
const salesAreas = [cartArea, couponArea, currencyArea, checkoutArea, orderArea, paymentArea, pickupArea, prepaidArea, refundArea];

/** {app}/…: plumbing in its order, then the site-level addresses (the JSON API, integrators' widgets). */
function siteRouter(app: Application, { config, logger }: AppDependencies, session: ReturnType<typeof sessions>): Router {
  const site = Router();
  site.use(securityHeaders(config));
  site.use(healthRoutes());
  // Built files carry a content hash, so they never change; the rest may, so it is kept an hour.
  // Text files go out as their build-time brotli or gzip twin (server/http/precompressed.ts).
  site.use('/static/dist', precompressedStatic(path.join(staticDir, 'dist'), { immutable: true, maxAge: '365d', index: false }));
  site.use('/static', precompressedStatic(staticDir, { maxAge: '1h', index: false }));
  site.use(assetRoutes(config));
  site.use(requestLog(logger));
  // Every answer after this over 1 KB of HTML, JSON or XML travels compressed (kept pages are compressed
  // once per encoding by the page cache itself).
  site.use(compressAnswers());
  // robots.txt and the sitemaps (server/seo): public, before the session, which must not see them.
  site.use(seoSiteRoutes());
  // Widget fragments for other sites: CORS for WIDGET_ORIGINS, no cookie in or out when asked cross-origin,
  // Vary: Origin and revalidation (server/http/widget-embedding.ts). Before the session, which must not see them.
  site.use(['/widget', '/:culture/widget'], widgetEmbedding(config.WIDGET_ORIGINS));
  site.use(localizationApi(app.locals.localization));
  site.use(express.urlencoded({ extended: false, limit: '100kb' }), express.json({ limit: '100kb' }));
  // The asset library's multipart uploads, read before the CSRF check so a form without JS can carry _csrf
  // (and only for an editor's session: it runs the session middleware itself, which then runs once).
  site.use(assetLibraryUploadBodies(session.middleware));
  site.use(formsLocals);
  // Payment provider notifications: signed by HMAC, without session or CSRF token (server/payments/routes.ts).
  site.use(paymentArea.notificationRoutes());
  site.use(session.middleware, ...csrfProtection(), takeFlash, loadCurrentUser());
  site.use(app.locals.pageCache.serveKept());
  site.use('/api/', app.locals.rateLimit({ name: 'api', windowMs: 60_000, limit: 300 }));
  site.get('/', redirectToBestCulture);
  // Site-level addresses without a {culture} segment (the JSON API, integrators' widget URLs) speak the
  // culture of ?culture=, the asking page (Referer) or Accept-Language; under /{culture}/ the segment decides.
  site.use(['/api', '/widget'], siteCulture);
  site.use(assetLibraryApiRoutes());
  for (const area of salesAreas) site.use(area.siteRoutes());
  site.use(staffToolSiteRoutes());
  site.use(wishlistApiRoutes());
  // Catalog and content widgets asked with ?culture= are the same for every visitor not signed in: kept 30 s.
  site.use('/widget', app.locals.pageCache.keepSiteWidgets);
  site.use(productSiteRoutes());
  site.use(catalogListsSiteRoutes());
  site.use(projectSiteRoutes(), mapsApiRoutes());
  site.use(newsSiteRoutes());
  site.use(pageBlockWidget());
  // {site}/widget/faq/… and {app}/{culture}/widget/faq/…: before the {culture} router, so an unknown culture is a 400.
  site.use(faqWidget());
  return site;
}

/** {app}/{culture}/…: every page and culture-level widget; catalog and content pages last, behind the page cache. */
function cultureRouter(app: Application, rateLimit: RateLimiterFactory): Router {
  const culture = Router({ mergeParams: true });
  culture.use(wishlistCountWidget());
  culture.use(accountRoutes(rateLimit));
  culture.use(staffOrderRoutes());
  culture.use(staffRefundRoutes(), staffToolCultureRoutes());
  culture.use(assetLibraryPageRoutes());
  culture.use(twoFactorRoutes(rateLimit));
  culture.use(cultureWidget(), seoCultureRoutes());
  culture.use(newsletterRoutes());
  culture.use(contactRoutes(rateLimit));
  culture.use(consentRoutes());
  culture.use(consentWidget());
  culture.use(popupRoutes(), confirmRoutes());
  culture.use(systemPageRoutes());
  for (const area of salesAreas) culture.use(area.cultureRoutes());
  culture.use(wishlistPageRoutes(), wishlistItemsWidget(), wishlistFormRoutes());
  culture.use(birthListOwnerRoutes(), birthListSharedRoutes());
  // The back office and preview links (server/backoffice/routes.ts): never kept by the page cache.
  culture.use(backOfficeRoutes());
  // Catalog and content pages below are the same for every visitor who is not signed in: kept 30 s.
  culture.use(app.locals.pageCache.keepAnswers);
  culture.use(productRoutes());
  culture.use(catalogListsCultureRoutes());
  culture.use(projectRoutes());
  culture.use(newsRoutes());
  culture.use(faqRoutes());
  culture.use(pageBlockWidget());
  culture.use(contentRoutes());
  return culture;
}
