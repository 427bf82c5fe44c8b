// Upload safety (issue 16 item 6): a corpus of hostile files, generated here, each posted to the upload
// call. Every one gets a clear, localised Error for its entry, and the library holds exactly what it
// held before: no row, no stored file, no temp file. Polyglots that ARE valid images are stored only
// as a clean re-encoding (the smuggled part is gone).
import { deflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { useTestApp } from '../support/app';
import { resource } from '../support/resources';
import { uploadLimits } from '../../server/asset-library/limits';
import { decodeQueueFor } from '../../server/asset-library/decode-queue';
import { checkUpload } from '../../server/asset-library/inspect';
import { storeAsset } from '../../server/asset-library/library';
import { storageFor } from '../../server/storage';
import { editor, type Editor, holdings, image, upload } from './asset-library-helpers';

const testApp = useTestApp();

/** A PNG whose header claims the given size, its data a few bytes: a pixel bomb. */
function pngHeaderClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0))]);
}

/** A zip holding one entry of `size` zero bytes, deflated: a zip bomb in small. */
function zipBomb(size: number): Buffer {
  const data = deflateRawSync(Buffer.alloc(size));
  const name = Buffer.from('bomb.txt');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name, data]);
}

type Case = [label: string, name: string, bytes: () => Promise<Buffer> | Buffer, errorKey: string];

const corrupt = 'AssetsLibrary.EncodeCorrectImage';
const wrongType = 'AssetsLibrary.PutCorrectFile';
const jpeg = () => image(64, 48);

const corpus: Case[] = [
  ['empty file', 'empty.jpg', () => Buffer.alloc(0), 'AssetsLibrary.EmptyFile'],
  ['Windows executable named .jpg', 'photo.jpg', () => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200)]), wrongType],
  ['ELF executable named .png', 'logo.png', () => Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01', 'latin1'), Buffer.alloc(200)]), wrongType],
  ['shell script named .gif', 'anim.gif', () => Buffer.from('#!/bin/sh\nrm -rf /\n'), wrongType],
  ['HTML as .jpg', 'page.jpg', () => Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'), wrongType],
  ['SVG with script', 'drawing.svg', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), wrongType],
  ['SVG with onload named .png', 'icon.png', () => Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), wrongType],
  ['JavaScript named .pdf', 'doc.pdf', () => Buffer.from('fetch("/api/v1/sales/customers").then(r => r.text())'), wrongType],
  ['PHP named .jpg', 'shell.jpg', () => Buffer.from('<?php system($_GET["c"]); ?>'), wrongType],
  ['zip bomb', 'archive.zip', () => zipBomb(50 * 1024 * 1024), wrongType],
  ['zip bomb named .docx', 'report.docx', () => zipBomb(50 * 1024 * 1024), wrongType],
  ['pixel bomb PNG (50000 x 50000)', 'bomb.png', () => pngHeaderClaiming(50_000, 50_000), 'AssetsLibrary.TooManyPixels'],
  ['huge dimensions (9000 x 10)', 'strip.png', () => pngHeaderClaiming(9000, 10), 'AssetsLibrary.TooManyPixels'],
  ['huge dimensions (7000 x 7000 = 49 MP)', 'square.png', () => pngHeaderClaiming(7000, 7000), 'AssetsLibrary.TooManyPixels'],
  ['PNG header with no image data', 'header.png', () => pngHeaderClaiming(100, 100), corrupt],
  ['truncated JPEG', 'cut.jpg', async () => (await image(400, 300)).subarray(0, 600), corrupt],
  ['truncated PNG', 'cut.png', async () => (await image(300, 300, 'png')).subarray(0, 200), corrupt],
  ['truncated WebP', 'cut.webp', async () => (await image(300, 300, 'webp')).subarray(0, 60), corrupt],
  ['truncated GIF', 'cut.gif', async () => (await image(100, 100, 'gif')).subarray(0, 40), corrupt],
  ['JPEG magic then garbage', 'noise.jpg', () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 0x41)]), corrupt],
  ['PNG magic then HTML', 'fake.png', () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<script>alert(1)</script>')]), corrupt],
  ['GIF magic then script (GIFAR-like)', 'gifar.gif', () => Buffer.from('GIF89a/*\x00\x00*/=alert(1)//', 'latin1'), corrupt],
  ['a name that is only path parts', '../../', jpeg, 'AssetsLibrary.BadName'],
  ['a name that is only control characters', '\u0001\u0002\u0003', jpeg, 'AssetsLibrary.BadName'],
  ['a name that is only dots', '...', jpeg, 'AssetsLibrary.BadName'],
  ['Windows path ending in a backslash', 'C:\\temp\\', jpeg, 'AssetsLibrary.BadName'],
  ['Flash file named .jpg', 'movie.jpg', () => Buffer.concat([Buffer.from('FWS\x0a', 'latin1'), Buffer.alloc(100)]), wrongType],
  ['Java class named .png', 'Main.png', () => Buffer.concat([Buffer.from([0xca, 0xfe, 0xba, 0xbe]), Buffer.alloc(100)]), wrongType],
  ['RAR archive named .pdf', 'files.pdf', () => Buffer.concat([Buffer.from('Rar!\x1a\x07\x00', 'latin1'), Buffer.alloc(100)]), wrongType],
  ['TIFF image (not accepted)', 'scan.tif', () => image(20, 20).then((bytes) => sharp(bytes).tiff().toBuffer()), wrongType],
  ['plain text named .pdf', 'notes.pdf', () => Buffer.from('just some text, no PDF header at all'), wrongType],
  ['file over the size limit', 'big.pdf', () => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]), 'AssetsLibrary.FileTooBig'],
];

