import type { Generated } from 'kysely';
import type { AccountTables } from '../accounts/tables';
import type { CatalogTables } from '../catalog/tables';
import type { CartTables } from '../cart/tables';
import type { ContactTables } from '../contact/tables';
import type { ContentTables } from '../content/tables';
import type { CouponTables } from '../coupons/tables';
import type { OrderTables } from '../orders/tables';
import type { PaymentTables } from '../payments/tables';
import type { PrepaidTables } from '../prepaid/tables';
import type { RefundTables } from '../refunds/tables';
import type { AuditTables } from '../audit/tables';
import type { WishlistTables } from '../wishlists/tables';
import type { BirthListTables } from '../birth-lists/tables';
import type { NewsTables } from '../news/tables';
import type { FaqTables } from '../faq/tables';
import type { ProjectTables } from '../projects/tables';
import type { AssetLibraryTables } from '../asset-library/tables';
import type { PopupTables } from '../popups/tables';
import type { HomeTables } from '../home/tables';
import type { BackOfficeTables } from '../backoffice/tables';
import type { MenuTables } from '../menus/tables';
import type { JobTables } from '../cluster/tables';

/** Site and shell tables (migrations 001, 002). */
interface SiteTables {
  site_settings: { key: string; value: string };
  /** status, publish_at, unpublish_at: server/content/publishing.ts (migration 015). */
  pages: {
    id: Generated<number>;
    page_key: string;
    is_home: number;
    position: number;
    status: Generated<string>;
    publish_at: number | string | null;
    unpublish_at: number | string | null;
    /** Optimistic concurrency (migration 019, server/backoffice/revisions.ts). */
    version: Generated<number>;
  };
  page_translations: {
    page_id: number;
    culture: string;
    slug: string;
    title: string;
    summary: string;
    body_html: string;
  };
  navigation_items: { id: Generated<number>; parent_id: number | null; page_id: number | null; position: number };
  navigation_item_translations: { item_id: number; culture: string; label: string; url: string | null };
  newsletter_subscriptions: { id: Generated<number>; email: string; culture: string; created_at: number | string };
  sessions: { sid: string; data: string; expires_at: number | string };
}

/**
 * Every table, by feature: each feature declares its own in its folder (tables.ts).
 * Timestamps are epoch milliseconds in a bigint column on both databases (see normalise.ts).
 */
export interface Database extends SiteTables, AccountTables, CatalogTables, ContactTables, CartTables, CouponTables, OrderTables, PaymentTables, PrepaidTables, RefundTables, AuditTables, FaqTables, NewsTables, ProjectTables, WishlistTables, BirthListTables, ContentTables, PopupTables, BackOfficeTables, AssetLibraryTables, HomeTables, MenuTables, JobTables {}
