import type { Db } from '../db';
import type { PriceDisplay } from '../currencies/display';
import { type ProductCard, loadProductCards } from './cards';
import { type ImageSet, imageSet, pictures } from './urls';

/** The quick view's short description: the first sentence(s), up to about this many characters. */
export const SUMMARY_LENGTH = 180;

export interface QuickView {
  card: ProductCard;
  summary: string;
  /** Larger than the card's (urls.ts pictures.quickView), with {app}. */
  imageSet: ImageSet;
}

export function summarise(description: string, length = SUMMARY_LENGTH): string {
  const text = description.replace(/\s+/g, ' ').trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const sentence = cut.lastIndexOf('. ');
  if (sentence > length / 2) return cut.slice(0, sentence + 1);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,;:.]$/, '')}…`;
}

/** What a list item's quick view shows: image, name, price, a short description and the product link. */
export async function loadQuickView(
  db: Db,
  { culture, basePath, productId, display }: { culture: string; basePath: string; productId: number; display?: PriceDisplay },
): Promise<QuickView | null> {
  const [cards, text] = await Promise.all([
    loadProductCards(db, { culture, basePath, productIds: [productId], display }),
    db.selectFrom('product_translations').select('description').where('product_id', '=', productId).where('culture', '=', culture).executeTakeFirst(),
  ]);
  if (cards.length === 0) return null;
  return { card: cards[0], summary: summarise(text?.description ?? ''), imageSet: imageSet(cards[0].image, pictures.quickView, basePath) };
}
