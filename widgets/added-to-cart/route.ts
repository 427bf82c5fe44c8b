import { Router } from 'express';
import { loadSummary } from '../../server/cart/actions';
import { parseAddedQuery } from '../../server/cart/input';
import { addedToCartModel } from '../../server/cart/view';
import { optionsPicture } from '../../server/catalog/variant-options';
import { renderWidget } from '../../server/http/render';

/**
 * GET {app}/{culture}/widget/addedtocart?item={ItemId}&quantity={Quantity}[&changed=1][&name=…]: the
 * confirmation of an add to cart, from the cart as it is now; the add-to-cart behaviour asks for it with the
 * add-to-cart answer's fields and shows it in a dialog.
 */
export function addedToCartWidget(): Router {
  const router = Router({ mergeParams: true });
  router.get('/widget/addedtocart', async (req, res) => {
    const query = parseAddedQuery(req.query);
    const loaded = await loadSummary(req, res);
    res.set('Cache-Control', 'no-store');
    const options = loaded?.summary.lines.find((line) => line.id === query.itemId)?.options ?? null;
    const chosen = { options: options?.text ?? '', picture: options ? optionsPicture(options, res.locals.basePath) : null };
    await renderWidget(req, res, 'added-to-cart', { added: { ...addedToCartModel(res, loaded?.summary ?? null, query), ...chosen } });
  });
  return router;
}
