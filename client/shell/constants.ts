// Business constants of the specification (section 9) that the browser code needs.

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const DEFAULT_ANIMATION_DELAY_MS = 10;

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
export const VIEWPORT_ANIMATION_RATIO = 0.1;
export const LOADER_ANIMATION_MS = 600;
export const MODAL_TRANSITION_MS = 300;
export const BACKDROP_TRANSITION_MS = 150;
export const RESIZE_DEBOUNCE_MS = 150;
