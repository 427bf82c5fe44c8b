// The asset widgets in Chromium (issue 16): an editor with two-factor uploads an image in the news
// editor's image widget, crops it in the crop modal (rotated both ways first), attaches it to a new
// post, previews the draft (a visitor gets a 404 for it), publishes it and sees it on the site. The
// same through S3 storage, on an s3rver started by the test. Then the widget's refusals: a smaller
// image than the crop, a non-image.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { axeViolations } from '../support/page-checks';
import { createTwoFactorAccount, currentCode } from '../support/two-factor';
import { type BrowserTestBed, openPage, useBrowserTestBed, withConsentAnswered } from './support/browser';

/** s3rver ships no types: the part of it the test uses. */
interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverServer;

jest.setTimeout(180_000);

const CROP = { width: 1200, height: 800 };

async function pngOf(width: number, height: number): Promise<Buffer> {
  // A gradient, so the cropped part differs from the whole (a flat colour would hide a wrong crop).
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels.set([(x * 255) / width, (y * 255) / height, 128], (y * width + x) * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** An editor with two-factor on, signed in through the login page and its code step, on returnUrl. */
async function editorPage(bed: BrowserTestBed, returnUrl: string, javaScript = true): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const account = await createTwoFactorAccount(bed.server.db, 'asset-editor');
  await bed.server.db.deleteFrom('user_roles').where('user_id', '=', account.id).execute();
  await bed.server.db.insertInto('user_roles').values({ user_id: account.id, role: 'editor' }).execute();
  const { page, context, errors } = await openPage(bed.browser, `${bed.server.url}/fr/`, { javaScript });
  await withConsentAnswered(context, bed.server.url);
  page.setDefaultTimeout(15_000);
  // The login form and its code step, posted with the browser's own cookies (as its no-JS forms would).
  const login = await context.request.get(`${bed.server.url}/fr/security/login`);
  const token = /name="_csrf" value="([^"]+)"/.exec(await login.text())?.[1] ?? '';
  const password = await context.request.post(`${bed.server.url}/fr/security/login`, { form: { _csrf: token, Email: account.email, Password: account.password }, maxRedirects: 0 });
  expect(password.headers().location).toBe('/fr/security/login/twofactor');
  const code = await context.request.post(`${bed.server.url}/fr/security/login/twofactor`, { form: { _csrf: token, Code: currentCode(account.secret) }, maxRedirects: 0 });
  expect(code.status()).toBe(303);
  await page.goto(`${bed.server.url}${returnUrl}`);
  expect(new URL(page.url()).pathname).toBe(returnUrl);
  return { page, errors, close: () => context.close() };
}

/** The status a visitor (no session) gets for a path, and its HTML. */
async function visitorGet(bed: BrowserTestBed, pathname: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${bed.server.url}${pathname}`, { redirect: 'manual' });
  return { status: response.status, html: await response.text() };
}

async function fillNewsPost(page: Page, slug: string): Promise<void> {
  const category = await page.locator('select[name="CategoryId"] option:not([value=""])').first().getAttribute('value');
  await page.selectOption('select[name="CategoryId"]', category!);
  await page.selectOption('select[name="Status"]', 'draft');
  await page.fill('input[name="PostedAt"]', '2026-11-20T10:00');
  await page.fill('[name="Title_fr"]', `Widget d'images ${slug}`);
  await page.fill('[name="Slug_fr"]', slug);
  await page.fill('[name="Summary_fr"]', 'Une image recadrée depuis la médiathèque.');
}

