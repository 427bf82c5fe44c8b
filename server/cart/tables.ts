import type { ColumnType, Generated } from 'kysely';

type Timestamp = number | string;
type Flag = number;

/**
 * Cart and sales reference tables (migration 006): carts, cart_items, countries, shipping methods, cities.
 * Money is integer cents; VAT rates are basis points (2000 = 20 %).
 */
export interface CartTables {
  carts: {
    id: Generated<number>;
    /** The `cart` cookie's random value (a visitor's cart); a signed-in customer's cart is also found by user_id. */
    token: string;
    user_id: number | null;
    currency: string;
    shipping_country_id: number | null;
    billing_country_id: number | null;
    city_id: number | null;
    shipping_method_id: number | null;
    coupon_code: string | null;
    /** JSON of the saved-pickup-point payload (pickup helper). */
    pickup_point: string | null;
    vat_number: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  cart_items: {
    id: Generated<number>;
    cart_id: number;
    variant_id: number;
    quantity: number;
    origin: ColumnType<string, string | undefined, string>;
    /** '' = no key (kept not null so unique(cart_id, variant_id, item_key) holds). */
    item_key: ColumnType<string, string | undefined, string>;
    created_at: Timestamp;
  };
  countries: { id: Generated<number>; code: string; vat_rate_bp: number; is_eu: Flag; position: number };
  country_translations: { country_id: number; culture: string; name: string };
  shipping_methods: {
    id: Generated<number>;
    code: string;
    carrier: 'none' | 'static';
    price_incl_cents: number;
    price_excl_cents: number;
    currency: string;
    /** Free shipping from this tax-incl subtotal (same currency); null = never free. */
    free_from_cents: number | null;
    position: number;
  };
  shipping_method_translations: { shipping_method_id: number; culture: string; name: string; description: string };
  shipping_method_countries: { shipping_method_id: number; country_id: number };
  cities: { id: Generated<number>; country_id: number; postal_code: string; name: string };
}
