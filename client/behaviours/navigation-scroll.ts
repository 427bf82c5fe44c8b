// The navigation's parts that follow the page's scroll, one chunk loaded at the first scroll:
// - the header's colour class while the home slider ([data-home-slider]) is fully out of view;
// - the follow-us block's affix (offset: banner + navigation - block - 100);
// - the side navigation's scrollspy (offset 121 px): the link of the section in view is marked.
import { followUsAffixOffset, isAffixed, sectionInView } from '../../common/navigation';
import { SCROLLSPY_OFFSET_PX } from '../shell/constants';

/** On .site-header while the home slider is out of view; styled in static/css/header.css. */
export const COLOURED_CLASS = 'main-navigation-coloured';
const BANNER = '[data-home-slider], .content-banner, .page-banner';

let sliderObserver: IntersectionObserver | undefined;
let frame = 0;

function header(): HTMLElement | null {
  return document.querySelector('.site-header');
}

function watchHomeSlider(): void {
  sliderObserver?.disconnect();
  sliderObserver = undefined;
  const slider = document.querySelector('[data-home-slider]');
  if (!slider) return void header()?.classList.remove(COLOURED_CLASS);
  // Threshold 0: not intersecting means fully scrolled out of view.
  sliderObserver = new IntersectionObserver(([entry]) => header()?.classList.toggle(COLOURED_CLASS, !entry!.isIntersecting));
  sliderObserver.observe(slider);
}

function updateFollowUs(): void {
  const block = document.querySelector<HTMLElement>('[data-follow-us]');
  if (!block) return;
  const banner = document.getElementById('page')?.querySelector<HTMLElement>(BANNER);
  // The block's own height in the flow: measured while it is not affixed is what the rule means; an
  // affixed block keeps the height it had.
  const height = Number(block.dataset.height) || block.offsetHeight;
  if (!block.classList.contains('affix')) block.dataset.height = String(block.offsetHeight);
  const offset = followUsAffixOffset({ banner: banner?.offsetHeight ?? 0, navigation: header()?.offsetHeight ?? 0, block: height });
  const affixed = isAffixed(window.scrollY, offset);
  block.classList.toggle('affix', affixed);
  block.classList.toggle('affix-top', !affixed);
}

function updateSideNavigation(): void {
  const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('[data-side-navigation] a[href^="#"]'));
  const sections = links.map((link) => document.getElementById(decodeURIComponent(link.hash.slice(1))));
  const present = sections.filter((section): section is HTMLElement => section !== null);
  const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
  const current = present[sectionInView(present.map((section) => section.getBoundingClientRect().top), SCROLLSPY_OFFSET_PX, atEnd)];
  links.forEach((link, index) => {
    const active = current !== undefined && sections[index] === current;
    link.classList.toggle('active', active);
    if (active) link.setAttribute('aria-current', 'location');
    else link.removeAttribute('aria-current');
  });
}

function update(): void {
  frame = 0;
  updateFollowUs();
  updateSideNavigation();
}

function schedule(): void {
  if (!frame) frame = requestAnimationFrame(update);
}

export function start(): void {
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule, { passive: true });
  document.addEventListener('page-loaded', () => {
    watchHomeSlider();
    schedule();
  });
}

export function bind(): void {
  watchHomeSlider();
  schedule();
}
