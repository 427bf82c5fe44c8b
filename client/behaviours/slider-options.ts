// The pure part of the slider behaviour: a slider's options from its kind's preset and its data
// attributes, and how many slides show at a viewport width. No DOM here: unit-tested alone.
import {
  COMPACT_BREAKPOINT_PX, HOME_SLIDER_AUTOPLAY_MS, HOME_SLIDER_FADE_MS, PARTNER_SLIDER_AUTOPLAY_MS, SLIDER_MEDIUM_BREAKPOINT_PX,
  SLIDER_SMALL_BREAKPOINT_PX, SLIDER_SPEED_MS, TESTIMONY_SLIDER_SPEED_MS,
} from '../shell/constants';

// The presets live here, in the slider's own chunk, not in the constants module that every page's first
// paint loads: their figures are the constants'.
const [small, medium, large] = [SLIDER_SMALL_BREAKPOINT_PX, SLIDER_MEDIUM_BREAKPOINT_PX, COMPACT_BREAKPOINT_PX];

/**
 * Each slider's defaults by kind (data-slider="products"): slides per view as "base min-width:count ...",
 * the slides one button or autoplay step moves, autoplay (null: none), the move's or fade's duration.
 * A slider's data-slider-views / -step / -autoplay / -speed / -fade attributes override them.
 */
export const SLIDER_PRESETS = {
  home: { views: '1', step: 1, autoplayMs: HOME_SLIDER_AUTOPLAY_MS, speedMs: HOME_SLIDER_FADE_MS, fade: true },
  collection: { views: '1', step: 1, autoplayMs: null, speedMs: SLIDER_SPEED_MS, fade: false },
  categories: { views: `2 ${medium}:3 ${large}:5`, step: 1, autoplayMs: null, speedMs: SLIDER_SPEED_MS, fade: false },
  products: { views: `1 ${small}:2 ${medium}:3 ${large}:4`, step: 1, autoplayMs: null, speedMs: SLIDER_SPEED_MS, fade: false },
  /** The products slider's full-width variant: 6 at the large breakpoint. */
  'products-wide': { views: `1 ${small}:2 ${medium}:3 ${large}:6`, step: 1, autoplayMs: null, speedMs: SLIDER_SPEED_MS, fade: false },
  partners: { views: `1 ${small}:2 ${medium}:3 ${large}:6`, step: 2, autoplayMs: PARTNER_SLIDER_AUTOPLAY_MS, speedMs: SLIDER_SPEED_MS, fade: false },
  testimonies: { views: `1.1 ${medium}:2.2 ${large}:3.8`, step: 1, autoplayMs: null, speedMs: TESTIMONY_SLIDER_SPEED_MS, fade: false },
  news: { views: `2 ${medium}:3`, step: 1, autoplayMs: null, speedMs: SLIDER_SPEED_MS, fade: false },
} as const;

export interface SliderOptions {
  /** Slides per view by minimum width, widest last. */
  views: ViewRule[];
  step: number;
  autoplayMs: number | null;
  speedMs: number;
  fade: boolean;
}

export interface ViewRule {
  minWidth: number;
  count: number;
}

/** "1 480:2 768:3 1024:4" -> rules by min-width; bad tokens are skipped, a missing base is 1. */
export function parseViews(text: string): ViewRule[] {
  const rules: ViewRule[] = [];
  for (const token of text.trim().split(/\s+/)) {
    const [first, second] = token.includes(':') ? token.split(':') : ['0', token];
    const minWidth = Number(first);
    const count = Number(second);
    if (Number.isFinite(minWidth) && minWidth >= 0 && Number.isFinite(count) && count > 0) rules.push({ minWidth, count });
  }
  if (!rules.some((rule) => rule.minWidth === 0)) rules.push({ minWidth: 0, count: 1 });
  return rules.sort((a, b) => a.minWidth - b.minWidth);
}

/** The slides shown at a viewport width: the widest rule whose minimum it reaches. */
export function slidesPerView(rules: ViewRule[], width: number): number {
  let count = 1;
  for (const rule of rules) if (width >= rule.minWidth) count = rule.count;
  return count;
}

const positive = (value: string | undefined): number | null => {
  const number = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(number) && number > 0 ? number : null;
};

/** The options of a slider: its kind's preset (data-slider), then each data-slider-* attribute that is valid. */
export function sliderOptions(data: Record<string, string | undefined>): SliderOptions {
  const preset = SLIDER_PRESETS[data.slider as keyof typeof SLIDER_PRESETS] ?? SLIDER_PRESETS.products;
  const autoplay = data.sliderAutoplay;
  return {
    views: parseViews(data.sliderViews ?? preset.views),
    step: Math.max(1, Math.round(positive(data.sliderStep) ?? preset.step)),
    autoplayMs: autoplay === undefined ? preset.autoplayMs : positive(autoplay),
    speedMs: positive(data.sliderSpeed) ?? preset.speedMs ?? SLIDER_SPEED_MS,
    fade: data.sliderFade === undefined ? preset.fade : data.sliderFade === 'true',
  };
}

/** The index a move by `delta` slides lands on, wrapping round at either end (autoplay goes on forever). */
export function nextIndex(current: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((current + delta) % count) + count) % count;
}
