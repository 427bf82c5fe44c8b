// Business constants of the specification (section 9) that the browser code needs.

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const DEFAULT_ANIMATION_DELAY_MS = 10;
export const SHOP_ANIMATION_DELAY_MS = 200;

export const ANCHOR_SCROLL_DURATION_MS = 800;
export const ANCHOR_SCROLL_OFFSET_PX = -120;
export const FAQ_SCROLL_DURATION_MS = 500;
export const SCROLLSPY_OFFSET_PX = 121;

export const LINK_BLOCK_GUARD_MS = 500;

export const COPY_MESSAGE_OPEN_MS = 100;
export const COPY_MESSAGE_CLOSE_MS = 2000;
export const COPY_MESSAGE_REMOVE_MS = 2500;

export const NAVIGATION_MINIMISED_THRESHOLD_PX = 100;
export const COMPACT_BREAKPOINT_PX = 1024;

export const POPUP_OPEN_DELAY_MS = 3000;
/** Animations on entering the viewport (client/behaviours/animations.ts, static/css/furniture.css). */
export const VIEWPORT_ANIMATION_RATIO = 0.1;
/** Scroll-in starts once an element's top passes 90 % of the viewport's height, an image's 80 %. */
export const ANIMATION_START_VIEWPORT_RATIO = 0.9;
export const ANIMATION_IMAGE_START_VIEWPORT_RATIO = 0.8;
export const ANIMATION_AFTER_IMAGES_MS = 50;
export const TITLE_ANIMATION_MS = 1000;
export const TITLE_ANIMATION_STAGGER_MS = 40;
export const TITLE_ANIMATION_DELAY_MS = 200;
export const FADE_UP_ANIMATION_MS = 1000;
export const FADE_UP_RISE_PX = 50;
export const FADE_UP_STAGGER_MS = 50;
export const IMAGE_ANIMATION_START_SCALE = 1.2;
export const LOADER_ANIMATION_MS = 600;
export const MODAL_TRANSITION_MS = 300;
export const BACKDROP_TRANSITION_MS = 150;
export const TAB_TRANSITION_MS = 150;
export const COLLAPSE_TRANSITION_MS = 350;
/** The gallery overlay's slide transitions (static/css/catalog-lightbox.css). */
export const GALLERY_TRANSITION_MS = 300;
export const GALLERY_SLIDESHOW_TRANSITION_MS = 500;
export const RESIZE_DEBOUNCE_MS = 150;
/** A facet form submits this long after its last change, so several values can be ticked at once. */
export const FACET_SUBMIT_DELAY_MS = 1000;

/** The info bar's marquee: px per second unless --marquee-speed says otherwise; one pass lasts 10 to 120 s. */
export const INFO_BAR_MARQUEE_SPEED = 40;
export const INFO_BAR_MARQUEE_MIN_S = 10;
export const INFO_BAR_MARQUEE_MAX_S = 120;

/**
 * Home page sliders (spec 001 section 9), read by client/behaviours/slider-options.ts (the presets by
 * kind); the stylesheets read them as generated custom properties (--home-slider-fade, ...).
 */
export const HOME_SLIDER_AUTOPLAY_MS = 4000;
export const HOME_SLIDER_FADE_MS = 600;
export const SLIDER_SPEED_MS = 400;
export const TESTIMONY_SLIDER_SPEED_MS = 800;
/** The spec says the partners slider autoplays without a figure; one view every 3 s. */
export const PARTNER_SLIDER_AUTOPLAY_MS = 3000;
export const HOTSPOT_POPUP_HIDE_MS = 500;
/** Breakpoints of the sliders' views (min-width); the large one is COMPACT_BREAKPOINT_PX. */
export const SLIDER_SMALL_BREAKPOINT_PX = 480;
export const SLIDER_MEDIUM_BREAKPOINT_PX = 768;
