// A growl: a short notice in the page's corner that removes itself (pickup, currency and coupon
// errors, the customer reference's answer). Imported by lazy chunks only, so it is not part of the
// shell's first load. Styles: .growl and its kinds in static/css/catalog-product.css.

export const GROWL_MS = 4000;

export interface Growl {
  kind: 'error' | 'notice' | 'success';
  /** Shown in bold above the message; without one the notice is the message alone. */
  title?: string;
  message: string;
  /** A data attribute naming the notice's origin (for tests and styles), e.g. ['data-pickup-growl', '']. */
  marker?: [name: string, value: string];
  ms?: number;
}

export function growl({ kind, title, message, marker, ms = GROWL_MS }: Growl): HTMLElement {
  const notice = document.createElement('div');
  notice.className = `growl growl-${kind}`;
  notice.setAttribute('role', kind === 'success' ? 'status' : 'alert');
  if (marker) notice.setAttribute(...marker);
  if (title) {
    const heading = document.createElement('strong');
    heading.textContent = title;
    notice.append(heading);
    if (message) {
      const text = document.createElement('p');
      text.textContent = message;
      notice.append(text);
    }
  } else {
    notice.textContent = message;
  }
  document.body.append(notice);
  setTimeout(() => notice.remove(), ms);
  return notice;
}
