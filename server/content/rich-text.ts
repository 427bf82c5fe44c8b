import sanitizeHtml from 'sanitize-html';

/**
 * Rich text (page blocks, news bodies, FAQ answers, project descriptions) is sanitised once, on the
 * way in (seed, back office), with this allow-list; templates print the stored result with <%- %>.
 * Anything outside the list (scripts, event handlers, style attributes, javascript: links, iframes)
 * is dropped, so a stored body can never run code in a visitor's browser.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'em', 'b', 'i', 'u', 's', 'sub', 'sup', 'blockquote', 'code', 'pre',
    'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'hr', 'figure', 'figcaption', 'img',
    'table', 'thead', 'tbody', 'tr', 'th', 'td', 'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target', 'hreflang'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: {
    // A link that opens a new tab never hands the opener to the other site.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs: Object.fromEntries(Object.entries(attribs).filter(([name]) => name !== 'target')) },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** The text of a rich body, for summaries, meta descriptions and feeds. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
