// The slider behaviour's pure part (client/behaviours/slider-options.ts): slides per view by width,
// options from a kind's preset and the data attributes, and the wrapping index of the fade mode.
import { nextIndex, parseViews, sliderOptions, slidesPerView } from '../../../client/behaviours/slider-options';
import { COMPACT_BREAKPOINT_PX, HOME_SLIDER_AUTOPLAY_MS, HOME_SLIDER_FADE_MS, PARTNER_SLIDER_AUTOPLAY_MS, TESTIMONY_SLIDER_SPEED_MS } from '../../../client/shell/constants';

const perView = (kind: string, width: number) => slidesPerView(sliderOptions({ slider: kind }).views, width);

describe('slides per view by width', () => {
  it.each([
    [320, 1], [479, 1], [480, 2], [767, 2], [768, 3], [1023, 3], [1024, 4], [1920, 4],
  ])('products: %i px shows %d', (width, count) => expect(perView('products', width)).toBe(count));

  it.each([
    [375, 1], [480, 2], [800, 3], [1024, 6],
  ])('the wide products variant: %i px shows %d', (width, count) => expect(perView('products-wide', width)).toBe(count));

  it('partners show 6, testimonies 3.8 from the large breakpoint; news 2 below the medium one', () => {
    expect(perView('partners', COMPACT_BREAKPOINT_PX)).toBe(6);
    expect(perView('testimonies', COMPACT_BREAKPOINT_PX)).toBe(3.8);
    expect(perView('news', 767)).toBe(2);
    expect(perView('news', 360)).toBe(2);
    expect(perView('home', 1920)).toBe(1);
  });

  it('reads rules in any order, skips bad tokens, and falls back to one slide below the first rule', () => {
    const rules = parseViews('1024:4 x:3 600:-2 480:2 oops');
    expect(rules).toEqual([{ minWidth: 0, count: 1 }, { minWidth: 480, count: 2 }, { minWidth: 1024, count: 4 }]);
    expect(slidesPerView(rules, 700)).toBe(2);
    expect(slidesPerView(parseViews('3'), 200)).toBe(3);
  });
});

describe('slider options', () => {
  it('gives each kind the specification\'s timings', () => {
    expect(sliderOptions({ slider: 'home' })).toMatchObject({ autoplayMs: HOME_SLIDER_AUTOPLAY_MS, speedMs: HOME_SLIDER_FADE_MS, fade: true });
    expect(HOME_SLIDER_AUTOPLAY_MS).toBe(4000);
    expect(HOME_SLIDER_FADE_MS).toBe(600);
    expect(sliderOptions({ slider: 'partners' })).toMatchObject({ step: 2, autoplayMs: PARTNER_SLIDER_AUTOPLAY_MS, fade: false });
    expect(sliderOptions({ slider: 'testimonies' })).toMatchObject({ speedMs: TESTIMONY_SLIDER_SPEED_MS, autoplayMs: null });
    expect(TESTIMONY_SLIDER_SPEED_MS).toBe(800);
  });

  it('lets data attributes override a preset; a banner autoplays only when a valid duration is set', () => {
    expect(sliderOptions({ slider: 'collection' }).autoplayMs).toBeNull();
    expect(sliderOptions({ slider: 'collection', sliderAutoplay: '5000' }).autoplayMs).toBe(5000);
    expect(sliderOptions({ slider: 'collection', sliderAutoplay: '' }).autoplayMs).toBeNull();
    expect(sliderOptions({ slider: 'collection', sliderAutoplay: '-1' }).autoplayMs).toBeNull();
    expect(sliderOptions({ slider: 'home', sliderAutoplay: 'never' }).autoplayMs).toBeNull();
    expect(sliderOptions({ slider: 'products', sliderStep: '3', sliderSpeed: '250', sliderFade: 'true', sliderViews: '2' })).toMatchObject({ step: 3, speedMs: 250, fade: true, views: [{ minWidth: 0, count: 2 }] });
    expect(sliderOptions({ slider: 'unknown' }).views).toEqual(sliderOptions({ slider: 'products' }).views);
  });
});

describe('the fade mode\'s next slide', () => {
  it('wraps round at either end', () => {
    expect(nextIndex(0, 1, 3)).toBe(1);
    expect(nextIndex(2, 1, 3)).toBe(0);
    expect(nextIndex(0, -1, 3)).toBe(2);
    expect(nextIndex(1, 2, 3)).toBe(0);
    expect(nextIndex(0, 1, 0)).toBe(0);
  });
});
