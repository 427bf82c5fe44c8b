// The upload form of the asset library page in Chromium without JavaScript, read by busboy: the browser's
// own multipart body (its _csrf field, a UTF-8 file name with accents, CJK and a double quote, which
// Chromium sends as %22) gives an asset of that very name; a file over 10 MB in the same post is refused
// alone, with its notice.
import sharp from 'sharp';
import { resource } from '../support/resources';
import { createTwoFactorAccount, currentCode } from '../support/two-factor';
import { type BrowserTestBed, openPage, useBrowserTestBed, withConsentAnswered } from './support/browser';

jest.setTimeout(120_000);

async function editorOnLibrary(bed: BrowserTestBed) {
  const account = await createTwoFactorAccount(bed.server.db, 'e2e-assets-multipart');
  await bed.server.db.insertInto('user_roles').values({ user_id: account.id, role: 'editor' }).execute();
  const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/`, { javaScript: false });
  await withConsentAnswered(context, bed.server.url);
  const returnUrl = '/fr/backoffice/assets';
  await page.goto(`${bed.server.url}/fr/security/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  await page.fill('#login-Email', account.email);
  await page.fill('#login-Password', account.password);
  await page.click('.login-form button[type="submit"]');
  await page.locator('#two-factor-code').waitFor();
  await page.fill('#two-factor-code', currentCode(account.secret));
  // Until the document is in, not its load event: the library's every thumbnail counts for load, which on a
  // loaded machine (an S3 bucket in the same process) took over 30 s; the library itself is waited for next.
  await Promise.all([page.waitForURL((url) => url.pathname === returnUrl, { waitUntil: 'domcontentloaded' }), page.click('form.two-factor-form button[type="submit"]')]);
  await page.locator('#asset-library').waitFor();
  return { page, context, errors };
}

describe('the upload form read by busboy', () => {
  const bed = useBrowserTestBed();

  test('a UTF-8 name with a double quote is kept; a file over 10 MB is refused alone', async () => {
    const { page, context, errors } = await editorOnLibrary(bed);
    const name = 'Été à Kyōto 京都 "fin".jpg';
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]);
    await page.setInputFiles('#asset-library-files', [
      { name, mimeType: 'image/jpeg', buffer: await sharp({ create: { width: 120, height: 90, channels: 3, background: '#a37' } }).jpeg().toBuffer() },
      { name: 'big.pdf', mimeType: 'application/pdf', buffer: big },
    ]);
    await page.click('form.asset-library-upload button[type="submit"]');
    await page.locator('.asset-library-asset', { hasText: name }).waitFor();
    await page.waitForLoadState('load');
    const body = (await page.textContent('body')) ?? '';
    expect(body).toContain(resource('fr', 'AssetsLibrary.FileAdded'));
    expect(body).toContain(`big.pdf : ${resource('fr', 'AssetsLibrary.FileTooBig').replace('{{max}}', String(10 * 1024 * 1024))}`);
    const stored = await bed.server.db.selectFrom('assets').select(['name', 'original_name']).where('original_name', '=', name).execute();
    expect(stored).toEqual([{ name, original_name: name }]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
