import { type Request, type Response, Router } from 'express';
import { renderPage } from '../http/render';
import { pageOrigin } from '../http/site-url';
import { type FaqCategory, loadFaq, loadFaqCategory } from './faq';
import { faqJsonLd } from './json-ld';

/** {app}/{culture}/faq (every category) and {app}/{culture}/faq/{categorySlug} (one). */
export function faqRoutes(): Router {
  const router = Router({ mergeParams: true });
  router.get('/faq', async (req, res) => {
    const categories = await loadFaq(req.app.locals.db, { culture: res.locals.culture, now: Date.now() });
    await renderFaqPage(req, res, { title: res.locals.t('Faq.Title'), categories, current: null, navigation: categories });
  });
  router.get('/faq/:categorySlug', async (req, res) => {
    const { db } = req.app.locals;
    const now = Date.now();
    const category = await loadFaqCategory(db, { culture: res.locals.culture, slug: String(req.params.categorySlug), now });
    if ('movedTo' in category) return res.redirect(301, res.locals.href(`faq/${category.movedTo}`));
    const navigation = await loadFaq(db, { culture: res.locals.culture, now });
    await renderFaqPage(req, res, { title: category.title, categories: [category], current: category, navigation });
  });
  return router;
}

interface FaqPageModel {
  title: string;
  categories: FaqCategory[];
  /** The category of a category page; null on the page of every category. */
  current: FaqCategory | null;
  /** The side navigation's categories. */
  navigation: FaqCategory[];
}

async function renderFaqPage(req: Request, res: Response, model: FaqPageModel): Promise<void> {
  const path = model.current ? `faq/${model.current.slug}` : 'faq';
  const jsonLd = faqJsonLd(model.categories, pageOrigin(req) + res.locals.href(path));
  await renderPage(req, res, 'faq/index', { ...model, jsonLd });
}