/** Uploads a 1600x1000 picture in the widget, turns it right then left in the crop modal, and crops it. */
async function uploadAndCrop(page: Page): Promise<number> {
  const field = page.locator('.backoffice-asset-field[data-asset-field-name="AssetId"]');
  await field.locator('[data-asset-widget-ready]').waitFor();
  // Without JavaScript the field is a number input; enhanced, it is hidden and the widget posts through it.
  expect(await field.locator('input[name="AssetId"]').getAttribute('type')).toBe('hidden');
  await field.locator('[data-asset-file]').setInputFiles({ name: 'paysage.png', mimeType: 'image/png', buffer: await pngOf(1600, 1000) });
  const modal = page.locator('dialog.asset-crop-modal[open]');
  await modal.locator('.cropper-crop-box').waitFor();
  // The modal fades in (300 ms): axe reads colours once it is opaque.
  await page.waitForTimeout(400);
  expect(await axeViolations(page)).toEqual([]);
  expect(await modal.locator('.asset-crop-hint').textContent()).toContain(`${CROP.width} x ${CROP.height} px`);
  const box = await modal.locator('[data-crop-box]').boundingBox();
  expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([568, 400]);
  await modal.locator('[data-crop-rotate="right"]').click();
  await modal.locator('[data-crop-rotate="left"]').click();
  await modal.locator('[data-crop-confirm]').click();
  await page.locator('dialog.asset-crop-modal').waitFor({ state: 'detached' });
  await page.locator('[data-asset-notice]:not(:empty), dialog.asset-error-modal [data-asset-error]').first().waitFor();
  expect(await page.locator('dialog.asset-error-modal [data-asset-error]').allTextContents()).toEqual([]);
  expect(await field.locator('[data-asset-notice]').textContent()).toBe('Image recadrée');
  const assetId = Number(await field.locator('input[name="AssetId"]').inputValue());
  expect(assetId).toBeGreaterThan(0);
  expect(await field.locator(`input[name="AssetId-AssetId"]`).inputValue()).toBe(String(assetId));
  expect(await field.locator('input[name="AssetLoadedAssetId"]').inputValue()).toBe('true');
  expect(await field.locator('input[name="file-upload-required-AssetId"]').isChecked()).toBe(true);
  return assetId;
}

async function pictureShown(page: Page, assetId: number): Promise<void> {
  const picture = page.locator(`img[src*="/assets/${assetId}/"], img[srcset*="/assets/${assetId}/"]`).first();
  await picture.scrollIntoViewIfNeeded();
  await page.waitForFunction((id) => [...document.images].some((image) => image.currentSrc.includes(`/assets/${id}/`) && image.complete && image.naturalWidth > 0), assetId);
}

async function editorJourney(bed: BrowserTestBed, slug: string): Promise<number> {
  const { page, errors, close } = await editorPage(bed, '/fr/backoffice/news/new');
  await fillNewsPost(page, slug);
  await page.locator('[data-asset-widget-ready]').first().waitFor();
  expect(await axeViolations(page)).toEqual([]);
  const assetId = await uploadAndCrop(page);
  const asset = await page.evaluate(async (id) => (await fetch(`/api/v1/assetslibrary/assets/${id}`)).json(), assetId);
  expect([asset.Width, asset.Height, asset.fileType]).toEqual([CROP.width, CROP.height, 'Image']);

  await Promise.all([page.waitForURL(/\/fr\/backoffice\/news\/\d+$/), page.click('.backoffice-form button[type="submit"]')]);
  expect(await page.locator('input[name="AssetId"]').inputValue()).toBe(String(assetId));
  // The draft: its preview shows it with the picture, a visitor gets a 404.
  const preview = await page.locator('a[data-preview="fr"]').getAttribute('href');
  expect((await visitorGet(bed, `/fr/news/${slug}`)).status).toBe(404);
  const editUrl = page.url();
  await page.goto(new URL(preview!, bed.server.url).toString());
  await page.getByText(`Widget d'images ${slug}`).first().waitFor();
  await pictureShown(page, assetId);

  // Published, a visitor sees it with the picture.
  await page.goto(editUrl);
  await page.locator('[data-asset-widget-ready] [data-asset-preview]').waitFor();
  await page.selectOption('select[name="Status"]', 'published');
  const [saved] = await Promise.all([
    page.waitForResponse((response) => response.url() === editUrl && response.request().method() === 'POST'),
    page.click('.backoffice-form button[type="submit"]'),
  ]);
  expect(saved.status()).toBe(303);
  const published = await visitorGet(bed, `/fr/news/${slug}`);
  expect(published.status).toBe(200);
  const visitor = await openPage(bed.browser, `${bed.server.url}/fr/news/${slug}`);
  await pictureShown(visitor.page, assetId);
  await visitor.context.close();
  expect(errors).toEqual([]);
  await close();
  return assetId;
}

