// The asset library's pure pieces: cleaning upload names, the folder tree and its loop check, and the
// multipart reader's splitting of a body into fields and files.
import { cleanName, withExtension } from '../../../server/asset-library/names';
import { folderPath, folderTree, isSelfOrDescendant } from '../../../server/asset-library/tree';
import { Readable } from 'node:stream';
import { readMultipart } from '../../../server/asset-library/multipart';
import { checkedKey } from '../../../server/storage/storage';

describe('cleanName', () => {
  test.each([
    ['photo.jpg', 'photo.jpg'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\Desktop\\cv.pdf', 'cv.pdf'],
    ['a\u0000b\u0007c.png', 'abc.png'],
    ['invoice\u202egpj.exe', 'invoicegpj.exe'],
    ['  many   spaces .jpg ', 'many spaces .jpg'],
    ['.htaccess', 'htaccess'],
    ['../', ''],
    ['\u0001\u0002', ''],
  ])('%j -> %j', (raw, clean) => {
    expect(cleanName(raw)).toBe(clean);
  });

  test('a long name is cut to 200 characters, its extension kept', () => {
    const cleaned = cleanName(`${'a'.repeat(300)}.jpeg`);
    expect(cleaned).toHaveLength(200);
    expect(cleaned.endsWith('.jpeg')).toBe(true);
  });

  test('withExtension puts the extension of the bytes', () => {
    expect(withExtension('holiday.exe', 'jpg')).toBe('holiday.jpg');
    expect(withExtension('noext', 'png')).toBe('noext.png');
  });
});

describe('folder tree', () => {
  const folders = [
    { id: 1, parentId: null, name: 'Top', position: 0 },
    { id: 2, parentId: 1, name: 'Child', position: 0 },
    { id: 3, parentId: 2, name: 'Grandchild', position: 0 },
    { id: 4, parentId: null, name: 'Other', position: 1 },
  ];

  test('nodes with FolderId, Name, ItemLevel and Children, from the top or under a folder', () => {
    expect(folderTree(folders, 2)).toEqual([{ FolderId: 3, Name: 'Grandchild', ItemLevel: 1, Children: [] }]);
    expect(folderTree(folders, null).map((node) => [node.FolderId, node.ItemLevel, node.Children[0]?.Children[0]?.ItemLevel])).toEqual([[1, 1, 3], [4, 1, undefined]]);
  });

  test('a folder cannot move into itself or below itself; elsewhere it can', () => {
    expect([1, 2, 3].map((target) => isSelfOrDescendant(folders, 1, target))).toEqual([true, true, true]);
    expect([4, null].map((target) => isSelfOrDescendant(folders, 1, target))).toEqual([false, false]);
    expect(isSelfOrDescendant(folders, 3, 1)).toBe(false);
  });

  test('the path from the top', () => {
    expect(folderPath(folders, 3).map((folder) => folder.name)).toEqual(['Top', 'Child', 'Grandchild']);
    expect(folderPath(folders, null)).toEqual([]);
  });
});

describe('readMultipart (busboy)', () => {
  const read = (body: string) => readMultipart(Readable.from([Buffer.from(body)]), { 'content-type': 'multipart/form-data; boundary=XyZ' });
  const part = (disposition: string, content: string, type = '') => `--XyZ\r\nContent-Disposition: form-data; ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n${content}\r\n`;

  test('fields and files, an empty file input skipped', async () => {
    const { fields, files, problem } = await read(
      part('name="folderId"', '12') + part('name="files"; filename="a.txt"', 'line one\r\nline two', 'text/plain') + part('name="files"; filename=""', '', 'application/octet-stream') + '--XyZ--\r\n',
    );
    expect(problem).toBeNull();
    expect({ ...fields }).toEqual({ folderId: '12' });
    expect(files.map((file) => [file.field, file.filename, file.bytes.toString()])).toEqual([['files', 'a.txt', 'line one\r\nline two']]);
  });

  test('a text field posted twice refuses the request', async () => {
    const answer = await read(part('name="folderId"', '12') + part('name="folderId"', '13') + part('name="files"; filename="a.txt"', 'x') + '--XyZ--\r\n');
    expect(answer.problem).toBe('Core.RepeatedField');
    expect(answer.files).toEqual([]);
  });

  test("filename* (RFC 5987) and a plain UTF-8 filename are decoded as UTF-8, the path dropped", async () => {
    const { files } = await read(
      part(`name="files"; filename="fallback.txt"; filename*=UTF-8''%C3%A9t%C3%A9%20%E2%82%AC.txt`, 'x') + part('name="files"; filename="C:\\tmp\\ca\u00f1\u00f3n.txt"', 'y') + '--XyZ--\r\n',
    );
    expect(files.map((file) => file.filename)).toEqual(['été €.txt', 'cañón.txt']);
  });

  test('part headers with control bytes or backslashes keep the file a file (its name then refused by cleanName), even split byte by byte', async () => {
    const body = Buffer.from(part('name="files"; filename="\u0001\u0002"', 'ab\u0001\\cd') + part('name="files"; filename="C:\\temp\\"', 'x--XyZ\u0001\\\r\n\r\n') + part('name="folderId"', '7') + '--XyZ--\r\n');
    for (const chunks of [[body], [...body].map((byte) => Buffer.from([byte]))]) {
      const { fields, files, problem } = await readMultipart(Readable.from(chunks), { 'content-type': 'multipart/form-data; boundary=XyZ' });
      expect(problem).toBeNull();
      expect({ ...fields }).toEqual({ folderId: '7' });
      expect(files.map((file) => [cleanName(file.filename), file.bytes.toString()])).toEqual([['', 'ab\u0001\\cd'], ['', 'x--XyZ\u0001\\\r\n\r\n']]);
    }
  });

  test('a body that is not multipart, or cut before its end, is a problem', async () => {
    expect((await readMultipart(Readable.from([Buffer.from('a=1')]), { 'content-type': 'application/x-www-form-urlencoded' })).problem).toBe('AssetsLibrary.NotMultipart');
    expect((await read(part('name="files"; filename="a.txt"', 'x'))).problem).toBe('AssetsLibrary.NotMultipart');
  });
});

describe('storage keys', () => {
  test.each(['assets/0123abcd', 'renditions/12/v1-80x80.webp', 'tmp/abc.json'])('%s is accepted', (key) => {
    expect(checkedKey(key)).toBe(key);
  });
  test.each(['../x', '/abs', 'a/../b', 'a//b', 'a/./b', 'with space', 'a\\b', ''])('%j is refused', (key) => {
    expect(() => checkedKey(key)).toThrow(/Invalid storage key/);
  });
});
