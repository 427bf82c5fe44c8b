// Pure parts of the navigation: which menu rows a visitor sees and where they lead (server/menus/rules.ts),
// the follow-us links from the settings, and the scroll rules (common/navigation.ts).
import { followUsAffixOffset, isAffixed, sectionInView } from '../../common/navigation';
import { entryOf, type MenuRow, menuTree, nextChange, socialLinksOf, urlTarget } from '../../server/menus/rules';

const t = (key: string) => `[${key}]`;
const now = 1_800_000_000_000;
const row = (fields: Partial<MenuRow> & Pick<MenuRow, 'id' | 'kind'>): MenuRow => ({
  parentId: null, url: null, startsAt: null, endsAt: null, label: '', category: null, page: null, ...fields,
});
const page = (fields: Partial<NonNullable<MenuRow['page']>> = {}) => ({ slug: 'legal', title: 'Mentions', status: 'published', publishAt: null, unpublishAt: null, ...fields });

describe('menu items', () => {
  it('leads a category to its id and slug, a page to its slug, a section to its path, with the target\'s own name unless labelled', () => {
    expect(entryOf(row({ id: 1, kind: 'category', category: { id: 7, name: 'Femme', slug: 'femme élégante' } }), now, t)).toMatchObject({ label: 'Femme', path: 'catalog/category/7/femme%20%C3%A9l%C3%A9gante' });
    expect(entryOf(row({ id: 2, kind: 'page', page: page(), label: ' Légal ' }), now, t)).toMatchObject({ label: 'Légal', path: 'legal' });
    expect(entryOf(row({ id: 3, kind: 'cart' }), now, t)).toMatchObject({ label: '[Menus.Cart]', path: 'shoppingcarts' });
    expect(entryOf(row({ id: 4, kind: 'news' }), now, t)).toMatchObject({ label: '[Menus.News]', path: 'news' });
  });

  it('leaves out a gone target, an unpublished or future page, an item out of its window, a URL without a label', () => {
    expect(entryOf(row({ id: 1, kind: 'category' }), now, t)).toBeNull();
    expect(entryOf(row({ id: 2, kind: 'page' }), now, t)).toBeNull();
    expect(entryOf(row({ id: 3, kind: 'page', page: page({ status: 'draft' }) }), now, t)).toBeNull();
    expect(entryOf(row({ id: 4, kind: 'page', page: page({ publishAt: now + 1 }) }), now, t)).toBeNull();
    expect(entryOf(row({ id: 5, kind: 'news', endsAt: now }), now, t)).toBeNull();
    expect(entryOf(row({ id: 6, kind: 'news', startsAt: now + 1 }), now, t)).toBeNull();
    expect(entryOf(row({ id: 7, kind: 'url', url: 'https://example.com' }), now, t)).toBeNull();
  });

  it('keeps an external URL whole and makes any other a path below the culture', () => {
    expect(urlTarget(' https://example.com/a?b=1 ')).toEqual({ path: null, url: 'https://example.com/a?b=1' });
    expect(urlTarget('/catalog?q=robe')).toEqual({ path: 'catalog?q=robe', url: null });
  });

  it('builds the tree in order, a hidden parent hiding its children, and stops a cycle', () => {
    const rows = [
      row({ id: 1, kind: 'news' }),
      row({ id: 2, kind: 'category' }),
      row({ id: 3, kind: 'faq', parentId: 2 }),
      row({ id: 4, kind: 'projects', parentId: 1 }),
      row({ id: 5, kind: 'cart', parentId: 6 }),
      row({ id: 6, kind: 'account', parentId: 5 }),
    ];
    const tree = menuTree(rows, now, t);
    expect(tree.map((entry) => [entry.id, entry.children.map((child) => child.id)])).toEqual([[1, [4]]]);
  });

  it('ends a kept menu at the next window or publishing change', () => {
    expect(nextChange([row({ id: 1, kind: 'news', endsAt: now + 50 }), row({ id: 2, kind: 'page', page: page({ publishAt: now + 10 }) })], now)).toBe(now + 10);
    expect(nextChange([row({ id: 1, kind: 'news', startsAt: now - 5 })], now)).toBeNull();
  });
});

describe('follow-us links', () => {
  it('keeps known networks with an https address, in their order', () => {
    const settings = new Map([
      ['social.youtube', 'https://www.youtube.com/@shop'],
      ['social.facebook', ' https://www.facebook.com/shop '],
      ['social.instagram', 'javascript:alert(1)'],
      ['social.myspace', 'https://myspace.com/shop'],
    ]);
    expect(socialLinksOf(settings)).toEqual([
      { network: 'facebook', url: 'https://www.facebook.com/shop' },
      { network: 'youtube', url: 'https://www.youtube.com/@shop' },
    ]);
  });
});

describe('scroll rules', () => {
  it('affixes the follow-us block past banner + navigation - block - 100', () => {
    const offset = followUsAffixOffset({ banner: 600, navigation: 80, block: 200 });
    expect(offset).toBe(380);
    expect(isAffixed(380, offset)).toBe(false);
    expect(isAffixed(381, offset)).toBe(true);
  });

  it('marks the last section whose top passed the offset, the first before any, the last at the end', () => {
    expect(sectionInView([], 121, false)).toBe(-1);
    expect(sectionInView([300, 900], 121, false)).toBe(0);
    expect(sectionInView([-400, 121, 700], 121, false)).toBe(1);
    expect(sectionInView([-900, -400, 700], 121, true)).toBe(2);
  });
});
