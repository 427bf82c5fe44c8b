/** @jest-environment jsdom */
import { loginUrl, openErrorDialog, openLoginDialog } from '../../../client/shell/dialogs';
import { fakeResponse } from './support/responses';

jest.mock('htmx.org', () => ({ __esModule: true, default: { config: {}, swap: jest.fn() } }));

// eslint-disable-next-line @typescript-eslint/no-require-imports
const htmx = (require('htmx.org') as { default: { swap: jest.Mock } }).default;

const strings = { Core: { Close: 'Fermer', ErrorTitle: 'Une erreur est survenue', ErrorServer: 'Une erreur inattendue est survenue.' } };

function respond(url: string): Promise<Response> {
  const body = url.includes('stringresources') ? JSON.stringify(strings) : '<title>Connexion | Shop</title>\n<section>login</section>';
  return Promise.resolve(fakeResponse(body, 200, { 'Content-Type': 'text/html' }));
}

describe('error catalogue dialogs', () => {
  let fetchMock: jest.Mock;

  beforeEach(() => {
    document.documentElement.dataset.culture = 'fr';
    document.documentElement.dataset.basePath = '/shop';
    document.body.innerHTML = '<div id="modal-root"></div>';
    history.replaceState(null, '', '/shop/fr/account/orders?page=2');
    fetchMock = jest.fn((url: string) => respond(url));
    global.fetch = fetchMock;
    htmx.swap.mockClear();
  });

  it('shows the localised server error with a localised Close button', async () => {
    const dialog = await openErrorDialog();
    expect(dialog.querySelector('.modal-body')?.textContent).toBe('Une erreur inattendue est survenue.');
    expect(dialog.querySelector('.modal-footer button')?.textContent).toBe('Fermer');
    expect(dialog.querySelector('.modal-close')?.getAttribute('aria-label')).toBe('Fermer');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Une erreur est survenue');
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('Une erreur inattendue est survenue.');
  });

  it('builds the login address with the current path and query as return URL', () => {
    expect(loginUrl()).toBe('/shop/fr/security/login?returnUrl=%2Fshop%2Ffr%2Faccount%2Forders%3Fpage%3D2');
  });

  it('loads the login page region into a modal, once for simultaneous 401s', async () => {
    await Promise.all([openLoginDialog(), openLoginDialog()]);
    const loginCalls = fetchMock.mock.calls.filter(([url]) => String(url).includes('/security/login'));
    expect(loginCalls).toHaveLength(1);
    const headers = loginCalls[0][1].headers as Record<string, string>;
    expect(headers['HX-Request']).toBe('true');
    expect(headers['HX-Target']).toBe('modal-body');
    const dialogs = document.querySelectorAll('#modal-root dialog');
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0].querySelector('.modal-title')?.textContent).toBe('Connexion | Shop');
    expect(htmx.swap).toHaveBeenCalledWith(document.getElementById('modal-body'), expect.stringContaining('<section>login</section>'), expect.objectContaining({ swapStyle: 'innerHTML', ignoreTitle: true }));
  });
});
