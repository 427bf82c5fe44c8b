import type { Generated } from 'kysely';

type Timestamp = number | string;

/**
 * Home page merchandising (migration 023_home): banner sliders and their slides (the home slider is the
 * banner 'hero'), partners, testimonies, and image-map banners with their hotspots. Texts per culture;
 * times are epoch ms (null: no bound); a target product deleted leaves its slide without a link.
 */
export interface HomeTables {
  home_banners: {
    id: Generated<number>;
    /** Edits counted (migration 024, the back office's conflict check). */
    version: Generated<number>;
    /** 'hero' (the home slider, fade) or 'collection' (the new-collection banner slider). */
    banner_key: string;
    /** Autoplay duration of a banner slider; null: no autoplay (the hero uses the spec's 4000 ms). */
    autoplay_ms: number | null;
    position: number;
  };
  home_slides: {
    id: Generated<number>;
    /** Edits counted (migration 024, the back office's conflict check). */
    version: Generated<number>;
    banner_id: number;
    asset_id: number | null;
    /** A banner video (muted, looping), shown over the picture (its poster). */
    video_url: string | null;
    product_id: number | null;
    /** A link below {app} ("/fr/catalog") or absolute; used when there is no product. */
    link_url: string | null;
    position: number;
    starts_at: Timestamp | null;
    ends_at: Timestamp | null;
  };
  home_slide_translations: {
    slide_id: number;
    culture: string;
    title: string;
    text: string;
    link_label: string;
    image_alt: string;
  };
  home_partners: {
    id: Generated<number>;
    /** Edits counted (migration 024, the back office's conflict check). */
    version: Generated<number>;
    asset_id: number | null;
    name: string;
    url: string;
    position: number;
  };
  home_testimonies: {
    id: Generated<number>;
    /** Edits counted (migration 024, the back office's conflict check). */
    version: Generated<number>;
    author: string;
    position: number;
  };
  home_testimony_translations: {
    testimony_id: number;
    culture: string;
    text: string;
    /** Where the author comes from or what they bought ("Lyon", "Cliente depuis 2019"). */
    author_detail: string;
  };
  image_map_banners: {
    id: Generated<number>;
    /** Edits counted (migration 024, the back office's conflict check). */
    version: Generated<number>;
    asset_id: number | null;
    position: number;
  };
  image_map_banner_translations: {
    banner_id: number;
    culture: string;
    title: string;
    image_alt: string;
  };
  image_map_hotspots: {
    id: Generated<number>;
    /** Edits counted (migration 024, the back office's conflict check). */
    version: Generated<number>;
    banner_id: number;
    /** Position on the picture, in percent of its width and height (0 to 100). */
    x_percent: number;
    y_percent: number;
    product_id: number | null;
    link_url: string | null;
    position: number;
  };
  image_map_hotspot_translations: {
    hotspot_id: number;
    culture: string;
    title: string;
    text: string;
  };
}
