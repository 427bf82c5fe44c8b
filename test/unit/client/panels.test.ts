/** @jest-environment jsdom */
import { closePanels, openPanel, togglePanelOf } from '../../../client/behaviours/panels';

describe('navigation panels', () => {
  beforeEach(() => {
    document.body.className = '';
    document.body.innerHTML = `
      <header class="site-header">
        <button data-nav-toggle aria-controls="mobile-navigation" aria-expanded="false"></button>
        <nav id="main-navigation"><ul class="nav">
          <li class="dropdown" id="shop"><a class="dropdown-toggle" href="/fr/shop" aria-expanded="false">Shop</a><ul class="dropdown-menu"></ul></li>
          <li class="dropdown" id="news"><a class="dropdown-toggle" href="/fr/news" aria-expanded="false">News</a><ul class="dropdown-menu"></ul></li>
        </ul></nav>
        <button data-nav-panel-toggle aria-controls="search-panel" aria-expanded="false"></button>
        <div id="search-panel" data-nav-panel></div>
      </header>`;
  });

  const isOpen = (id: string) => document.getElementById(id)!.classList.contains('open');

  it('keeps one panel open at a time and closes any open dropdown', () => {
    openPanel(document.getElementById('shop')!);
    expect(isOpen('shop')).toBe(true);
    expect(document.querySelector('#shop > .dropdown-toggle')!.getAttribute('aria-expanded')).toBe('true');
    openPanel(document.getElementById('news')!);
    expect(isOpen('shop')).toBe(false);
    openPanel(document.getElementById('search-panel')!);
    expect(isOpen('news')).toBe(false);
    expect(document.querySelector('[aria-controls="search-panel"]')!.getAttribute('aria-expanded')).toBe('true');
    closePanels();
    expect(document.querySelectorAll('.open')).toHaveLength(0);
  });

  it('builds the mobile navigation from #main-navigation on the first toggle', () => {
    const toggle = document.querySelector('[data-nav-toggle]')!;
    togglePanelOf(toggle);
    const mobile = document.getElementById('mobile-navigation')!;
    expect(mobile.previousElementSibling?.classList.contains('site-header')).toBe(true);
    expect(mobile.querySelectorAll('.dropdown')).toHaveLength(2);
    expect(mobile.querySelectorAll('[id]')).toHaveLength(0);
    expect(document.body.classList.contains('nav-open')).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    togglePanelOf(toggle);
    expect(document.body.classList.contains('nav-open')).toBe(false);
    expect(document.querySelectorAll('#mobile-navigation')).toHaveLength(1);
  });

  it('keeps the mobile navigation open while one of its dropdowns opens', () => {
    togglePanelOf(document.querySelector('[data-nav-toggle]')!);
    openPanel(document.querySelector('#mobile-navigation .dropdown')!);
    expect(isOpen('mobile-navigation')).toBe(true);
    expect(document.querySelector('#mobile-navigation .dropdown')!.classList.contains('open')).toBe(true);
  });
});
