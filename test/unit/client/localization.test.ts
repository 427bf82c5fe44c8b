/** @jest-environment jsdom */
import { loadStrings, resetStringsForTests, t, translate } from '../../../client/shell/localization';

// htmx ships as an ES module that jest's CommonJS runtime cannot load; these tests do not swap.
jest.mock('htmx.org', () => ({ __esModule: true, default: { config: {}, swap: jest.fn() } }));

const resources = { Core: { Close: 'Fermer', ErrorServer: 'Une erreur est survenue.' } };

function answer(body: unknown, status = 200): Response {
  return { ok: status < 400, status, json: async () => body } as Response;
}

describe('localization', () => {
  beforeEach(() => {
    resetStringsForTests();
    document.documentElement.dataset.culture = 'fr';
    document.documentElement.dataset.basePath = '/shop';
  });

  it('fetches the culture resource tree once and looks keys up by dotted path', async () => {
    const fetchMock = jest.fn().mockResolvedValue(answer(resources));
    global.fetch = fetchMock;
    await Promise.all([loadStrings(), loadStrings()]);
    expect(await translate('Core.Close')).toBe('Fermer');
    expect(t('Core.ErrorServer')).toBe('Une erreur est survenue.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/shop/api/v1/localization/fr/stringresources');
  });

  it('returns the key for a missing entry or a branch of the tree', async () => {
    global.fetch = jest.fn().mockResolvedValue(answer(resources));
    await loadStrings();
    expect(t('Core.Missing')).toBe('Core.Missing');
    expect(t('Core')).toBe('Core');
    expect(t('Nothing.At.All')).toBe('Nothing.At.All');
  });

  it.each([
    ['the call fails', () => Promise.reject(new TypeError('offline'))],
    ['the server answers an error', () => Promise.resolve(answer({}, 500))],
  ])('warns and shows the key itself when %s', async (_, fetchImplementation) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    global.fetch = jest.fn(fetchImplementation);
    expect(await translate('Core.Close')).toBe('Core.Close');
    expect(warn).toHaveBeenCalledWith('Error traduction API');
    warn.mockRestore();
  });
});