describe('on disk', () => {
  const bed = useBrowserTestBed();

  test('upload, crop, attach to a news post, preview the draft, publish it', async () => {
    await editorJourney(bed, 'widget-images-disque');
  });

  test('a picture smaller than the crop and a file that is no picture are refused in a modal', async () => {
    const { page, close } = await editorPage(bed, '/fr/backoffice/news/new');
    const field = page.locator('.backoffice-asset-field[data-asset-field-name="AssetId"]');
    await field.locator('[data-asset-widget-ready]').waitFor();
    await field.locator('[data-asset-file]').setInputFiles({ name: 'petite.png', mimeType: 'image/png', buffer: await pngOf(600, 400) });
    const error = page.locator('dialog.asset-error-modal[open] [data-asset-error]');
    expect(await error.textContent()).toBe(`L'image doit mesurer au moins ${CROP.width} x ${CROP.height} px`);
    await page.locator('dialog.asset-error-modal[open] .modal-footer button').click();
    await field.locator('[data-asset-file]').setInputFiles({ name: 'faux.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    expect(await error.textContent()).toBe('Veuillez choisir une image valide.');
    await page.locator('dialog.asset-error-modal[open] .modal-footer button').click();
    expect(await field.locator('input[name="AssetId"]').inputValue()).toBe('');
    expect(await field.locator('input[name="file-upload-required-AssetId"]').isChecked()).toBe(false);
    await close();
  });
  test('turned a quarter, the crop is drawn at the crop size in the browser and uploaded, its progress shown while it travels', async () => {
    const { page, errors, close } = await editorPage(bed, '/fr/backoffice/news/new');
    const field = page.locator('.backoffice-asset-field[data-asset-field-name="AssetId"]');
    await field.locator('[data-asset-widget-ready]').waitFor();
    await field.locator('[data-asset-file]').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: await pngOf(1400, 2000) });
    const modal = page.locator('dialog.asset-crop-modal[open]');
    await modal.locator('.cropper-crop-box').waitFor();
    await modal.locator('[data-crop-rotate="right"]').click();
    // A slow upload: the progress bar shows how much has travelled.
    const network = await page.context().newCDPSession(page);
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 64 * 1024 });
    await modal.locator('[data-crop-confirm]').click();
    await page.waitForFunction(() => Number(document.querySelector<HTMLProgressElement>('[data-upload-progress] progress')?.value) > 0);
    await page.locator('dialog.asset-crop-modal').waitFor({ state: 'detached', timeout: 60_000 });
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.locator('[data-asset-notice]:not(:empty), dialog.asset-error-modal [data-asset-error]').first().waitFor();
    expect(await field.locator('[data-asset-notice]').textContent()).toBe('Image recadrée');
    expect(await page.locator('[data-upload-progress]').count()).toBe(0);
    const assetId = Number(await field.locator('input[name="AssetId"]').inputValue());
    const asset = await page.evaluate(async (id) => (await fetch(`/api/v1/assetslibrary/assets/${id}`)).json(), assetId);
    expect([asset.Width, asset.Height, asset.name]).toEqual([CROP.width, CROP.height, 'portrait.png']);
    expect(errors).toEqual([]);
    await close();
  });

  test('without JavaScript the picture is a plain asset id field that saves', async () => {
    const seeded = await bed.server.db.selectFrom('assets').select('id').orderBy('id').executeTakeFirstOrThrow();
    const { page, close } = await editorPage(bed, '/fr/backoffice/news/new', false);
    const field = page.locator('.backoffice-asset-field input[name="AssetId"]');
    expect(await field.getAttribute('type')).toBe('text');
    expect(await page.locator('[data-asset-widget="image"]').isHidden()).toBe(true);
    await fillNewsPost(page, 'widget-images-sans-js');
    await field.fill(String(seeded.id));
    await Promise.all([page.waitForURL(/\/fr\/backoffice\/news\/\d+$/), page.click('.backoffice-form button[type="submit"]')]);
    expect(await page.locator('.backoffice-asset-field input[name="AssetId"]').inputValue()).toBe(String(seeded.id));
    await close();
  });

  test('the gallery\'s multi-file widget: files added in one upload, a type off its map refused, reordered, removed', async () => {
    const { page, errors, close } = await editorPage(bed, '/fr/backoffice/news/new');
    const gallery = page.locator('.backoffice-asset-field[data-asset-field-name="GalleryIds"]');
    await gallery.locator('[data-asset-widget-ready]').waitFor();
    await gallery.locator('[data-asset-file]').setInputFiles([
      { name: 'premiere.png', mimeType: 'image/png', buffer: await pngOf(300, 200) },
      { name: 'seconde.png', mimeType: 'image/png', buffer: await pngOf(200, 300) },
      { name: 'notice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    expect(await page.locator('dialog.asset-error-modal[open] .modal-title').textContent()).toBe('notice.pdf');
    expect(await page.locator('dialog.asset-error-modal[open] [data-asset-error]').textContent()).toBe("Veuillez choisir un fichier d'un type accepté.");
    await page.locator('dialog.asset-error-modal[open] .modal-footer button').click();
    const items = gallery.locator('[data-asset-item]');
    await items.nth(1).waitFor();
    expect(await gallery.locator('[data-asset-notice]').textContent()).toBe('Fichier ajouté');
    const ids = await items.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-asset-item')));
    expect(await gallery.locator('input[name="GalleryIds"]').inputValue()).toBe(ids.join(','));
    expect(await gallery.locator('input[name="list-assets-orders-GalleryIds"]').inputValue()).toBe(ids.join(','));
    await items.nth(0).locator('[data-asset-down]').click();
    expect(await gallery.locator('input[name="GalleryIds"]').inputValue()).toBe([ids[1], ids[0]].join(','));
    await items.nth(0).locator('[data-asset-remove]').click();
    expect(await gallery.locator('[data-asset-notice]').textContent()).toBe('Fichier supprimé');
    expect(await gallery.locator('input[name="GalleryIds"]').inputValue()).toBe(ids[0]);
    expect(await gallery.locator('input[name="file-upload-required-GalleryIds"]').isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  test('an asset already in the library is chosen in the picker modal', async () => {
    const { page, errors, close } = await editorPage(bed, '/fr/backoffice/news/new');
    const field = page.locator('.backoffice-asset-field[data-asset-field-name="AssetId"]');
    await field.locator('[data-asset-library-open]').click();
    const picker = page.locator('dialog.asset-picker[open]');
    const first = picker.locator('[data-asset-picker-pane] li[data-asset]').first();
    await first.locator('[data-asset-pick]').waitFor();
    const chosen = JSON.parse((await first.getAttribute('data-asset'))!);
    await first.locator('[data-asset-pick]').click();
    await picker.waitFor({ state: 'detached' });
    expect(await field.locator('input[name="AssetId"]').inputValue()).toBe(String(chosen.AssetId));
    expect(await field.locator('[data-asset-notice]').textContent()).toBe('Fichier ajouté');
    expect(await field.locator('.asset-widget-name input').inputValue()).toBe(chosen.name);
    // Enter in the name renames the asset on the server; the news form is not submitted.
    await field.locator('.asset-widget-name input').fill('Atelier choisi.jpg');
    await field.locator('.asset-widget-name input').press('Enter');
    await field.locator('[data-asset-notice]', { hasText: 'Nom modifié' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/fr/backoffice/news/new');
    expect(await field.locator('input[name="asset-AssetId-name-changed"]').inputValue()).toBe('true');
    const renamed = await page.evaluate(async (id) => (await fetch(`/api/v1/assetslibrary/assets/${id}`)).json(), chosen.AssetId);
    expect(renamed.Name).toBe('Atelier choisi.jpg');
    expect(errors).toEqual([]);
    await close();
  });

  test('the library page: a folder made, opened (changeFolder, its assets loaded), uploaded into, refused when not empty', async () => {
    const { page, errors, close } = await editorPage(bed, '/fr/backoffice/assets');
    const library = page.locator('#asset-library [data-asset-library-ready]');
    await library.waitFor();
    await library.locator('[data-folder-create] input[name="Name"]').fill('Reportages');
    await library.locator('[data-folder-create] button[type="submit"]').click();
    const folder = library.locator('[data-folder-name]', { hasText: 'Reportages' });
    await folder.waitFor();
    expect(await library.locator('.folder-tree > [data-asset-notice]').textContent()).toBe('Dossier créé');
    await page.evaluate(() => {
      const seen = window as unknown as { changeFolder?: unknown };
      document.addEventListener('changeFolder', (event) => (seen.changeFolder = (event as CustomEvent).detail));
    });
    await folder.click();
    const folderId = Number(await folder.locator('xpath=..').getAttribute('data-folder-id'));
    await library.locator(`[data-asset-library-update] #asset-library-assets[data-folder-id="${folderId}"]`).waitFor();
    expect(await page.evaluate(() => (window as unknown as { changeFolder?: unknown }).changeFolder)).toEqual({ rootFolderId: folderId, targetFolderId: folderId });

    await library.locator('[data-library-upload]').setInputFiles({ name: 'reportage.png', mimeType: 'image/png', buffer: await pngOf(800, 600) });
    await library.locator('[data-upload-progress]').waitFor({ state: 'detached' });
    const item = library.locator(`#asset-library-assets[data-folder-id="${folderId}"] .asset-library-asset`, { hasText: 'reportage.png' });
    await item.waitFor();
    expect(await library.locator('section.asset-library-folder > [data-asset-notice]').textContent()).toBe('Fichier ajouté');

    await library.locator('[data-folder-delete]').click();
    await library.locator('[data-folder-delete-confirm]').click();
    const refusal = page.locator('dialog.asset-error-modal[open] [data-asset-error]');
    expect(await refusal.textContent()).toBe("Ce dossier n'est pas vide : déplacez ou supprimez d'abord ses fichiers et sous-dossiers.");
    await page.locator('dialog.asset-error-modal[open] .modal-footer button').click();
    await library.locator('[data-folder-rename] input[name="Name"]').fill('Reportages 2026');
    await library.locator('[data-folder-rename] button[type="submit"]').click();
    await library.locator('[data-folder-name]', { hasText: 'Reportages 2026' }).waitFor();
    // The browser logs the refused delete's 400 itself; nothing else went wrong.
    expect(errors).toEqual([expect.stringContaining(`400 (Bad Request) (${bed.server.url}/api/v1/assetslibrary/folders/${folderId}/delete)`)]);
    await close();
  });
});

describe('on S3 storage', () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const env: Record<string, string> = {};
  let s3rver: S3rverServer | undefined;
  // Registered before the test bed's own, so the app starts with the bucket's address.
  beforeAll(async () => {
    s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'assets-e2e', configs: [] }] });
    const { port } = await s3rver.run();
    Object.assign(env, {
      S3_BUCKET: 'assets-e2e',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  const bed = useBrowserTestBed(env);
  afterAll(async () => {
    await s3rver?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  test('the same journey stores the upload and its renditions in the bucket', async () => {
    const assetId = await editorJourney(bed, 'widget-images-s3');
    const client = new S3Client({ endpoint: env.S3_ENDPOINT, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: 'assets-e2e' }));
    const keys = (listed.Contents ?? []).map((object) => object.Key ?? '');
    expect(keys.some((key) => /^assets\/[0-9a-f]{32}$/.test(key))).toBe(true);
    expect(keys.some((key) => key.startsWith(`renditions/${assetId}/`))).toBe(true);
    client.destroy();
  });
});
