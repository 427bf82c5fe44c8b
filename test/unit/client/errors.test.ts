/** @jest-environment jsdom */
import { errorAction, reportRequestError } from '../../../client/shell/errors';

jest.mock('../../../client/shell/dialogs', () => ({
  openLoginDialog: jest.fn().mockResolvedValue(undefined),
  openErrorDialog: jest.fn().mockResolvedValue(undefined),
}));

// eslint-disable-next-line @typescript-eslint/no-require-imports
const dialogs = require('../../../client/shell/dialogs') as { openLoginDialog: jest.Mock; openErrorDialog: jest.Mock };

describe('error mapping', () => {
  let error: jest.SpyInstance;
  let warn: jest.SpyInstance;

  beforeEach(() => {
    jest.clearAllMocks();
    error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it.each([
    [401, 'login'],
    [404, 'console-error'],
    [0, 'console-warn'],
    [500, 'error-dialog'],
    [403, 'error-dialog'],
    [429, 'error-dialog'],
    [503, 'error-dialog'],
  ])('maps status %i to %s', (status, action) => {
    expect(errorAction(status)).toBe(action);
  });

  it('opens the login dialog on 401', async () => {
    await reportRequestError(401, '/fr/account');
    expect(dialogs.openLoginDialog).toHaveBeenCalledTimes(1);
    expect(dialogs.openErrorDialog).not.toHaveBeenCalled();
  });

  it('only logs a 404 to the console', async () => {
    await reportRequestError(404, '/fr/missing');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('/fr/missing'));
    expect(dialogs.openLoginDialog).not.toHaveBeenCalled();
    expect(dialogs.openErrorDialog).not.toHaveBeenCalled();
  });

  it('only warns on status 0 (aborted or offline)', async () => {
    await reportRequestError(0, '/fr/about');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
    expect(dialogs.openErrorDialog).not.toHaveBeenCalled();
  });

  it('opens the localised error dialog on any other status', async () => {
    await reportRequestError(500, '/fr/about');
    expect(dialogs.openErrorDialog).toHaveBeenCalledTimes(1);
    expect(dialogs.openLoginDialog).not.toHaveBeenCalled();
  });
});
