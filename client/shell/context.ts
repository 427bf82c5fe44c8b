// The page context the layout writes on <html>: application prefix and culture.

export interface PageContext {
  basePath: string;
  culture: string;
}

export function pageContext(root: HTMLElement = document.documentElement): PageContext {
  const culture = root.dataset.culture;
  if (!culture) throw new Error('Missing page context: <html data-culture> is not set');
  const basePath = (root.dataset.basePath ?? '').replace(/\/+$/, '');
  return { basePath, culture };
}

export function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}

export function isHomepage(url: URL, context: PageContext): boolean {
  const home = `${context.basePath}/${context.culture}`;
  return url.pathname === home || url.pathname === `${home}/`;
}

export function updatePageClass(url: URL, context: PageContext = pageContext()): void {
  const homepage = isHomepage(url, context);
  document.body.classList.toggle('homepage', homepage);
  document.body.classList.toggle('page', !homepage);
}
