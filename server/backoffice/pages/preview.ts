// A page's preview ({culture}/preview/{token}, server/backoffice/preview.ts): the page as it is now, in
// any state, on the visitor's own templates (views/pages/page.ejs, or home.ejs for the home page), in
// the culture of the address; its pagination links stay on the preview. Null when the page has no
// translation in that culture.
import type { Request, Response } from 'express';
import { findEditorPage } from '../../content/editor-data';
import { homePreload, loadHome } from '../../content/home';
import { blockContext, pageViewOf } from '../../content/pages';
import { renderPage } from '../../http/render';
import { pageNumberOf } from '../../shared/paging';
import { registerPreview } from '../preview';

async function renderPagePreview(req: Request, res: Response, pageId: number): Promise<boolean> {
  const context = blockContext(req, res);
  const found = await findEditorPage(context.db, { pageId });
  const texts = found?.translations[context.culture];
  if (!found || !texts) return false;
  const page = { id: found.id, key: found.key, isHome: found.isHome, slug: texts.slug, title: texts.title, summary: texts.summary, bodyHtml: texts.bodyHtml };
  const address = req.originalUrl.split('?')[0];
  const view = await pageViewOf(context, page, { pageIndex: pageNumberOf(req.query.pageindex, 'pageindex'), logger: req.app.locals.logger, address });
  if (!view) return false;
  if (!page.isHome) await renderPage(req, res, 'page', { title: page.title, ...view });
  else {
    const home = await loadHome(context);
    await renderPage(req, res, 'home', { title: '', ...view, home, preloadImage: homePreload(home) });
  }
  return true;
}

registerPreview({ entity: 'page', table: 'pages' }, renderPagePreview);
