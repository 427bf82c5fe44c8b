// The back office's asset library page in Chromium without JavaScript: an editor creates a
// folder with its form, opens it, uploads an image and a refused file with the multipart form (the
// image shows as a loaded thumbnail, the refusal as a notice), and the page passes axe and the Nu checker;
// the same with the files in an S3 bucket (s3rver on the loopback).
import sharp from 'sharp';
import { axeViolations } from '../support/page-checks';
import { resource } from '../support/resources';
import { signedInEditor } from '../http/backoffice-helpers';
import { createTwoFactorAccount, currentCode } from '../support/two-factor';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { storageFor } from '../../server/storage';
import { useS3rver } from '../support/s3rver';
import { type BrowserTestBed, openPage, useBrowserTestBed, withConsentAnswered } from './support/browser';
import { documentsOf, expectNoHtmlErrors } from './support/html-checks';

jest.setTimeout(120_000);

/** An editor with two-factor on (the back office requires it), signed in with password and code. */
async function editorOnLibrary(bed: BrowserTestBed, javaScript: boolean) {
  const account = await createTwoFactorAccount(bed.server.db, `e2e-assets-${javaScript ? 'js' : 'nojs'}`);
  await bed.server.db.insertInto('user_roles').values({ user_id: account.id, role: 'editor' }).execute();
  const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/`, { javaScript });
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

const photo = () => sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7' } }).jpeg().toBuffer();

// With JavaScript the assets-client island takes #asset-library over (its own tests drive it); here the
// page as it works without JavaScript.
function uploadJourney(bed: BrowserTestBed, javaScript = false) {
  test('create a folder, open it, upload with the form: the image listed with its thumbnail, a bad file refused', async () => {
    const { page, context, errors } = await editorOnLibrary(bed, javaScript);
    const folderName = `Press kit ${javaScript ? 'js' : 'nojs'}`;
    await page.fill('#asset-folder-new', folderName);
    await Promise.all([page.waitForURL(/folderId=\d+/), page.click('form.asset-library-create-folder button[type="submit"]')]);
    await page.locator('.asset-library-tree a[aria-current="page"]', { hasText: folderName }).waitFor();
    expect(await page.textContent('.asset-library-path')).toContain(folderName);
    expect(await page.textContent('body')).toContain(resource('fr', 'AssetsLibrary.FolderCreated'));

    await page.setInputFiles('#asset-library-files', [
      { name: 'team photo.jpg', mimeType: 'image/jpeg', buffer: await photo() },
      { name: 'invoice.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html><script>alert(1)</script></html>') },
    ]);
    await page.click('form.asset-library-upload button[type="submit"]');
    const listed = page.locator('.asset-library-asset', { hasText: 'team photo.jpg' });
    await listed.waitFor();
    // Read once the page has loaded: waitForFunction's polling may never run on a page without scripts.
    await page.waitForLoadState('load');
    expect(await listed.locator('img.asset-library-thumbnail').evaluate((image: HTMLImageElement) => [image.complete, image.naturalWidth])).toEqual([true, 80]);
    expect(await page.locator('.asset-library-asset').count()).toBe(1);
    expect(await page.textContent('body')).toContain(`invoice.jpg : ${resource('fr', 'AssetsLibrary.PutCorrectFile')}`);
    expect(await axeViolations(page, { javaScript })).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
}

describe('files on disk (the default)', () => {
  const bed = useBrowserTestBed();
  uploadJourney(bed);

  test('the library page is valid HTML', async () => {
    const { agent } = await signedInEditor(bed.server);
    await expectNoHtmlErrors(await documentsOf(agent, ['/fr/backoffice/assets']));
  });
});

describe('files in an S3 bucket', () => {
  const env: Record<string, string> = {};
  useS3rver(env);
  const bed = useBrowserTestBed(env);
  uploadJourney(bed);

  test('the upload and its thumbnail are in the bucket, nothing under DATA_DIR/storage', async () => {
    const storage = storageFor(bed.server.config);
    expect((await storage.list('assets/')).length).toBe(1);
    expect((await storage.list('renditions/')).length).toBeGreaterThanOrEqual(1);
    expect(existsSync(path.join(bed.server.config.DATA_DIR, 'storage'))).toBe(false);
  });
});
