import { NotFound } from '../http/errors';
import { loadCategory, loadPosts, type NewsRequest } from './pages';
import { newsCategoryFeedPath, newsCategoryPath, newsFeedPath, newsPath } from './paths';

// RSS 2.0 feeds per culture and per category (with its children): the 20 newest visible posts.

export const FEED_ITEMS = 20;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!);

export interface FeedRequest extends NewsRequest {
  /** Scheme and host ({app} is in basePath): feed links are absolute. */
  origin: string;
  title: (category: string | null) => string;
  description: string;
}

interface FeedItem {
  title: string;
  href: string;
  summary: string;
  dateTime: string;
}

function rss({ title, link, self, description, language, items }: { title: string; link: string; self: string; description: string; language: string; items: FeedItem[] }): string {
  const entries = items.map((item) =>
    `<item><title>${escapeXml(item.title)}</title><link>${escapeXml(item.href)}</link><guid isPermaLink="true">${escapeXml(item.href)}</guid>` +
      `<pubDate>${new Date(item.dateTime).toUTCString()}</pubDate><description>${escapeXml(item.summary)}</description></item>`,
  );
  return '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>' +
    `<title>${escapeXml(title)}</title><link>${escapeXml(link)}</link><description>${escapeXml(description)}</description>` +
    `<language>${language}</language><atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>${entries.join('')}</channel></rss>\n`;
}

/** The feed of every category, or of one (by its slug in the culture) with its children; null slug: all. */
export async function buildFeed(request: FeedRequest, slug: string | null): Promise<string> {
  const category = slug === null ? null : await loadCategory(request, slug);
  if (slug !== null && (!category || 'redirect' in category)) throw new NotFound();
  const found = category && 'found' in category ? category.found : null;
  const { posts } = await loadPosts(request, {
    categoryIds: found ? [found.id] : null, displayChildren: true, page: 1, pageSize: FEED_ITEMS, pageHref: () => '',
  });
  const absolute = (path: string) => request.origin + request.basePath + path;
  return rss({
    title: request.title(found?.name ?? null),
    link: absolute(found ? newsCategoryPath(request.culture, found.slug) : newsPath(request.culture)),
    self: absolute(found ? newsCategoryFeedPath(request.culture, found.slug) : newsFeedPath(request.culture)),
    description: request.description,
    language: request.culture,
    items: posts.map((post) => ({ title: post.title, href: request.origin + post.href, summary: post.summary, dateTime: post.dateTime })),
  });
}
