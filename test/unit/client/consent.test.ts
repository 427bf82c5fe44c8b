/** @jest-environment jsdom */
import { bind, CONSENT_EVENT, readConsent, start } from '../../../client/behaviours/consent';
import { serializeConsent, type ConsentSettings } from '../../../common/consent-settings';

// The behaviour reaches the shell through its chunk interface, which carries htmx; none is needed here.
jest.mock('htmx.org', () => ({}));

const stamp = '2026-11-01';

function settingsForm(): string {
  return `<form data-consent-form method="post" action="/fr/consent">
      <p data-consent-status>Not chosen yet.</p>
      <input type="checkbox" name="preferences" value="true">
      <input type="checkbox" name="statistics" value="true">
      <input type="checkbox" name="marketing" value="true">
      <button type="submit" name="action" value="save">Save</button>
      <button type="submit" name="action" value="decline-all">Decline all</button>
      <button type="submit" name="action" value="accept-all">Accept all</button>
    </form>`;
}

function renderPage(): void {
  document.documentElement.dataset.culture = 'fr';
  document.documentElement.dataset.basePath = '';
  document.head.innerHTML = `<meta name="consent-stamp" content="${stamp}">`;
  document.body.innerHTML = `
    <main id="page">
      <script type="text/plain" data-consent-category="statistics" data-src="/static/js/statistics.js"></script>
      <script type="text/plain" data-consent-category="marketing" data-src="/static/js/marketing.js"></script>
    </main>
    <footer><a href="/fr/consent" class="no-ajax" data-consent-settings>Cookie settings</a></footer>
    <div id="consent-root">
      <section data-consent-banner>
        <form data-consent-form method="post" action="/fr/consent">
          <button type="submit" name="action" value="accept-all">Accept all</button>
          <button type="submit" name="action" value="decline-all">Decline all</button>
        </form>
      </section>
      <dialog data-consent-dialog><button type="button" data-consent-close>Close</button>${settingsForm()}</dialog>
    </div>`;
}

const loadedScripts = () => Array.from(document.head.querySelectorAll('script[src]'), (script) => new URL((script as HTMLScriptElement).src).pathname);
const cookieValue = () => document.cookie.split('; ').find((part) => part.startsWith('CookieConsent='))?.slice('CookieConsent='.length);
const button = (root: string, action: string) => document.querySelector<HTMLButtonElement>(`${root} button[value="${action}"]`)!;
const published: ConsentSettings[] = [];
let fetchMock: jest.Mock;

beforeAll(() => {
  start();
  document.addEventListener(CONSENT_EVENT, (event) => published.push((event as CustomEvent<ConsentSettings>).detail));
});

beforeEach(() => {
  document.cookie = 'CookieConsent=; max-age=0; path=/';
  published.length = 0;
  delete window.consent;
  delete window.onConsentAccept;
  delete window.onConsentDecline;
  fetchMock = jest.fn(async () => ({ ok: true, status: 200, url: '', text: async () => '<div><p data-consent-status>Sentence from the server.</p></div>' }));
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  renderPage();
});

