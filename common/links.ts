// The one rule for a link an editor types (menus, home slides and hotspots, partners, popups and banners,
// page blocks): an allow-list, never a list of bad schemes. A link is
// - a path of this site: one `/` then anything but a second `/` or a `\` (browsers read `/\host` and
//   `//host` as another site), e.g. `/fr/page`, `/{culture}/catalog?q=robe`;
// - or an absolute `http://` or `https://` address.
// No whitespace, no backslash and no control character anywhere: a browser drops tabs and line breaks
// inside an address and reads `\` as `/`, so such characters could turn a path into another site. mailto:
// and tel: are not links of these fields (the rich text of pages keeps them, server/content/rich-text.ts).
// The pattern is written for `^(?:…)$` without flags, as the forms' `regex` rule and the browser's
// jquery-validation run it (common/validation-rules/text.ts), so both sides check the very same rule.

const ALLOWED = String.raw`[^\s\\\x00-\x1f\x7f]`;
const SITE_PATH = String.raw`\/(?![\/\\])${ALLOWED}*`;
const ABSOLUTE = String.raw`[hH][tT][tT][pP][sS]?:\/\/(?![\/\\])${ALLOWED}+`;

/** The pattern of a link field: `field.text().regex(LINK_PATTERN, key)`. */
export const LINK_PATTERN = `${SITE_PATH}|${ABSOLUTE}`;

const LINK = new RegExp(`^(?:${LINK_PATTERN})$`);
const ABSOLUTE_LINK = new RegExp(`^(?:${ABSOLUTE})$`);

/** Whether the text, as it is (untrimmed), is a link editors may save. */
export function isSafeLink(text: string): boolean {
  return LINK.test(text);
}

/** Whether the text is an absolute http(s) link (else, when safe, a path of this site). */
export function isAbsoluteLink(text: string): boolean {
  return ABSOLUTE_LINK.test(text);
}

/**
 * Where a stored link leads: a path of this site below {app} (`{culture}` taking the visitor's culture),
 * an absolute one as it is, and anything else (a row saved before this rule) nowhere (null).
 */
export function linkHref(url: string | null | undefined, basePath: string, culture: string): string | null {
  if (!url || !isSafeLink(url)) return null;
  return isAbsoluteLink(url) ? url : basePath + url.replaceAll('{culture}', culture);
}
