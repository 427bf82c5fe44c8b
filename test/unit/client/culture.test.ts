/** @jest-environment jsdom */
import { bind, cultureHref, refreshLinks } from '../../../client/behaviours/culture';

// The behaviour reaches the shell through its chunk interface, which carries htmx; none is needed here.
jest.mock('htmx.org', () => ({}));

function renderWidget(basePath: string, renderedFor: string) {
  document.documentElement.dataset.culture = 'fr';
  document.documentElement.dataset.basePath = basePath;
  document.body.innerHTML = `<div data-culture-widget data-url="${renderedFor}" data-widget-url="${basePath}/fr/widget/culture"><ul>${['fr', 'nl', 'es', 'de', 'it', 'pt']
    .map((culture) => `<li><a class="no-ajax" data-culture="${culture}" href="${basePath}/${culture}/stale">${culture}</a></li>`)
    .join('')}</ul></div>`;
  return document.querySelector<HTMLElement>('[data-culture-widget]')!;
}

/** The widget's fragment as the server answers it for an address: each culture's translated slug. */
function fragmentFor(slugs: Record<string, string>) {
  return `<div class="culture-widget" data-culture-widget><ul>${Object.entries(slugs)
    .map(([culture, slug]) => `<li><a data-culture="${culture}" href="/${culture}/news/${slug}">${culture}</a></li>`)
    .join('')}</ul></div>`;
}

describe('culture widget', () => {
  afterEach(() => jest.restoreAllMocks());

  it('falls back to replacing only the first culture segment of the current address, keeping path, query and hash', () => {
    renderWidget('/shop', '/shop/fr/');
    const where = { pathname: '/shop/fr/about/team', search: '?page=2', hash: '#top' } as Location;
    expect(cultureHref('de', where)).toBe('/shop/de/about/team?page=2#top');
  });

  it('leaves the server links alone while the visitor is on the page they were rendered for', async () => {
    history.replaceState(null, '', '/fr/legal?x=1');
    const widget = renderWidget('', '/fr/legal?x=1');
    const fetching = jest.fn();
    Object.assign(globalThis, { fetch: fetching });
    expect(await refreshLinks(widget)).toBe(true);
    expect(fetching).not.toHaveBeenCalled();
    expect(widget.querySelector('a[data-culture="it"]')!.getAttribute('href')).toBe('/it/stale');
  });

  it('after an ajax navigation asks the fragment for the current address and takes its translated links', async () => {
    history.replaceState(null, '', '/fr/news/bonjour');
    const widget = renderWidget('', '/fr/');
    const answer = { ok: true, text: async () => fragmentFor({ fr: 'bonjour', nl: 'hallo', es: 'hola', de: 'hallo-de', it: 'ciao', pt: 'ola' }) };
    const fetching = jest.fn().mockResolvedValue(answer);
    Object.assign(globalThis, { fetch: fetching });
    bind(document.body);
    widget.dispatchEvent(new Event('pointerenter'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetching).toHaveBeenCalledWith('/fr/widget/culture?url=%2Ffr%2Fnews%2Fbonjour', { credentials: 'same-origin' });
    expect(widget.querySelector('a[data-culture="it"]')!.getAttribute('href')).toBe('/it/news/ciao');
    expect(widget.dataset.url).toBe('/fr/news/bonjour');
  });
});
