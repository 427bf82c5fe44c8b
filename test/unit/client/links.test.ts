/** @jest-environment jsdom */
import { linkAction, shouldLoadByAjax } from '../../../client/shell/links';

const place = { href: 'http://localhost/fr/about?tab=1', origin: 'http://localhost' };

function link(href: string | null, attributes: Record<string, string> = {}, className = ''): HTMLAnchorElement {
  const anchor = document.createElement('a');
  if (href !== null) anchor.setAttribute('href', href);
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  anchor.className = className;
  return anchor;
}

function click(init: MouseEventInit = {}): MouseEvent {
  return new MouseEvent('click', { button: 0, cancelable: true, ...init });
}

describe('shouldLoadByAjax', () => {
  it('loads an ordinary same-site link into the page region', () => {
    expect(shouldLoadByAjax(link('/fr/contact'), click(), place)).toBe(true);
    expect(shouldLoadByAjax(link('contact?x=1'), click(), place)).toBe(true);
    expect(shouldLoadByAjax(link('http://localhost/fr/legal'), click(), place)).toBe(true);
    expect(shouldLoadByAjax(link('/fr/page.html'), click(), place)).toBe(true);
  });

  it.each([
    ['another origin', 'https://example.com/fr/about'],
    ['a protocol-relative other host', '//example.com/fr'],
    ['a mailto: scheme', 'mailto:info@example.com'],
    ['a tel: scheme', 'tel:+3212345678'],
    ['a javascript: scheme', 'javascript:void(0)'],
    ['a logoff path', '/fr/security/logoff'],
    ['a logoff path in capitals', '/fr/Security/LogOff?returnUrl=%2F'],
    ['a PDF file', '/files/catalogue.pdf'],
    ['a ZIP file', '/files/archive.zip?version=2'],
    ['an image', '/static/images/photo.JPG'],
    ['no href value', ''],
    ['a bare hash', '#'],
  ])('leaves %s to the browser', (_, href) => {
    expect(shouldLoadByAjax(link(href), click(), place)).toBe(false);
  });

  it('leaves a link without href to the browser', () => {
    expect(shouldLoadByAjax(link(null), click(), place)).toBe(false);
  });

  it.each([
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
    ['the middle button', { button: 1 }],
  ])('leaves a click with %s to the browser', (_, init) => {
    expect(shouldLoadByAjax(link('/fr/contact'), click(init), place)).toBe(false);
  });

  it.each([
    ['class no-ajax', {}, 'no-ajax'],
    ['class ajax-tab', {}, 'nav-link ajax-tab'],
    ['class logoff', {}, 'logoff'],
    ['data-no-ajax', { 'data-no-ajax': '' }, ''],
    ['data-ajax-tab', { 'data-ajax-tab': '' }, ''],
    ['target _blank', { target: '_blank' }, ''],
    ['a named target', { target: 'preview' }, ''],
    ['download', { download: '' }, ''],
    ['data-toggle', { 'data-toggle': 'collapse' }, ''],
    ['data-bs-toggle', { 'data-bs-toggle': 'dropdown' }, ''],
  ])('leaves a link marked with %s to the browser', (_, attributes, className) => {
    expect(shouldLoadByAjax(link('/fr/contact', attributes, className), click(), place)).toBe(false);
  });

  it('keeps target _self in the page region', () => {
    expect(shouldLoadByAjax(link('/fr/contact', { target: '_self' }), click(), place)).toBe(true);
  });

  it('does nothing for a click another handler already took', () => {
    const event = click();
    event.preventDefault();
    expect(shouldLoadByAjax(link('/fr/contact'), event, place)).toBe(false);
  });
});

describe('linkAction', () => {
  it('scrolls to an anchor on the current page instead of fetching it', () => {
    expect(linkAction(link('#team'), click(), place)).toBe('anchor');
    expect(linkAction(link('/fr/about?tab=1#team'), click(), place)).toBe('anchor');
  });

  it('fetches an anchor on another page or with another query', () => {
    expect(linkAction(link('/fr/legal#cookies'), click(), place)).toBe('ajax');
    expect(linkAction(link('/fr/about#team'), click(), place)).toBe('ajax');
  });

  it('leaves a toggle with a hash href to its own script', () => {
    expect(linkAction(link('#details', { 'data-bs-toggle': 'collapse' }), click(), place)).toBe('native');
  });
});
