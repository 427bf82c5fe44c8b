import { type HTMLElement, parse } from 'node-html-parser';

export type Html = HTMLElement;

/** Parses an HTML answer so route tests query it by selector instead of matching strings. */
export function parseHtml(text: string): Html {
  return parse(text, { comment: false });
}

function only(root: Html, selector: string): Html {
  const element = root.querySelector(selector);
  if (!element) throw new Error(`No element matches ${selector}`);
  return element;
}

/** The text of the first element matching selector, whitespace collapsed; throws when there is none. */
export function textOf(root: Html, selector: string): string {
  return only(root, selector).textContent.replace(/\s+/g, ' ').trim();
}

export function textsOf(root: Html, selector: string): string[] {
  return root.querySelectorAll(selector).map((element) => element.textContent.replace(/\s+/g, ' ').trim());
}

/** An attribute of the first element matching selector; throws when the element is missing. */
export function attributeOf(root: Html, selector: string, name: string): string | undefined {
  return only(root, selector).getAttribute(name);
}

export function attributesOf(root: Html, selector: string, name: string): (string | undefined)[] {
  return root.querySelectorAll(selector).map((element) => element.getAttribute(name));
}

/** The page's CSRF token from <meta name="csrf-token">. */
export function csrfTokenOf(root: Html): string {
  return attributeOf(root, 'meta[name="csrf-token"]', 'content') ?? '';
}
