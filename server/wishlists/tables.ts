import type { ColumnType, Generated } from 'kysely';

type Timestamp = number | string;

/** Wishlists (migration 016): a customer's named lists, each variant once with its desired quantity. */
export interface WishlistTables {
  wishlists: {
    id: Generated<number>;
    user_id: number;
    name: string;
    description: ColumnType<string, string | undefined, string>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  wishlist_items: {
    id: Generated<number>;
    wishlist_id: number;
    variant_id: number;
    quantity: number;
    created_at: Timestamp;
  };
}
