// Pure parts of the back office: signed preview tokens (valid, expired, altered, forged) and the pages
// editor's block forms (posted fields to the objects the block schemas check, and back).
import { previewToken, readPreviewToken } from '../../server/backoffice/preview';
import { blockForms, blockValues, postedBlock } from '../../server/backoffice/pages/block-fields';
import { blockTypes } from '../../server/content/blocks/registry';
import { BadInput } from '../../server/http/errors';

const secret = 'a-session-secret-of-at-least-32-characters';
const now = Date.UTC(2026, 10, 25, 12, 0);

describe('preview tokens', () => {
  test('a token names its item, version and preview generation until it expires (7 days by default)', () => {
    const token = previewToken(secret, { entity: 'page', id: 42, version: 3, generation: 0, now });
    expect(readPreviewToken(secret, token, now + 1000)).toEqual({ entity: 'page', id: 42, version: 3, generation: 0, expiresAt: now + 7 * 24 * 3600 * 1000 });
    expect(readPreviewToken(secret, token, now + 7 * 24 * 3600 * 1000)).toBeNull();
    expect(readPreviewToken(secret, previewToken(secret, { entity: 'news-post', id: 1, version: 1, generation: 2, now, days: 1 }), now + 2 * 24 * 3600 * 1000)).toBeNull();
  });

  test('an altered entity, id, version, generation or expiry, another secret or a malformed token is refused', () => {
    const token = previewToken(secret, { entity: 'page', id: 42, version: 3, generation: 1, now });
    const [entity, id, version, generation, expiry, signature] = token.split('.');
    const altered = [
      `news.${id}.${version}.${generation}.${expiry}.${signature}`,
      `${entity}.43.${version}.${generation}.${expiry}.${signature}`,
      `${entity}.${id}.4.${generation}.${expiry}.${signature}`,
      `${entity}.${id}.${version}.0.${expiry}.${signature}`,
      `${entity}.${id}.${version}.${generation}.${Number(expiry) + 1}.${signature}`,
      `${entity}.${id}.${version}.${generation}.${expiry}.${signature.slice(1)}A`,
    ];
    for (const one of altered) {
      expect(readPreviewToken(secret, one, now)).toBeNull();
    }
    expect(readPreviewToken('another-secret-of-at-least-32-characters', token, now)).toBeNull();
    for (const malformed of ['', 'page', 'page.42', '../etc/passwd', `${token}.x`, token.toUpperCase()]) expect(readPreviewToken(secret, malformed, now)).toBeNull();
  });
});

describe('block forms', () => {
  test('every block type has a form, and every form a block type', () => {
    expect(Object.keys(blockForms).sort()).toEqual(Object.keys(blockTypes).sort());
  });

  test('posted fields become the objects the schemas check; rich text is sanitised', () => {
    expect(postedBlock('rich-text', { 'Texts.html': '<p onclick="x()">Bonjour<script>alert(1)</script></p>' })).toEqual({ settings: '{}', texts: JSON.stringify({ html: '<p>Bonjour</p>' }) });
    expect(JSON.parse(postedBlock('gallery', { 'Settings.assetIds': '3, 4 5', 'Texts.title': ' Photos ', 'Texts.alts': 'Un\n\nDeux\n' }).settings)).toEqual({ assetIds: [3, 4, 5] });
    expect(JSON.parse(postedBlock('news-list', { 'Settings.categoryIds': '', 'Settings.displayChildren': 'true', 'Settings.postPerPage': '4', 'Texts.title': 'Nouvelles' }).settings)).toEqual({ categoryIds: [], displayChildren: true, postPerPage: 4 });
    expect(JSON.parse(postedBlock('map', { 'Settings.categoryIds': '7', 'Settings.zoom': '', 'Texts.title': 'Carte' }).settings)).toEqual({ categoryIds: [7] });
  });

  test.each([
    ['image', { 'Settings.assetId': 'abc', 'Texts.alt': 'x' }, ['Settings.assetId']],
    ['image', { 'Settings.assetId': '-3', 'Texts.alt': '' }, ['Settings.assetId', 'Texts.alt']],
    ['gallery', { 'Settings.assetIds': '1, deux', 'Texts.title': 'x' }, ['Settings.assetIds']],
    ['collapses', { 'Settings.layout': 'columns', 'Settings.items': '{not json', 'Texts.items': '{}' }, ['Settings.items']],
    ['video', { 'Settings.provider': 'youtube', 'Settings.videoId': 'not a video id!', 'Settings.posterAssetId': '2', 'Texts.title': 'x' }, ['Settings.videoId']],
  ])('a bad %s form is a BadInput naming its fields', (type, body, fields) => {
    try {
      postedBlock(type, body);
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(BadInput);
      expect(Object.keys((error as BadInput).fields).sort()).toEqual([...fields].sort());
    }
  });

  test('an unknown type is a BadInput; stored values come back as the form shows them', () => {
    expect(() => postedBlock('nope', {})).toThrow(BadInput);
    expect(() => postedBlock('__proto__', {})).toThrow(BadInput);
    expect(blockValues('gallery', { assetIds: [3, 4] }, { title: 'Photos', alts: ['Un', 'Deux'] })).toEqual({ 'Settings.assetIds': '3, 4', 'Texts.title': 'Photos', 'Texts.alts': 'Un\nDeux' });
  });
});
