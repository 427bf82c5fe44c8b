import { Router } from 'express';
import { optionalId, requiredId } from '../../server/shared/ids';
import { findProduct } from '../../server/catalog/product-data';
import { lightboxCss, photosGalleryModel } from '../../server/catalog/product-fragments';
import { listProductImages } from '../../server/catalog/product-images';
import { readProductSettings } from '../../server/catalog/product-settings';
import { findActiveVariant } from '../../server/catalog/variants-data';
import { NotFound } from '../../server/http/errors';
import { renderWidget } from '../../server/http/render';

/** GET …/widget/catalog/ProductPhotosGallery?productId&productVariantId: the gallery for that variant, alone. */
export function photosGalleryWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/catalog/ProductPhotosGallery', async (req, res) => {
    const { db } = req.app.locals;
    const productId = requiredId(req.query.productId, 'productId');
    const variantId = optionalId(req.query.productVariantId, 'productVariantId');
    const [product, variant, images, settings] = await Promise.all([
      findProduct(db, { culture: res.locals.culture, productId }),
      variantId === null ? null : findActiveVariant(db, { variantId, productId }),
      listProductImages(db, { productId }),
      readProductSettings(db),
    ]);
    if (!product || (variantId !== null && !variant)) throw new NotFound();
    const { basePath } = res.locals;
    const gallery = photosGalleryModel({
      basePath, productId, productName: product.name, variant, photos: images.photos, lightboxCss: lightboxCss(req.app.locals.assets), slides: settings.gallerySlides,
    });
    await renderWidget(req, res, 'catalog-photos-gallery', { gallery });
  });
  return router;
}
