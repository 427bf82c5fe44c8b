// Pure rules of the page furniture's navigation (spec 000, sections 4 and 9), used by the browser
// (client/behaviours/navigation-scroll.ts) and unit-tested in node.

/** The follow-us block's affix offset: banner height + navigation height - block height - 100 (spec section 9). */
export const FOLLOW_US_AFFIX_MARGIN_PX = 100;

export function followUsAffixOffset({ banner, navigation, block }: { banner: number; navigation: number; block: number }): number {
  return banner + navigation - block - FOLLOW_US_AFFIX_MARGIN_PX;
}

/** Affixed once the page is scrolled past the offset (Bootstrap's affix: affix-top until then). */
export function isAffixed(scrollY: number, offset: number): boolean {
  return scrollY > offset;
}

/**
 * The section a scrollspy marks: the last whose top (relative to the viewport) has passed the offset
 * line, the first before any has, the last once the page is at its end; -1 without sections.
 */
export function sectionInView(tops: number[], offset: number, atEnd: boolean): number {
  if (tops.length === 0) return -1;
  if (atEnd) return tops.length - 1;
  let current = 0;
  tops.forEach((top, index) => {
    if (top <= offset) current = index;
  });
  return current;
}
