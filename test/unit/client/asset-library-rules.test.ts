// The asset widgets' pure rules: field names (spec section 3), the crop decision, rounding and
// clamping (section 5), the accept list and the multi-file widget's file-type map.
import {
  acceptsFile,
  atLeast,
  clampCrop,
  cropDecision,
  fileTypeEnabled,
  fileTypeOf,
  minimumSizeMessage,
  moveItem,
  multipleFieldNames,
  parseCrop,
  parseFileTypes,
  rotatedSize,
  singleFieldNames,
  withinMaxSize,
} from '../../../client/islands/asset-library/rules';

describe('field names', () => {
  it('single mode', () => {
    expect(singleFieldNames('7')).toEqual({
      assetId: 'AssetId-7',
      assetName: 'AssetName-7',
      loaded: 'AssetLoaded7',
      name: 'asset-7-name',
      nameChanged: 'asset-7-name-changed',
      required: 'file-upload-required-7',
    });
  });

  it('multiple mode', () => {
    const fields = multipleFieldNames('gallery');
    expect([fields.orders, fields.loaded, fields.required]).toEqual(['list-assets-orders-gallery', 'AssetsLoaded-gallery', 'file-upload-required-gallery']);
    expect([fields.asset('42'), fields.assetName('42')]).toEqual(['asset-42', 'asset-42-name']);
  });
});

describe('crop', () => {
  it('reads "width,height" and refuses anything else', () => {
    expect(parseCrop('800,600')).toEqual({ width: 800, height: 600 });
    expect(parseCrop(' 800 , 600 ')).toEqual({ width: 800, height: 600 });
    for (const bad of ['', '800', '800,0', '0,600', '-1,5', '1.5,2', 'a,b', null, undefined]) expect(parseCrop(bad)).toBeNull();
  });

  it('accepts as is without a crop or at the exact size, refuses smaller, crops larger', () => {
    expect(cropDecision({ width: 1000, height: 10 }, null)).toEqual({ kind: 'accept' });
    expect(cropDecision({ width: 800, height: 600 }, { width: 800, height: 600 })).toEqual({ kind: 'accept' });
    expect(cropDecision({ width: 799, height: 900 }, { width: 800, height: 600 })).toEqual({ kind: 'too-small', minimum: { width: 800, height: 600 } });
    expect(cropDecision({ width: 900, height: 599 }, { width: 800, height: 600 })).toEqual({ kind: 'too-small', minimum: { width: 800, height: 600 } });
    expect(cropDecision({ width: 800, height: 601 }, { width: 800, height: 600 })).toEqual({ kind: 'crop', crop: { width: 800, height: 600 } });
  });

  it('says the minimum size after the message', () => {
    expect(minimumSizeMessage('Image trop petite :', { width: 800, height: 600 })).toBe('Image trop petite : 800 x 600 px');
  });

  it('rounds, clamps negatives to 0 and keeps the box inside the image', () => {
    const image = { width: 1000, height: 800 };
    expect(clampCrop({ x: 10.4, y: 20.6, width: 400.5, height: 300.49 }, image)).toEqual({ x: 10, y: 21, width: 401, height: 300 });
    expect(clampCrop({ x: -3.2, y: -0.6, width: 500, height: 400 }, image)).toEqual({ x: 0, y: 0, width: 500, height: 400 });
    expect(clampCrop({ x: 700, y: 600, width: 400, height: 300 }, image)).toEqual({ x: 700, y: 600, width: 300, height: 200 });
    expect(clampCrop({ x: 1200, y: 900, width: 10, height: 10 }, image)).toEqual({ x: 999, y: 799, width: 1, height: 1 });
    expect(clampCrop({ x: 0, y: 0, width: 0.2, height: -5 }, image)).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  });

  it('grows a box under the crop size to it, kept inside the image', () => {
    const image = { width: 1600, height: 1000 };
    const crop = { width: 1200, height: 800 };
    expect(atLeast({ x: 300, y: 100, width: 1000, height: 667 }, crop, image)).toEqual({ x: 300, y: 100, width: 1200, height: 800 });
    expect(atLeast({ x: 900, y: 500, width: 600, height: 400 }, crop, image)).toEqual({ x: 400, y: 200, width: 1200, height: 800 });
    expect(atLeast({ x: 10, y: 20, width: 1500, height: 1000 }, crop, image)).toEqual({ x: 10, y: 0, width: 1500, height: 1000 });
    expect(atLeast({ x: 0, y: 0, width: 100, height: 100 }, crop, { width: 1000, height: 700 })).toEqual({ x: 0, y: 0, width: 1000, height: 700 });
  });

  it('swaps the sides of an image turned a quarter', () => {
    expect(rotatedSize({ width: 4, height: 3 }, 90)).toEqual({ width: 3, height: 4 });
    expect(rotatedSize({ width: 4, height: 3 }, -270)).toEqual({ width: 3, height: 4 });
    expect(rotatedSize({ width: 4, height: 3 }, 180)).toEqual({ width: 4, height: 3 });
  });
});

describe('accept list and sizes', () => {
  const file = (name: string, type = '') => ({ name, type });

  it('matches extensions, jpg and jpeg alike, and MIME types', () => {
    expect(acceptsFile('.jpg,.png', file('photo.JPEG'))).toBe(true);
    expect(acceptsFile('.jpeg', file('photo.jpg'))).toBe(true);
    expect(acceptsFile('jpg, png', file('a.png'))).toBe(true);
    expect(acceptsFile('.jpg,.png', file('a.gif', 'image/gif'))).toBe(false);
    expect(acceptsFile('image/*', file('a.webp', 'image/webp'))).toBe(true);
    expect(acceptsFile('image/*', file('a.pdf', 'application/pdf'))).toBe(false);
    expect(acceptsFile('application/pdf', file('x', 'application/pdf'))).toBe(true);
    expect(acceptsFile('', file('anything.exe'))).toBe(true);
    expect(acceptsFile('.png', file('png'))).toBe(false);
  });

  it('takes no limit from 0 or less', () => {
    expect(withinMaxSize(10, 10)).toBe(true);
    expect(withinMaxSize(11, 10)).toBe(false);
    expect(withinMaxSize(1e12, 0)).toBe(true);
    expect(withinMaxSize(1e12, -1)).toBe(true);
  });
});

describe('file-type map', () => {
  it('parses the JSON map, any key case, a bad one enabling nothing', () => {
    expect(parseFileTypes('{"Image":true,"Document":false,"video":"true"}')).toEqual({ image: true, document: false, video: true });
    expect(parseFileTypes('not json')).toEqual({});
    expect(parseFileTypes('[true]')).toEqual({});
    expect(parseFileTypes(undefined)).toEqual({});
  });

  it('takes a file only when its type is enabled', () => {
    const map = parseFileTypes('{"Image":true,"Document":false}');
    expect(fileTypeOf('a.PDF')).toBe('Document');
    expect(fileTypeOf('a.exe')).toBeNull();
    expect(fileTypeEnabled(map, 'photo.jpg')).toBe(true);
    expect(fileTypeEnabled(map, 'report.pdf')).toBe(false);
    expect(fileTypeEnabled(map, 'tool.exe')).toBe(false);
    expect(fileTypeEnabled({}, 'photo.jpg')).toBe(false);
  });
});

describe('order', () => {
  it('moves an item and leaves the list alone for a move out of it', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 3, 0)).toEqual(['a', 'b', 'c']);
  });
});
