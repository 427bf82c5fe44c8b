import { type Asset, type ImageSet, imageSet, pictures } from '../catalog/urls';

/**
 * The pictures of content blocks, drawn by the renditions pipeline ({app}/assets/{id}/{w}x{h}/{name});
 * their sizes are declared with the others in server/catalog/urls.ts `pictures` (the only sizes the
 * image route draws).
 */
export const contentPictures = {
  /** An image block, a banner: 16:9 from a phone to a wide screen. */
  wide: pictures.contentWide,
  /** A gallery's thumbnails: square. */
  thumb: pictures.galleryMain,
  /** A gallery photo in the lightbox. */
  large: pictures.galleryLarge,
  /** A video's poster. */
  poster: pictures.contentWide,
  /** A department on the home page. */
  department: pictures.card,
};

export type ContentPicture = keyof typeof contentPictures;

/** A picture of the content pages: src and srcset with {app}, its intrinsic width and height. */
export interface ContentImage extends ImageSet {
  width: number;
  height: number;
}

export function contentImage(asset: Asset | null, picture: ContentPicture, basePath: string): ContentImage {
  const shape = contentPictures[picture];
  const width = 'width' in shape && shape.width ? shape.width : shape.widths[0];
  const aspect = 'aspect' in shape && shape.aspect ? shape.aspect : 1;
  return { ...imageSet(asset, shape, basePath), width, height: Math.round(width * aspect) };
}
