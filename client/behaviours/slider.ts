// Every slider of the site (views/partials/home/slider.ejs): without it a slider is a scroll-snap row;
// with it, previous / next move it by its step (wrapping round), autoplay runs where its options say
// (never under prefers-reduced-motion, paused while hovered, focused, hidden or paused by its button),
// and the home slider fades between slides. Options: ./slider-options.ts; timings: ../shell/constants.ts.
import { RESIZE_DEBOUNCE_MS } from '../shell/constants';
import { nextIndex, type SliderOptions, sliderOptions, slidesPerView } from './slider-options';

interface Slider {
  root: HTMLElement;
  track: HTMLElement;
  options: SliderOptions;
  index: number;
  timer: number | undefined;
  hovered: boolean;
  focused: boolean;
  paused: boolean;
}

const sliders = new Map<HTMLElement, Slider>();
const reducedMotion = (): boolean => matchMedia('(prefers-reduced-motion: reduce)').matches;
const slidesOf = (slider: Slider) => Array.from(slider.track.children) as HTMLElement[];

function layout(slider: Slider): void {
  slider.root.style.setProperty('--slider-per-view', String(slidesPerView(slider.options.views, window.innerWidth)));
  slider.root.style.setProperty('--slider-duration', `${reducedMotion() ? 0 : slider.options.speedMs}ms`);
}

/** Fade mode: one slide shown, the others out of the tab order and the accessibility tree. */
function showSlide(slider: Slider, index: number): void {
  slidesOf(slider).forEach((slide, position) => {
    const active = position === index;
    slide.classList.toggle('is-active', active);
    slide.inert = !active;
    const video = slide.querySelector<HTMLVideoElement>('video[data-banner-video]');
    if (video && active && !reducedMotion()) void video.play().catch(() => undefined);
    else video?.pause();
  });
  slider.index = index;
}

/** Scroll mode: the width one slide takes with its gap, and the slide now first in view. */
function pitch(slider: Slider): number {
  const first = slider.track.firstElementChild;
  const gap = parseFloat(getComputedStyle(slider.track).columnGap) || 0;
  return first ? first.getBoundingClientRect().width + gap : slider.track.clientWidth;
}

function animateScroll(track: HTMLElement, to: number, durationMs: number): void {
  const from = track.scrollLeft;
  if (durationMs <= 0 || reducedMotion() || Math.abs(to - from) < 1) return void (track.scrollLeft = to);
  const started = performance.now();
  track.style.scrollSnapType = 'none';
  const frame = (time: number) => {
    const progress = Math.min(1, (time - started) / durationMs);
    const eased = progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
    track.scrollLeft = from + (to - from) * eased;
    if (progress < 1) requestAnimationFrame(frame);
    else track.style.scrollSnapType = '';
  };
  requestAnimationFrame(frame);
}

function scrollBySteps(slider: Slider, direction: 1 | -1): void {
  const { track } = slider;
  const end = track.scrollWidth - track.clientWidth;
  const size = pitch(slider);
  let target: number;
  if (direction > 0) target = track.scrollLeft >= end - 1 ? 0 : Math.min(end, (Math.round(track.scrollLeft / size) + slider.options.step) * size);
  else target = track.scrollLeft <= 1 ? end : Math.max(0, (Math.round(track.scrollLeft / size) - slider.options.step) * size);
  animateScroll(track, target, slider.options.speedMs);
}

function move(slider: Slider, direction: 1 | -1): void {
  if (slider.options.fade) showSlide(slider, nextIndex(slider.index, direction * slider.options.step, slidesOf(slider).length));
  else scrollBySteps(slider, direction);
}

function autoplays(slider: Slider): boolean {
  const { options, hovered, focused, paused } = slider;
  return options.autoplayMs !== null && !reducedMotion() && !hovered && !focused && !paused && !document.hidden && slider.root.isConnected && slidesOf(slider).length > 1;
}

/** (Re)starts the autoplay countdown, or stops it when the slider should stand still. */
function schedule(slider: Slider): void {
  window.clearTimeout(slider.timer);
  slider.timer = undefined;
  if (!autoplays(slider)) return;
  slider.root.dataset.sliderPlaying = '';
  slider.timer = window.setTimeout(() => {
    move(slider, 1);
    schedule(slider);
  }, slider.options.autoplayMs!);
}

function stopped(slider: Slider): void {
  schedule(slider);
  if (slider.timer === undefined) delete slider.root.dataset.sliderPlaying;
}

function togglePause(slider: Slider, button: HTMLButtonElement): void {
  slider.paused = !slider.paused;
  button.setAttribute('aria-pressed', String(slider.paused));
  const label = button.querySelector('.visually-hidden');
  if (label) label.textContent = (slider.paused ? button.dataset.labelPlay : button.dataset.labelPause) ?? label.textContent;
  stopped(slider);
}

function listen(slider: Slider): void {
  const { root } = slider;
  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-slider-prev], [data-slider-next], [data-slider-pause]');
    if (!button || !root.contains(button)) return;
    if (button.matches('[data-slider-pause]')) return togglePause(slider, button);
    move(slider, button.matches('[data-slider-prev]') ? -1 : 1);
    stopped(slider);
  });
  root.addEventListener('pointerenter', () => ((slider.hovered = true), stopped(slider)));
  root.addEventListener('pointerleave', () => ((slider.hovered = false), stopped(slider)));
  root.addEventListener('focusin', () => ((slider.focused = true), stopped(slider)));
  root.addEventListener('focusout', (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    slider.focused = false;
    stopped(slider);
  });
}

function setUp(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('[data-slider-track]');
  if (!track || sliders.has(root)) return;
  const slider: Slider = { root, track, options: sliderOptions(root.dataset), index: 0, timer: undefined, hovered: root.matches(':hover'), focused: root.matches(':focus-within'), paused: false };
  sliders.set(root, slider);
  layout(slider);
  if (slider.options.fade) {
    root.classList.add('slider--fading');
    showSlide(slider, 0);
  } else if (!reducedMotion()) {
    root.querySelectorAll<HTMLVideoElement>('video[data-banner-video]').forEach((video) => void video.play().catch(() => undefined));
  }
  listen(slider);
  stopped(slider);
}

function everySlider(action: (slider: Slider) => void): void {
  for (const [root, slider] of sliders) {
    if (root.isConnected) action(slider);
    else (window.clearTimeout(slider.timer), sliders.delete(root));
  }
}

export function start(): void {
  let resizing: number | undefined;
  window.addEventListener('resize', () => {
    window.clearTimeout(resizing);
    resizing = window.setTimeout(() => everySlider(layout), RESIZE_DEBOUNCE_MS);
  });
  document.addEventListener('visibilitychange', () => everySlider(stopped));
  matchMedia('(prefers-reduced-motion: reduce)').addEventListener?.('change', () => everySlider((slider) => (layout(slider), stopped(slider))));
}

export function bind(root: Element): void {
  const found = root.matches('[data-slider]') ? [root] : Array.from(root.querySelectorAll('[data-slider]'));
  found.forEach((element) => setUp(element as HTMLElement));
}
