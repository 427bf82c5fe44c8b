// The asset library's pure pieces: cleaning upload names, the folder tree and its loop check, and the
// multipart reader's splitting of a body into fields and files.
import { cleanName, withExtension } from '../../../server/asset-library/names';
import { folderPath, folderTree, isSelfOrDescendant } from '../../../server/asset-library/tree';
import { parseMultipart } from '../../../server/asset-library/multipart';
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

describe('parseMultipart', () => {
  test('fields and files, an empty file input skipped', () => {
    const body = Buffer.from(
      '--XyZ\r\nContent-Disposition: form-data; name="folderId"\r\n\r\n12\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nline one\r\nline two\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="files"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n' +
        '--XyZ--\r\n',
    );
    const { fields, files } = parseMultipart(body, 'XyZ');
    expect(fields).toEqual({ folderId: '12' });
    expect(files.map((file) => [file.field, file.filename, file.bytes.toString()])).toEqual([['files', 'a.txt', 'line one\r\nline two']]);
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