/** The message as the call sends it, its limit filled in. */
const message = (key: string) => resource('fr', key).replace('{{max}}', key === 'AssetsLibrary.FileTooBig' ? String(uploadLimits.maxFileBytes) : String(uploadLimits.maxSide));

describe('hostile uploads', () => {
  let desk: Editor;
  beforeAll(async () => {
    desk = await editor(testApp);
  });

  test('the corpus holds at least 30 files', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
  });

  test.each(corpus)('%s: a clear error, nothing stored', async (_label, name, make, errorKey) => {
    const bytes = await make();
    const before = await holdings(testApp);
    for (const temp of [false, true]) {
      const answer = await upload(desk, [{ name, bytes }], temp ? { temp: 'true' } : {});
      expect(answer.status).toBe(200);
      expect(answer.body).toHaveLength(1);
      const expected = temp && errorKey === wrongType ? corrupt : errorKey;
      expect(answer.body[0]).toEqual({ name: expect.any(String), Error: message(expected) });
      expect(answer.body[0]).not.toHaveProperty('AssetId');
    }
    expect(await holdings(testApp)).toEqual(before);
  });

  test('names with path parts and control characters are cleaned, never used as storage keys', async () => {
    const answer = await upload(desk, [{ name: '../../etc/pa\u0000ss\u202ewd.jpg', bytes: await jpeg() }]);
    expect(answer.body[0].name).toBe('passwd.jpg');
    const row = await testApp.db.selectFrom('assets').select(['storage_key', 'original_name']).where('id', '=', answer.body[0].AssetId).executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(/^[a-f0-9]{32}$/);
    expect(row.original_name).toBe('passwd.jpg');
  });

  test('a JPEG with a script appended (polyglot) is stored re-encoded, without the script', async () => {
    const polyglot = Buffer.concat([await jpeg(), Buffer.from('<script>alert(1)</script><?php system($_GET[1]); ?>')]);
    const [asset] = (await upload(desk, [{ name: 'poly.jpg', bytes: polyglot }])).body;
    const stored = (await request(testApp.app).get(asset.Uri).buffer(true)).body as Buffer;
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.includes(Buffer.from('<?php'))).toBe(false);
  });

  test('when the row cannot be written (its folder gone meanwhile), the stored file is removed again', async () => {
    const before = await holdings(testApp);
    const checked = await checkUpload({ filename: 'late.jpg', bytes: await jpeg() }, { decodes: decodeQueueFor(testApp.config) });
    if (!checked.ok) throw new Error('the image should pass');
    const parts = { db: testApp.db, storage: storageFor(testApp.config), actor: { userId: desk.userId }, folderId: 999_999 };
    await expect(storeAsset(parts, checked)).rejects.toThrow();
    expect(await holdings(testApp)).toEqual(before);
  });

  test('a request over the total size is a 400 and stores nothing', async () => {
    const before = await holdings(testApp);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(9 * 1024 * 1024, 0x20)]);
    const answer = await upload(desk, [1, 2, 3].map((index) => ({ name: `${index}.pdf`, bytes: big })));
    expect(answer.status).toBe(400);
    expect(answer.body.Message).toBe(resource('fr', 'AssetsLibrary.TotalTooBig'));
    expect(await holdings(testApp)).toEqual(before);
  });
});
