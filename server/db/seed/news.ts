import type { Transaction } from 'kysely';
import { type Culture, cultures } from '../../config';
import { sanitizeRichText } from '../../content/rich-text';
import type { Database } from '../schema';
import { slugify } from './catalog-random';
import { newsImageHeight, newsImageWidth, newsPictureSvg } from './news-images';
import { draftTitle, futureTitle, galleryAlt, newsCategories, newsClosing, newsTitles, pictureAlt } from './news-texts';

type Tx = Transaction<Database>;
type Localised = Record<Culture, string>;

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** The post's date: the first a minute before the seed's clock, then about a week apart over six months. */
export function seedPostDate(index: number, now: number): number {
  return index === 0 ? now - minute : now - index * 7.5 * day - (index % 3) * 3 * hour;
}

interface SeedPost {
  categoryId: number;
  title: Localised;
  summary: Localised;
  postedAt: number;
  status: 'draft' | 'published';
  publishAt: number | null;
  images: number;
  seed: number;
}

/**
 * 24 published posts over the six months before `now` (every category, a gallery of 3-5 pictures on
 * every fifth), a draft and a post published only in 30 days. Deterministic for a given clock.
 */
export async function seedNews(tx: Tx, { now = Date.now() }: { now?: number } = {}): Promise<void> {
  const categoryIds = await insertCategories(tx);
  const posts: SeedPost[] = Array.from({ length: 24 }, (_, index) => {
    const category = newsCategories[index % newsCategories.length];
    const postedAt = seedPostDate(index, now);
    const gallery = index % 5 === 0 ? 3 + (index % 3) : 0;
    const title = newsTitles[category.key][Math.floor(index / newsCategories.length)];
    return { categoryId: categoryIds.get(category.key)!, title, summary: category.summary, postedAt, status: 'published', publishAt: postedAt, images: gallery, seed: index };
  });
  const house = newsCategories[0];
  posts.push({ categoryId: categoryIds.get('house')!, title: draftTitle, summary: house.summary, postedAt: now - 3 * day, status: 'draft', publishAt: null, images: 0, seed: 24 });
  posts.push({ categoryId: categoryIds.get('collections')!, title: futureTitle, summary: newsCategories[2].summary, postedAt: now + 30 * day, status: 'published', publishAt: now + 30 * day, images: 0, seed: 25 });
  for (const [position, post] of posts.entries()) await insertPost(tx, post, position, now);
}

async function insertCategories(tx: Tx): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [position, category] of newsCategories.entries()) {
    const parentId = category.parent ? ids.get(category.parent)! : null;
    const { id } = await tx.insertInto('news_categories').values({ parent_id: parentId, position }).returning('id').executeTakeFirstOrThrow();
    ids.set(category.key, id);
    await tx
      .insertInto('news_category_translations')
      .values(cultures.map((culture) => ({ category_id: id, culture, name: category.name[culture], slug: slugify(category.name[culture]) })))
      .execute();
  }
  return ids;
}

async function insertPicture(tx: Tx, name: string, seed: number, now: number): Promise<number> {
  const content = newsPictureSvg(seed);
  const { id } = await tx
    .insertInto('assets')
    .values({ name, mime: 'image/svg+xml', width: newsImageWidth, height: newsImageHeight, size: content.length, content, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function insertPost(tx: Tx, post: SeedPost, position: number, now: number): Promise<void> {
  const baseName = slugify(post.title.fr);
  const assetId = await insertPicture(tx, `news-${baseName}.svg`, post.seed * 10, now);
  const { id } = await tx
    .insertInto('news_posts')
    .values({ category_id: post.categoryId, status: post.status, publish_at: post.publishAt, unpublish_at: null, posted_at: post.postedAt, position, asset_id: assetId, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('news_post_translations')
    .values(
      cultures.map((culture) => ({
        post_id: id,
        culture,
        slug: slugify(post.title[culture]),
        title: post.title[culture],
        summary: post.summary[culture],
        body_html: sanitizeRichText(`<p><strong>${post.title[culture]}.</strong> ${post.summary[culture]}</p><p>${newsClosing[culture]}</p>`),
        image_alt: pictureAlt(culture, post.title[culture]),
      })),
    )
    .execute();
  for (let number = 1; number <= post.images; number++) {
    const pictureId = await insertPicture(tx, `news-${baseName}-${number}.svg`, post.seed * 10 + number, now);
    const image = await tx.insertInto('news_post_images').values({ post_id: id, asset_id: pictureId, position: number }).returning('id').executeTakeFirstOrThrow();
    await tx
      .insertInto('news_post_image_translations')
      .values(cultures.map((culture) => ({ image_id: image.id, culture, alt: galleryAlt(culture, post.title[culture], number, post.images) })))
      .execute();
  }
}
