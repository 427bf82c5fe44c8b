import { imageSet, pictures } from '../catalog/urls';
import { shopDateFormat } from '../shared/time-zone';
import type { NewsCard, NewsCategory, NewsPicture, NewsPost } from './data';
import { newsCategoryPath, newsPostPath } from './paths';

// What the news templates print: addresses with {app}, dates formatted in the culture, image sets.

export interface PictureView {
  src: string;
  srcset: string;
  alt: string;
  /** The large rendition the lightbox opens. */
  large: string;
}

export interface CardView {
  id: number;
  title: string;
  summary: string;
  href: string;
  date: string;
  dateTime: string;
  category: { name: string; href: string } | null;
  picture: PictureView | null;
}

export interface PostView extends CardView {
  bodyHtml: string;
  gallery: PictureView[];
}

export interface Presenter {
  culture: string;
  basePath: string;
  categories: Map<number, NewsCategory>;
}

function pictureView(picture: NewsPicture, basePath: string, shape: keyof typeof pictures): PictureView {
  const set = imageSet(picture, pictures[shape], basePath);
  return { ...set, alt: picture.alt, large: imageSet(picture, pictures.galleryLarge, basePath).src };
}

export function cardView(card: NewsCard, { culture, basePath, categories }: Presenter): CardView {
  const category = categories.get(card.categoryId);
  return {
    id: card.id,
    title: card.title,
    summary: card.summary,
    href: basePath + newsPostPath(culture, card.slug),
    date: shopDateFormat(culture, { dateStyle: 'long' }).format(card.postedAt),
    dateTime: new Date(card.postedAt).toISOString(),
    category: category ? { name: category.name, href: basePath + newsCategoryPath(culture, category.slug) } : null,
    picture: card.picture ? pictureView(card.picture, basePath, 'card') : null,
  };
}

export function postView(post: NewsPost, presenter: Presenter): PostView {
  return {
    ...cardView(post, presenter),
    picture: post.picture ? pictureView(post.picture, presenter.basePath, 'galleryMain') : null,
    bodyHtml: post.bodyHtml,
    gallery: post.gallery.map((picture) => pictureView(picture, presenter.basePath, 'card')),
  };
}
