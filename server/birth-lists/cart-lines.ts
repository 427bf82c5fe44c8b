// How a cart line says it was bought from a birth list: ItemOrigin 'BirthList' and ItemKey
// 'birthlist:{id}' (the cart's order-origin fields); the order placement copies the id onto the order
// line (order_lines.birth_list_id), from which the bought quantities are counted.

export const BIRTH_LIST_ORIGIN = 'BirthList';

export const birthListItemKey = (birthListId: number) => `birthlist:${birthListId}`;

/**
 * The birth list a line was bought from, or null: an order summary's lines are the cart's (CartLine,
 * with origin and itemKey) when placed from a cart, so the order placement asks each line.
 */
export function birthListOfLine(line: object): number | null {
  const { origin, itemKey } = line as { origin?: unknown; itemKey?: unknown };
  if (origin !== BIRTH_LIST_ORIGIN || typeof itemKey !== 'string') return null;
  const match = /^birthlist:([1-9]\d{0,8})$/.exec(itemKey);
  return match ? Number(match[1]) : null;
}
