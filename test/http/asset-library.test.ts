// The asset library's calls (docs/asset-library.md): upload (per-file JSON array), temp images and
// croptempimg, read/rename/delete an asset, the folder hierarchy and its changes, the assetsbyfolder
// fragment and the no-JS back-office page. Editors only: a visitor 401, a customer 403; bad ids 400.
import request from 'supertest';
import sharp from 'sharp';
import { useTestApp } from '../support/app';
import { assetKeyQuery } from '../../server/assets/keys';
import { attributeOf, parseHtml, textsOf } from '../support/html';
import { resource } from '../support/resources';
import { demo, signedIn, visitor } from './accounts-helpers';
import { editor, holdings, image, upload } from './asset-library-helpers';

const testApp = useTestApp();

const auditOf = (entity: string, entityId: string | number) =>
  testApp.db.selectFrom('audit_log').select(['action', 'actor_id', 'before_json', 'after_json']).where('entity', '=', entity).where('entity_id', '=', String(entityId)).orderBy('id').execute();

describe('upload', () => {
  test('answers one entry per file: the asset fields, or the name and a localised Error; audited', async () => {
    const desk = await editor(testApp);
    const before = await holdings(testApp);
    const answer = await upload(desk, [
      { name: 'photo.jpg', bytes: await image(640, 480) },
      { name: 'notes.jpg', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
      { name: 'logo.png', bytes: await image(120, 60, 'png') },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(answer.body).toHaveLength(3);
    const [photo, refused, logo] = answer.body;
    expect(photo).toEqual({
      guid: String(photo.AssetId), AssetId: expect.any(Number), name: 'photo.jpg', Name: 'photo.jpg', OriginalFileName: 'photo.jpg',
      Uri: `/assets/file/${photo.AssetId}/photo.jpg${assetKeyQuery(photo.AssetId)}`, thumbnail_url: `/assets/${photo.AssetId}/80x80/photo.jpg${assetKeyQuery(photo.AssetId)}`,
      Width: 640, Height: 480, fileType: 'Image', size: expect.any(Number), FolderId: null,
    });
    expect(refused).toEqual({ name: 'notes.jpg', Error: resource('fr', 'AssetsLibrary.PutCorrectFile') });
    expect([logo.name, logo.Width, logo.Height]).toEqual(['logo.png', 120, 60]);
    expect(await holdings(testApp)).toEqual({ ...before, rows: before.rows + 2, stored: before.stored + 2 });
    expect((await auditOf('asset', photo.AssetId)).map((row) => [row.action, row.actor_id])).toEqual([['asset.upload', desk.userId]]);

    const file = await request(testApp.app).get(photo.Uri).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(file.body as Buffer).metadata()).width).toBe(640);
    const thumbnail = await request(testApp.app).get(photo.thumbnail_url).buffer(true);
    expect(thumbnail.status).toBe(200);
    expect((await sharp(thumbnail.body as Buffer).metadata()).width).toBe(80);
  });

  test('images lose their metadata (EXIF GPS included) and a name gets the extension of its bytes', async () => {
    const desk = await editor(testApp);
    const original = await image(300, 200, 'jpeg', { gps: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const [asset] = (await upload(desk, [{ name: 'holiday.exe', bytes: original }])).body;
    expect(asset.name).toBe('holiday.jpg');
    const stored = (await request(testApp.app).get(asset.Uri).buffer(true)).body as Buffer;
    const meta = await sharp(stored).metadata();
    expect([meta.exif, meta.xmp, meta.iptc]).toEqual([undefined, undefined, undefined]);
    expect(stored.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  test('GIF (its frames kept) and WebP are images too', async () => {
    const desk = await editor(testApp);
    const frames = await Promise.all(['#f00', '#0f0', '#00f'].map((background) => sharp({ create: { width: 40, height: 30, channels: 3, background } }).raw().toBuffer()));
    const animated = await sharp(Buffer.concat(frames), { raw: { width: 40, height: 90, channels: 3, pageHeight: 30 } } as sharp.SharpOptions).gif({ loop: 0 }).toBuffer();
    const [gif, webp] = (await upload(desk, [{ name: 'anim.gif', bytes: animated }, { name: 'pic.webp', bytes: await image(70, 50, 'webp') }])).body;
    expect([gif.fileType, gif.Width, gif.Height, webp.fileType, webp.Width]).toEqual(['Image', 40, 30, 'Image', 70]);
    const stored = (await request(testApp.app).get(gif.Uri).buffer(true)).body as Buffer;
    expect((await sharp(stored, { animated: true }).metadata()).pages).toBe(3);
  });

  test('a PDF is a Document, served as an attachment with nosniff', async () => {
    const desk = await editor(testApp);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const [asset] = (await upload(desk, [{ name: 'price list.pdf', bytes: pdf }])).body;
    expect([asset.fileType, asset.thumbnail_url, asset.Width]).toEqual(['Document', null, 0]);
    const file = await request(testApp.app).get(asset.Uri);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="price list.pdf"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  test('into a folder; an unknown or malformed folderId is a 400 and stores nothing', async () => {
    const desk = await editor(testApp);
    const folder = (await desk.agent.post('/api/v1/assetslibrary/folders').set('X-CSRF-Token', desk.token).send({ Name: 'Banners' })).body;
    const [asset] = (await upload(desk, [{ name: 'a.jpg', bytes: await image(50, 50) }], { folderId: String(folder.FolderId) })).body;
    expect(asset.FolderId).toBe(folder.FolderId);
    const before = await holdings(testApp);
    for (const folderId of ['99999', 'abc', '-1']) {
      const answer = await upload(desk, [{ name: 'b.jpg', bytes: await image(50, 50) }], { folderId });
      expect(answer.status).toBe(400);
      expect(typeof answer.body.Message).toBe('string');
    }
    expect(await holdings(testApp)).toEqual(before);
  });

  test('whole-request problems are a 400 with a Message: not multipart, no file, too many files', async () => {
    const desk = await editor(testApp);
    const before = await holdings(testApp);
    const notMultipart = await desk.agent.post('/api/v1/assetslibrary/assets/upload?culture=de').set('X-CSRF-Token', desk.token).send({ files: 'x' });
    expect(notMultipart.status).toBe(400);
    expect(notMultipart.body.Message).toBe(resource('de', 'AssetsLibrary.NotMultipart'));
    const none = await desk.agent.post('/api/v1/assetslibrary/assets/upload?culture=fr').set('X-CSRF-Token', desk.token).field('folderId', '');
    expect(none.body.Message).toBe(resource('fr', 'AssetsLibrary.NoFile'));
    const small = await image(8, 8);
    const many = await upload(desk, Array.from({ length: 11 }, (_, index) => ({ name: `${index}.jpg`, bytes: small })));
    expect(many.status).toBe(400);
    expect(many.body.Message).toBe(resource('fr', 'AssetsLibrary.TooManyFiles'));
    expect(await holdings(testApp)).toEqual(before);
  });

  test('a visitor gets 401, a customer 403, and a post without the CSRF token 403', async () => {
    const bytes = await image(20, 20);
    const anonymous = await visitor(testApp, '/fr/');
    expect((await anonymous.agent.post('/api/v1/assetslibrary/assets/upload').set('X-CSRF-Token', anonymous.token).attach('files', bytes, 'a.jpg')).status).toBe(401);
    const customer = await signedIn(testApp, demo.customer);
    expect((await customer.agent.post('/api/v1/assetslibrary/assets/upload').set('X-CSRF-Token', customer.token).attach('files', bytes, 'a.jpg')).status).toBe(403);
    const desk = await editor(testApp);
    expect((await desk.agent.post('/api/v1/assetslibrary/assets/upload').attach('files', bytes, 'a.jpg')).status).toBe(403);
  });
});

describe('temp images and croptempimg', () => {
  const crop = (desk: Awaited<ReturnType<typeof editor>>, path: string) => desk.agent.get(`/assets/croptempimg/${path}`).set('Accept-Language', 'fr');

  test('temp=true answers tmpName and size without a library row; the crop becomes an asset of the crop size', async () => {
    const desk = await editor(testApp);
    const before = await holdings(testApp);
    const [temp] = (await upload(desk, [{ name: 'wide.jpg', bytes: await image(1200, 900) }], { temp: 'true' })).body;
    expect(temp).toEqual({ tmpName: expect.stringMatching(/^[a-f0-9]{32}$/), Width: 1200, Height: 900, name: 'wide.jpg', size: expect.any(Number), fileType: 'Image' });
    expect(await holdings(testApp)).toEqual({ ...before, temp: before.temp + 2 });
    const answer = await crop(desk, `${temp.tmpName}/100/50/852/600/568/400`);
    expect(answer.status).toBe(200);
    expect([answer.body.Width, answer.body.Height, answer.body.name, answer.body.fileType]).toEqual([568, 400, 'wide.jpg', 'Image']);
    const meta = await sharp((await request(testApp.app).get(answer.body.Uri).buffer(true)).body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([568, 400]);
    expect((await auditOf('asset', answer.body.AssetId)).map((row) => row.action)).toEqual(['asset.crop']);
    // The temp image is gone after its crop: asking again is a 400 naming it.
    const again = await crop(desk, `${temp.tmpName}/100/50/852/600/568/400`);
    expect(again.status).toBe(400);
    expect(again.body.Error).toBe(resource('fr', 'AssetsLibrary.TempMissing'));
    expect(await holdings(testApp)).toEqual({ ...before, rows: before.rows + 1, stored: before.stored + 1 });
  });

  test('keepOriginal=true keeps the temp image for another crop', async () => {
    const desk = await editor(testApp);
    const [temp] = (await upload(desk, [{ name: 'keep.png', bytes: await image(400, 400, 'png') }], { temp: 'true' })).body;
    expect((await crop(desk, `${temp.tmpName}/0/0/400/400/200/200?keepOriginal=true`)).status).toBe(200);
    const second = await crop(desk, `${temp.tmpName}/0/0/200/200/100/100`);
    expect([second.status, second.body.Width]).toEqual([200, 100]);
  });

  test.each([
    ['0/0/401/400/200/200', 'AssetsLibrary.CropOutside'],
    ['300/0/200/200/100/100', 'AssetsLibrary.CropOutside'],
    ['0/0/0/200/100/100', 'AssetsLibrary.CropInvalid'],
    ['0/0/200/200/0/100', 'AssetsLibrary.CropInvalid'],
    ['-1/0/200/200/100/100', 'AssetsLibrary.CropInvalid'],
    ['0/0/200.5/200/100/100', 'AssetsLibrary.CropInvalid'],
    ['0/0/200/200/3000/3000', 'AssetsLibrary.CropInvalid'],
  ])('the crop %s is a 400 with a localised Error, and stores nothing', async (numbers, key) => {
    const desk = await editor(testApp);
    const [temp] = (await upload(desk, [{ name: 'c.png', bytes: await image(400, 400, 'png') }], { temp: 'true' })).body;
    const before = await holdings(testApp);
    const answer = await crop(desk, `${temp.tmpName}/${numbers}`);
    expect(answer.status).toBe(400);
    expect(answer.body.Error).toBe(resource('fr', key));
    expect(await holdings(testApp)).toEqual(before);
  });

  test('a crop smaller than the crop size gives the minimum-size message and the size', async () => {
    const desk = await editor(testApp);
    const [temp] = (await upload(desk, [{ name: 'small.jpg', bytes: await image(400, 300) }], { temp: 'true' })).body;
    const answer = await crop(desk, `${temp.tmpName}/0/0/284/200/568/400`);
    expect(answer.status).toBe(400);
    expect(answer.body.Error).toBe(`${resource('fr', 'AssetsLibrary.MinimumSize')} 568 x 400 px`);
  });

  test('a non-image with temp=true: encode correct image; a missing or malformed tmpName: 400', async () => {
    const desk = await editor(testApp);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    expect((await upload(desk, [{ name: 'doc.pdf', bytes: pdf }], { temp: 'true' })).body).toEqual([{ name: 'doc.pdf', Error: resource('fr', 'AssetsLibrary.EncodeCorrectImage') }]);
    for (const tmpName of ['0123456789abcdef0123456789abcdef', '..%2F..%2Fetc', 'x']) {
      const answer = await crop(desk, `${tmpName}/0/0/10/10/10/10`);
      expect(answer.status).toBe(400);
      expect(answer.body.Error).toBe(resource('fr', 'AssetsLibrary.TempMissing'));
    }
  });

  test('a visitor gets 401 and a customer 403', async () => {
    expect((await request(testApp.app).get('/assets/croptempimg/0123456789abcdef0123456789abcdef/0/0/10/10/10/10')).status).toBe(401);
    const customer = await signedIn(testApp, demo.customer);
    expect((await customer.agent.get('/assets/croptempimg/0123456789abcdef0123456789abcdef/0/0/10/10/10/10')).status).toBe(403);
  });
});

describe('assets', () => {
  test('read, rename (audited, the old file address redirects) and delete (row and files gone)', async () => {
    const desk = await editor(testApp);
    const [asset] = (await upload(desk, [{ name: 'old name.jpg', bytes: await image(100, 100) }])).body;
    const read = await desk.agent.get(`/api/v1/assetslibrary/assets/${asset.AssetId}`);
    expect(read.body).toEqual(asset);
    const empty = await desk.agent.post(`/api/v1/assetslibrary/assets/${asset.AssetId}/rename?culture=es`).set('X-CSRF-Token', desk.token).send({ Name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.Message).toBe(resource('es', 'AssetsLibrary.NameRequired'));
    const renamed = await desk.agent.post(`/api/v1/assetslibrary/assets/${asset.AssetId}/rename`).set('X-CSRF-Token', desk.token).send({ Name: '../new\u0000 name.jpg' });
    expect([renamed.body.Name, renamed.body.OriginalFileName]).toEqual(['new name.jpg', 'old name.jpg']);
    expect((await auditOf('asset', asset.AssetId)).map((row) => [row.action, row.after_json])).toEqual([
      ['asset.upload', expect.any(String)],
      ['asset.rename', JSON.stringify({ name: 'new name.jpg' })],
    ]);
    expect((await request(testApp.app).get(asset.Uri)).headers.location).toBe(renamed.body.Uri);
    const before = await holdings(testApp);
    const deleted = await desk.agent.post(`/api/v1/assetslibrary/assets/${asset.AssetId}/delete`).set('X-CSRF-Token', desk.token);
    expect(deleted.body).toEqual({ AssetId: asset.AssetId });
    expect(await holdings(testApp)).toEqual({ ...before, rows: before.rows - 1, stored: before.stored - 1 });
    expect((await desk.agent.get(`/api/v1/assetslibrary/assets/${asset.AssetId}`)).status).toBe(404);
    expect((await request(testApp.app).get(renamed.body.Uri)).status).toBe(404);
  });

  test('a malformed id is a 400, an unknown one 404; a picture the catalog uses is not deleted', async () => {
    const desk = await editor(testApp);
    for (const id of ['abc', '0', '-3', '1.5']) {
      const answer = await desk.agent.get(`/api/v1/assetslibrary/assets/${id}?culture=fr`);
      expect(answer.status).toBe(400);
      expect(answer.body.Message).toBe(resource('fr', 'AssetsLibrary.InvalidId'));
    }
    expect((await desk.agent.get('/api/v1/assetslibrary/assets/999999')).status).toBe(404);
    const used = await testApp.db.selectFrom('product_images').select('asset_id').limit(1).executeTakeFirstOrThrow();
    const refused = await desk.agent.post(`/api/v1/assetslibrary/assets/${used.asset_id}/delete?culture=fr`).set('X-CSRF-Token', desk.token);
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe(resource('fr', 'AssetsLibrary.AssetInUse'));
    expect((await desk.agent.get(`/api/v1/assetslibrary/assets/${used.asset_id}`)).status).toBe(200);
  });

  test('a visitor gets 401 and a customer 403 on every call', async () => {
    const customer = await signedIn(testApp, demo.customer);
    const calls = ['/api/v1/assetslibrary/assets/1', '/api/v1/assetslibrary/folders/hierarchy', '/fr/assetslibrary/asset/assetsbyfolder/'];
    for (const path of calls) {
      expect((await request(testApp.app).get(path).set('Accept', 'application/json')).status).toBe(401);
      expect((await customer.agent.get(path)).status).toBe(403);
    }
    for (const path of ['/api/v1/assetslibrary/assets/1/rename', '/api/v1/assetslibrary/assets/1/delete', '/api/v1/assetslibrary/folders', '/api/v1/assetslibrary/folders/1/delete']) {
      expect((await customer.agent.post(path).set('X-CSRF-Token', customer.token).send({ Name: 'x' })).status).toBe(403);
    }
  });
});

describe('folders', () => {
  const post = (desk: Awaited<ReturnType<typeof editor>>, path: string, body: object = {}) =>
    desk.agent.post(`/api/v1/assetslibrary/folders${path}?culture=fr`).set('X-CSRF-Token', desk.token).send(body);

  test('create, hierarchy with ItemLevel, rename, move (never into itself or below), delete when empty', async () => {
    const desk = await editor(testApp);
    const top = (await post(desk, '', { Name: 'Top' })).body;
    expect(top).toEqual({ FolderId: expect.any(Number), Name: 'Top', ParentId: null });
    const child = (await post(desk, '', { Name: 'Child', ParentId: top.FolderId })).body;
    const grandchild = (await post(desk, '', { Name: 'Grandchild', ParentId: String(child.FolderId) })).body;
    const tree = (await desk.agent.get(`/api/v1/assetslibrary/folders/hierarchy?folderId=${top.FolderId}`)).body;
    expect(tree).toEqual([{ FolderId: child.FolderId, Name: 'Child', ItemLevel: 1, Children: [{ FolderId: grandchild.FolderId, Name: 'Grandchild', ItemLevel: 2, Children: [] }] }]);
    const whole = (await desk.agent.get('/api/v1/assetslibrary/folders/hierarchy')).body;
    expect(whole.find((node: { FolderId: number }) => node.FolderId === top.FolderId)).toMatchObject({ Name: 'Top', ItemLevel: 1 });

    expect((await post(desk, `/${child.FolderId}/rename`, { Name: 'Renamed' })).body).toEqual({ FolderId: child.FolderId, Name: 'Renamed', ParentId: top.FolderId });
    for (const target of [top.FolderId, child.FolderId, grandchild.FolderId]) {
      const loop = await post(desk, `/${top.FolderId}/move`, { ParentId: target });
      expect(loop.status).toBe(400);
      expect(loop.body.Message).toBe(resource('fr', 'AssetsLibrary.FolderMoveIntoItself'));
    }
    expect((await post(desk, `/${grandchild.FolderId}/move`, { ParentId: null })).body.ParentId).toBeNull();

    const notEmpty = await post(desk, `/${top.FolderId}/delete`);
    expect(notEmpty.status).toBe(400);
    expect(notEmpty.body.Message).toBe(resource('fr', 'AssetsLibrary.FolderNotEmpty'));
    expect((await post(desk, `/${child.FolderId}/delete`)).body).toEqual({ FolderId: child.FolderId });
    expect((await post(desk, `/${top.FolderId}/delete`)).status).toBe(200);
    expect((await auditOf('asset_folder', child.FolderId)).map((row) => row.action)).toEqual(['folder.create', 'folder.rename', 'folder.delete']);
  });

  test('a folder holding an asset is not deleted; bad names, ids and parents are 400s', async () => {
    const desk = await editor(testApp);
    const folder = (await post(desk, '', { Name: 'Full' })).body;
    await upload(desk, [{ name: 'in.jpg', bytes: await image(30, 30) }], { folderId: String(folder.FolderId) });
    expect((await post(desk, `/${folder.FolderId}/delete`)).status).toBe(400);
    expect((await post(desk, '', { Name: '' })).status).toBe(400);
    expect((await post(desk, '', { Name: 'x', ParentId: 'abc' })).status).toBe(400);
    expect((await post(desk, '', { Name: 'x', ParentId: 999999 })).body.Message).toBe(resource('fr', 'AssetsLibrary.FolderNotFound'));
    expect((await post(desk, '/abc/rename', { Name: 'y' })).status).toBe(400);
    expect((await post(desk, '/999999/rename', { Name: 'y' })).status).toBe(404);
    expect((await desk.agent.get('/api/v1/assetslibrary/folders/hierarchy?folderId=abc')).status).toBe(400);
    expect((await desk.agent.get('/api/v1/assetslibrary/folders/hierarchy?folderId=999999')).status).toBe(400);
  });
});

describe('pages', () => {
  test('assetsbyfolder: the fragment of a folder\'s assets (root and a folder), no layout', async () => {
    const desk = await editor(testApp);
    const folder = (await desk.agent.post('/api/v1/assetslibrary/folders').set('X-CSRF-Token', desk.token).send({ Name: 'Fragment' })).body;
    const [asset] = (await upload(desk, [{ name: 'frag.jpg', bytes: await image(90, 60) }], { folderId: String(folder.FolderId) })).body;
    const answer = await desk.agent.get(`/fr/assetslibrary/asset/assetsbyfolder/${folder.FolderId}/${folder.FolderId}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.text).not.toMatch(/<html/);
    const html = parseHtml(answer.text);
    expect(textsOf(html, '.asset-library-name')).toEqual(['frag.jpg']);
    expect(JSON.parse(attributeOf(html, '.asset-library-asset', 'data-asset')!)).toMatchObject({ AssetId: asset.AssetId, Width: 90 });
    expect(attributeOf(html, '.asset-library-thumbnail', 'src')).toBe(asset.thumbnail_url);
    const root = parseHtml((await desk.agent.get('/fr/assetslibrary/asset/assetsbyfolder/')).text);
    expect(textsOf(root, '.asset-library-name')).not.toContain('frag.jpg');
    expect((await desk.agent.get('/fr/assetslibrary/asset/assetsbyfolder/abc/1')).status).toBe(400);
  });

  test('the back-office page without JS: upload with the form, create a folder, rename and delete, each a 303 with a notice', async () => {
    const desk = await editor(testApp);
    const page = await desk.agent.get('/fr/backoffice/assets');
    expect(page.status).toBe(200);
    const html = parseHtml(page.text);
    expect(attributeOf(html, '#asset-library', 'data-upload-url')).toBe('/api/v1/assetslibrary/assets/upload');
    expect(attributeOf(html, 'form.asset-library-upload', 'enctype')).toBe('multipart/form-data');
    const token = attributeOf(html, 'form.asset-library-upload input[name=_csrf]', 'value')!;
    const created = await desk.agent.post('/fr/backoffice/assets/folders').type('form').send({ _csrf: token, Name: 'No script', ParentId: '' });
    expect(created.status).toBe(303);
    const folderId = Number(/folderId=(\d+)/.exec(created.headers.location)![1]);
    const uploaded = await desk.agent.post('/fr/backoffice/assets/upload').field('_csrf', token).field('folderId', String(folderId)).attach('files', await image(64, 64), 'form.jpg').attach('files', Buffer.from('MZ\x90\x00'), 'bad.jpg');
    expect(uploaded.status).toBe(303);
    expect(uploaded.headers.location).toBe(`/fr/backoffice/assets?folderId=${folderId}`);
    const after = parseHtml((await desk.agent.get(uploaded.headers.location)).text);
    expect(textsOf(after, '.asset-library-name')).toEqual(['form.jpg']);
    const notices = after.textContent;
    expect(notices).toContain(resource('fr', 'AssetsLibrary.FileAdded'));
    expect(notices).toContain(`bad.jpg : ${resource('fr', 'AssetsLibrary.PutCorrectFile')}`);
    const refusedDelete = await desk.agent.post(`/fr/backoffice/assets/folders/${folderId}/delete`).type('form').send({ _csrf: token });
    expect(refusedDelete.status).toBe(303);
    expect(parseHtml((await desk.agent.get(refusedDelete.headers.location)).text).textContent).toContain(resource('fr', 'AssetsLibrary.FolderNotEmpty'));
  });

  test('a visitor is sent to the login page, a customer gets 403, an editor without two-factor is sent to set it up', async () => {
    const answer = await request(testApp.app).get('/fr/backoffice/assets');
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toMatch(/^\/fr\/security\/login\?returnUrl=/);
    const customer = await signedIn(testApp, demo.customer);
    expect((await customer.agent.get('/fr/backoffice/assets')).status).toBe(403);
    const withoutTwoFactor = await signedIn(testApp, demo.editor);
    const sent = await withoutTwoFactor.agent.get('/fr/backoffice/assets');
    expect([sent.status, sent.headers.location]).toEqual([303, '/fr/security/twofactor/setup']);
    const refused = await withoutTwoFactor.agent.post('/api/v1/assetslibrary/folders').set('X-CSRF-Token', withoutTwoFactor.token).send({ Name: 'x' });
    expect(refused.status).not.toBe(200);
  });
});
