import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RenditionCache } from '../../server/assets/cache';
import { DiskStorage } from '../../server/storage/disk';
import { chooseFormat, offeredSize, parseSize } from '../../server/assets/sizes';

describe('parseSize', () => {
  it.each([
    ['80x80', { width: 80, height: 80 }],
    ['1x2000', { width: 1, height: 2000 }],
    ['2000x2000', { width: 2000, height: 2000 }],
  ])('reads %s', (text, size) => expect(parseSize(text)).toEqual(size));

  it.each(['0x80', '2001x10', '80X80', '80x80x80', ' 80x80', '08x80', '1e3x10', '', 'nophoto'])('refuses %j', (text) => {
    expect(parseSize(text)).toBeNull();
  });
});

describe('offeredSize', () => {
  it('reads the sizes the pages show, the spec\'s 80x80 among them', () => {
    expect(offeredSize('80x80')).toEqual({ width: 80, height: 80 });
    expect(offeredSize('160x80')).toEqual({ width: 160, height: 80 });
    expect(offeredSize('1200x1200')).toEqual({ width: 1200, height: 1200 });
  });

  it.each(['160x120', '2000x2000', '1x1', '80x160', '080x80', 'nophoto'])('refuses %j', (text) => {
    expect(offeredSize(text)).toBeNull();
  });
});

describe('chooseFormat', () => {
  it('answers WebP only to an Accept header that names it (not to */*)', () => {
    expect(chooseFormat('image/avif,image/webp,*/*', 'image/jpeg')).toBe('webp');
    expect(chooseFormat('image/webp;q=0.9', 'image/svg+xml')).toBe('webp');
    expect(chooseFormat('image/webp;q=0, image/*', 'image/jpeg')).toBe('jpeg');
    expect(chooseFormat('image/png,image/*;q=0.8,*/*;q=0.5', 'image/jpeg')).toBe('jpeg');
    expect(chooseFormat(undefined, 'image/svg+xml')).toBe('jpeg');
  });

  it('keeps PNG (and GIF) originals in PNG when WebP is not accepted, for their transparency', () => {
    expect(chooseFormat('*/*', 'image/png')).toBe('png');
    expect(chooseFormat('*/*', 'image/gif')).toBe('png');
  });
});

describe('RenditionCache', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'rendition-cache-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('renders once for concurrent requests, then reads the file written in place', async () => {
    const cache = new RenditionCache(new DiskStorage(root), '');
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return Buffer.from('image bytes');
    };
    const answers = await Promise.all([1, 2, 3, 4].map(() => cache.get('7/80x80.webp', render)));
    expect(answers.map(String)).toEqual(['image bytes', 'image bytes', 'image bytes', 'image bytes']);
    expect(renders).toBe(1);
    expect(readdirSync(path.join(root, '7'))).toEqual(['80x80.webp']);
    expect(String(await new RenditionCache(new DiskStorage(root), '').get('7/80x80.webp', render))).toBe('image bytes');
    expect(renders).toBe(1);
  });

  it('stores nothing when rendering fails, and tries again next time', async () => {
    const cache = new RenditionCache(new DiskStorage(root), '');
    await expect(cache.get('8/1x1.jpeg', () => Promise.reject(new Error('bad original')))).rejects.toThrow('bad original');
    expect(readdirSync(root)).toEqual([]);
    expect(String(await cache.get('8/1x1.jpeg', async () => Buffer.from('ok')))).toBe('ok');
    expect(readFileSync(path.join(root, '8', '1x1.jpeg'), 'utf8')).toBe('ok');
  });
});
