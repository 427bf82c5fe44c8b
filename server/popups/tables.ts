import type { Generated } from 'kysely';

/** Popups, banners and info bars (migration 022_popups); times are epoch ms, cultures a comma list ('' = all). */
export interface PopupTables {
  popups: {
    id: Generated<number>;
    kind: PopupKind;
    starts_at: number | string;
    ends_at: number | string;
    cultures: Generated<string>;
    countdown_end: number | string | null;
    dismissible: Generated<number>;
    link_page_id: number | null;
    link_product_id: number | null;
    version: Generated<number>;
    position: Generated<number>;
    created_at: number | string;
    updated_at: number | string;
  };
  popup_translations: {
    popup_id: number;
    culture: string;
    title: Generated<string>;
    text: Generated<string>;
    link_url: Generated<string>;
    link_label: Generated<string>;
    asset_id: number | null;
  };
}

export const popupKinds = ['popup', 'banner', 'infobar'] as const;
export type PopupKind = (typeof popupKinds)[number];
