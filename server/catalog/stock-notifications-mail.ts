import type { Culture } from '../config';
import type { Db } from '../db';
import type { Localization } from '../localization/i18n';
import type { Mailer } from '../mail/mailer';
import { findProduct, type ProductRecord } from './product-data';
import type { StockNotifier } from './stock-notifications';
import { productPath } from './urls';

/**
 * The back-in-stock mail, in the subscriber's culture, with a link to the product page showing the
 * variant. siteUrl is the shop's absolute address including {app} (e.g. https://shop.example/shop).
 * The product is read once per culture for all the subscribers of one restock.
 */
export function stockNotifier({ db, mailer, localization, siteUrl }: { db: Db; mailer: Mailer; localization: Localization; siteUrl: string }): StockNotifier {
  return (variant) => {
    const products = new Map<string, Promise<ProductRecord | null>>();
    const productIn = (culture: string) => {
      if (!products.has(culture)) products.set(culture, findProduct(db, { culture, productId: variant.productId }));
      return products.get(culture)!;
    };
    return async (subscription) => {
      const culture = subscription.culture as Culture;
      const t = localization.translator(culture);
      const product = await productIn(culture);
      const name = product?.name ?? variant.sku;
      const url = product ? `${siteUrl}${productPath(culture, product.id, product.slug)}?productVariantId=${variant.id}` : siteUrl;
      await mailer.send({
        to: subscription.email,
        subject: t('Catalog.StockNotification.MailSubject', { name }),
        text: t('Catalog.StockNotification.MailBody', { name, sku: variant.sku, url }),
      });
    };
  };
}
