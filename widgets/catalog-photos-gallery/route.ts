import { Router } from 'express';
import { findProduct } from '../../server/catalog/product-data';
import { lightboxCss, photosGalleryModel } from '../../server/catalog/product-fragments';
import { optionalId, requiredId } from '../../server/catalog/product-input';
import { findVariant } from '../../server/catalog/variants-data';
import { NotFound } from '../../server/http/errors';
import { renderWidget } from '../../server/http/render';

/** GET …/widget/catalog/ProductPhotosGallery?productId&productVariantId: the gallery for that variant, alone. */
export function photosGalleryWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/catalog/ProductPhotosGallery', async (req, res) => {
    const { db, config } = req.app.locals;
    const productId = requiredId(req.query.productId, 'productId');
    const variantId = optionalId(req.query.productVariantId, 'productVariantId');
    const product = await findProduct(db, { culture: res.locals.culture, productId });
    const variant = variantId === null ? null : await findVariant(db, { variantId, productId });
    if (!product || (variantId !== null && !variant?.isActive)) throw new NotFound();
    const gallery = await photosGalleryModel(db, {
      basePath: config.BASE_PATH,
      productId,
      productName: product.name,
      variant,
      lightboxCss: lightboxCss(req.app.locals.assets),
    });
    await renderWidget(req, res, 'catalog-photos-gallery', { gallery });
  });
  return router;
}
