// Issue 28 item 4: image decodes are limited per instance (IMAGE_DECODE_CONCURRENCY, IMAGE_DECODE_QUEUE).
// With one decode allowed and no waiting, a decode held by the test makes every upload and crop answer
// a localised 503 with Retry-After, storing nothing; once released, the same upload is stored.
import { decodeQueueFor, DECODE_RETRY_AFTER_S } from '../../server/asset-library/decode-queue';
import { useTestApp } from '../support/app';
import { parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';
import { type Editor, editor, holdings, image, upload } from './asset-library-helpers';

const testApp = useTestApp({ IMAGE_DECODE_CONCURRENCY: '1', IMAGE_DECODE_QUEUE: '0' });

/** Takes the instance's only decode turn until release() is called. */
function holdTheDecodeTurn() {
  let release!: () => void;
  const queue = decodeQueueFor(testApp.config);
  const held = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
  expect(queue.running).toBe(1);
  return { release: async () => { release(); await held; } };
}

let desk: Editor;
beforeAll(async () => {
  desk = await editor(testApp);
});

describe('the image decode queue', () => {
  test('a full queue: the upload is a localised 503 with Retry-After, and nothing is stored', async () => {
    const before = await holdings(testApp);
    const turn = holdTheDecodeTurn();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const busy = await upload(desk, [{ name: 'notes.pdf', bytes: pdf }, { name: 'big.jpg', bytes: await image(200, 150) }]);
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe(String(DECODE_RETRY_AFTER_S));
    expect(busy.headers['cache-control']).toMatch(/no-store/);
    expect(busy.body.Message).toBe(resource('fr', 'AssetsLibrary.ServerBusy'));
    expect(await holdings(testApp)).toEqual(before);

    const form = await desk.agent.post('/de/backoffice/assets/upload').field('_csrf', desk.token).attach('files', await image(40, 40), { filename: 'form.jpg', contentType: 'image/jpeg' });
    expect(form.status).toBe(503);
    expect(form.headers['retry-after']).toBe(String(DECODE_RETRY_AFTER_S));
    expect(textOf(parseHtml(form.text), 'main')).toContain(resource('de', 'AssetsLibrary.ServerBusy'));
    expect(await holdings(testApp)).toEqual(before);

    await turn.release();
    const stored = await upload(desk, [{ name: 'big.jpg', bytes: await image(200, 150) }]);
    expect(stored.status).toBe(200);
    expect(stored.body[0].Width).toBe(200);
    expect((await holdings(testApp)).rows).toBe(before.rows + 1);
  });

  test('a full queue: a crop of a temp image is a 503 too; the temp image waits, no asset is made', async () => {
    const temp = await upload(desk, [{ name: 'crop.jpg', bytes: await image(300, 200) }], { temp: 'true' });
    const { tmpName } = temp.body[0] as { tmpName: string };
    const before = await holdings(testApp);
    const turn = holdTheDecodeTurn();
    const busy = await desk.agent.get(`/assets/croptempimg/${tmpName}/0/0/100/100/100/100`).set('Accept-Language', 'fr');
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe(String(DECODE_RETRY_AFTER_S));
    expect(busy.body.Message).toBe(resource('fr', 'AssetsLibrary.ServerBusy'));
    expect(await holdings(testApp)).toEqual(before);
    await turn.release();
    const cropped = await desk.agent.get(`/assets/croptempimg/${tmpName}/0/0/100/100/100/100`).set('Accept-Language', 'fr');
    expect(cropped.status).toBe(200);
    expect((await holdings(testApp)).rows).toBe(before.rows + 1);
  });
});