describe('accept all', () => {
  it('stores every category, publishes the event, sets the global and closes the banner', () => {
    const onAccept = jest.fn();
    window.onConsentAccept = onAccept;
    button('[data-consent-banner]', 'accept-all').click();
    const expected = { stamp, preferences: true, statistics: true, marketing: true };
    expect(JSON.parse(decodeURIComponent(cookieValue()!))).toEqual(expected);
    expect(cookieValue()).toBe(encodeURIComponent(serializeConsent(expected)));
    expect(published).toEqual([expected]);
    expect(window.consent).toEqual(expected);
    expect(onAccept).toHaveBeenCalledWith(expected);
    expect(document.querySelector('[data-consent-banner]')).toBeNull();
    expect(document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:checked')).toHaveLength(3);
  });

  it('runs every tagged script right away, once', () => {
    button('[data-consent-banner]', 'accept-all').click();
    bind(document.body);
    expect(loadedScripts().sort()).toEqual(['/static/js/marketing.js', '/static/js/statistics.js']);
  });
});

describe('decline all', () => {
  it('stores no category, runs the decline callback only and no tagged script', () => {
    const onAccept = jest.fn();
    const onDecline = jest.fn();
    Object.assign(window, { onConsentAccept: onAccept, onConsentDecline: onDecline });
    button('[data-consent-banner]', 'decline-all').click();
    const expected = { stamp, preferences: false, statistics: false, marketing: false };
    expect(readConsent()).toEqual(expected);
    expect(published).toEqual([expected]);
    expect(window.consent).toEqual(expected);
    expect(onDecline).toHaveBeenCalledWith(expected);
    expect(onAccept).not.toHaveBeenCalled();
    expect(loadedScripts()).toEqual([]);
    expect(document.querySelector('[data-consent-banner]')).toBeNull();
  });

  it('closes the settings dialog it was pressed in', () => {
    document.querySelector('dialog')!.setAttribute('open', '');
    button('dialog', 'decline-all').click();
    expect(document.querySelector('dialog')!.hasAttribute('open')).toBe(false);
  });
});

describe('save choices', () => {
  it('stores exactly the ticked categories and runs only their scripts', () => {
    const onAccept = jest.fn();
    window.onConsentAccept = onAccept;
    document.querySelector<HTMLInputElement>('dialog input[name="statistics"]')!.checked = true;
    button('dialog', 'save').click();
    const expected = { stamp, preferences: false, statistics: true, marketing: false };
    expect(readConsent()).toEqual(expected);
    expect(published).toEqual([expected]);
    expect(onAccept).toHaveBeenCalledWith(expected);
    expect(loadedScripts()).toEqual(['/static/js/statistics.js']);
  });

  it('asks the server for the new status sentence', async () => {
    button('dialog', 'save').click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledWith('/fr/widget/consent', expect.objectContaining({ method: 'GET' }));
    expect(document.querySelector('[data-consent-status]')!.textContent).toBe('Sentence from the server.');
  });

  it('without a stamp on the page, leaves the form to post', () => {
    document.head.innerHTML = '';
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button('dialog', 'save') });
    document.querySelector('dialog form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
    expect(cookieValue()).toBeUndefined();
  });
});

describe('on page load and after a swap', () => {
  const setCookie = (settings: object) => (document.cookie = `CookieConsent=${encodeURIComponent(JSON.stringify(settings))}; path=/`);

  it('runs the tagged scripts of categories granted earlier (the cookie the server writes)', () => {
    setCookie({ stamp, preferences: false, statistics: true, marketing: false });
    bind(document.body);
    expect(loadedScripts()).toEqual(['/static/js/statistics.js']);
  });

  it('runs nothing for a cookie of an older stamp, or one that is not JSON', () => {
    setCookie({ stamp: '2020-01-01', preferences: true, statistics: true, marketing: true });
    bind(document.body);
    document.cookie = 'CookieConsent=%7Bnot-json; path=/';
    bind(document.body);
    expect(readConsent()).toBeNull();
    expect(loadedScripts()).toEqual([]);
  });

  it('runs a granted script found in content swapped in later', () => {
    setCookie({ stamp, preferences: false, statistics: true, marketing: false });
    const swapped = document.createElement('section');
    swapped.innerHTML = `
      <script type="text/plain" data-consent-category="statistics" data-src="/static/js/other.js"></script>
      <template data-consent-category="statistics" data-src="/static/js/from-template.js"></template>
      <template data-consent-category="marketing" data-src="/static/js/ads.js"></template>`;
    document.getElementById('page')!.append(swapped);
    bind(swapped);
    expect(loadedScripts()).toEqual(['/static/js/other.js', '/static/js/from-template.js']);
  });
});

describe('the settings link', () => {
  it('opens the settings dialog instead of navigating, and its close button closes it', () => {
    const link = document.querySelector<HTMLAnchorElement>('a[data-consent-settings]')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(document.querySelector('dialog')!.hasAttribute('open')).toBe(true);
    document.querySelector<HTMLButtonElement>('[data-consent-close]')!.click();
    expect(document.querySelector('dialog')!.hasAttribute('open')).toBe(false);
  });
});
