import type { ColumnType, Generated } from 'kysely';

type Timestamp = number | string;

/**
 * Birth lists (migration 016): an owner's list for a child (name, ISO birth date), shared by an
 * unguessable token; each variant once with the quantity wished. What was bought is counted from the
 * paid order lines that name the list (order_lines.birth_list_id).
 */
export interface BirthListTables {
  birth_lists: {
    id: Generated<number>;
    user_id: number;
    token: string;
    child_name: string;
    birth_date: string;
    message: ColumnType<string, string | undefined, string>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  birth_list_items: {
    id: Generated<number>;
    birth_list_id: number;
    variant_id: number;
    quantity: number;
    created_at: Timestamp;
  };
}
