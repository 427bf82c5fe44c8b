/** @jest-environment jsdom */
import { bind, cultureHref } from '../../../client/behaviours/culture';

// The behaviour reaches the shell through its chunk interface, which carries htmx; none is needed here.
jest.mock('htmx.org', () => ({}));

function renderWidget(basePath: string) {
  document.documentElement.dataset.culture = 'fr';
  document.documentElement.dataset.basePath = basePath;
  document.body.innerHTML = `<div data-culture-widget><ul>${['fr', 'nl', 'es', 'de', 'it', 'pt']
    .map((culture) => `<li><a class="no-ajax" data-culture="${culture}" href="${basePath}/${culture}/stale">${culture}</a></li>`)
    .join('')}</ul></div>`;
}

describe('culture widget', () => {
  it('replaces only the first culture segment of the current address and keeps path, query and hash', () => {
    renderWidget('/shop');
    const where = { pathname: '/shop/fr/about/team', search: '?page=2', hash: '#top' } as Location;
    expect(cultureHref('de', where)).toBe('/shop/de/about/team?page=2#top');
  });

  it('rewrites the clicked link from where the visitor is now, not where the header was rendered', () => {
    renderWidget('');
    history.replaceState(null, '', '/fr/legal?x=1');
    bind(document.body);
    const link = document.querySelector<HTMLAnchorElement>('a[data-culture="it"]')!;
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();
    expect(link.getAttribute('href')).toBe('/it/legal?x=1');
  });
});
