/** @jest-environment jsdom */
import { request, RequestError } from '../../../client/shell/request';
import { fakeResponse } from './support/responses';

jest.mock('../../../client/shell/errors', () => ({ reportRequestError: jest.fn().mockResolvedValue(undefined) }));

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { reportRequestError } = require('../../../client/shell/errors') as { reportRequestError: jest.Mock };

describe('request', () => {
  let fetchMock: jest.Mock;

  beforeEach(() => {
    document.head.innerHTML = '<meta name="csrf-token" content="secret-token">';
    fetchMock = jest.fn().mockResolvedValue(fakeResponse('<p>ok</p>'));
    global.fetch = fetchMock;
    reportRequestError.mockClear();
  });

  const sentHeaders = () => fetchMock.mock.calls[0][1].headers as Record<string, string>;

  it('marks the call as htmx-style and names the target region', async () => {
    await request('/fr/about', { target: 'page' });
    expect(sentHeaders()['HX-Request']).toBe('true');
    expect(sentHeaders()['HX-Target']).toBe('page');
    expect(sentHeaders()['X-CSRF-Token']).toBeUndefined();
    expect(fetchMock.mock.calls[0][1]).not.toHaveProperty('target');
  });

  it.each(['POST', 'put', 'PATCH', 'DELETE'])('sends the CSRF token on %s', async (method) => {
    await request('/fr/newsletter', { method, body: 'Email=a%40b.c' });
    expect(sentHeaders()['X-CSRF-Token']).toBe('secret-token');
  });

  it('reports an error status and rejects with a RequestError', async () => {
    fetchMock.mockResolvedValue(fakeResponse('', 500));
    await expect(request('/fr/broken')).rejects.toEqual(expect.objectContaining({ name: 'RequestError', status: 500 }));
    expect(reportRequestError).toHaveBeenCalledWith(500, '/fr/broken', undefined);
  });

  it('asks a login to return to the page being loaded when a page load answers 401', async () => {
    fetchMock.mockResolvedValue(fakeResponse('', 401));
    await expect(request('/fr/account', { target: 'page' })).rejects.toBeInstanceOf(RequestError);
    expect(reportRequestError).toHaveBeenCalledWith(401, '/fr/account', '/fr/account');
  });

  it('reports a network failure or an abort as status 0', async () => {
    fetchMock.mockRejectedValue(new Error('The operation was aborted.'));
    await expect(request('/fr/about')).rejects.toBeInstanceOf(RequestError);
    expect(reportRequestError).toHaveBeenCalledWith(0, '/fr/about');
  });
});

describe('request with expected statuses', () => {
  it('returns a refused form answer to the caller without reporting it', async () => {
    reportRequestError.mockClear();
    global.fetch = jest.fn().mockResolvedValue(fakeResponse('<form>errors</form>', 400));
    const response = await request('/fr/newsletter', { method: 'POST', expectedStatuses: [400, 422] });
    expect(response.status).toBe(400);
    expect(reportRequestError).not.toHaveBeenCalled();
  });
});
