import { type ImageSet, imageSet, pictures } from '../catalog/urls';
import type { VariantOptions } from '../catalog/variant-options';

/**
 * The picture of an order's (or a cart's) line as views/partials/orders/order-lines.ejs shows it: the chosen
 * variant's photo (catalog/variant-options.ts), in the cart's sizes, with {app}.
 */
export function linePicture(basePath: string): (line: { options?: VariantOptions | null }) => ImageSet {
  return (line) => imageSet(line.options?.image ?? null, pictures.cartLine, basePath);
}
