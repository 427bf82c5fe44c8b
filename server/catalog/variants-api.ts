import type { TFunction } from 'i18next';
import type { Request, Response } from 'express';
import { type PriceDisplay, taxedPriceDisplayOf } from '../currencies/display';
import type { Db } from '../db';
import { NotFound } from '../http/errors';
import { variantAnswer, type VariantAnswer } from './product-answer';
import { findProduct } from './product-data';
import { requiredId } from '../shared/ids';
import { selectionInput } from './product-input';
import { type SelectionInput, selectVariant } from './product-selection';
import { listTiers } from './product-tiers';
import { loadVariation } from './variants-data';

/** The variant chosen by attribute values (or id) and quantity, as the productvariants answer; null for an unknown product. */
export async function loadVariantAnswer(
  db: Db,
  {
    culture, productId, input, t, display, now = Date.now(),
  }: { culture: string; productId: number; input: SelectionInput; t: TFunction; display?: PriceDisplay; now?: number },
): Promise<VariantAnswer | null> {
  const [product, variation] = await Promise.all([findProduct(db, { culture, productId }), loadVariation(db, { culture, productId })]);
  if (!product) return null;
  const selection = selectVariant(product, variation, input, now);
  const tiers = selection.variant ? await listTiers(db, { variantId: selection.variant.id }) : [];
  return variantAnswer({ product, selection, tiers, culture, t, display });
}

/**
 * GET {app}/api/v1/catalog/products/{productId}/productvariants?VariantValueId1=..&Quantity=..
 * A non-numeric productId or value id is a 400 naming the field; an unknown or inactive product 404.
 */
export async function productVariantsApi(req: Request, res: Response): Promise<void> {
  const productId = requiredId(req.params.productId, 'productId');
  const input = selectionInput(req.query as Record<string, unknown>);
  const display = await taxedPriceDisplayOf(req, res);
  const answer = await loadVariantAnswer(req.app.locals.db, { culture: res.locals.culture, productId, input, t: res.locals.t, display });
  if (!answer) throw new NotFound();
  // The prices follow the visitor's currency cookie and their cart's tax country (its cookie).
  res.set('Cache-Control', 'no-cache').vary('Cookie').json(answer);
}
