import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cultures } from '../../../server/config';
import { readResources, type ResourceTree } from '../../../server/localization/i18n';

const root = path.resolve(__dirname, '../../..');

/** Every leaf of a resource tree as 'Dotted.Path' -> text. */
function leaves(tree: ResourceTree, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const entry of leaves(value, dotted)) found.set(...entry);
    else found.set(dotted, value);
  }
  return found;
}

const trees = new Map(cultures.map((culture) => [culture, leaves(readResources(culture))]));
const allKeys = [...new Set([...trees.values()].flatMap((tree) => [...tree.keys()]))].sort();

describe('locale files', () => {
  it('exist for exactly the six cultures', () => {
    const files = readdirSync(path.join(root, 'locales')).filter((file) => file.endsWith('.json'));
    expect(files.map((file) => file.replace('.json', '')).sort()).toEqual([...cultures].sort());
  });

  it.each([...cultures])('%s has every key any locale has, each a non-empty text', (culture) => {
    const tree = trees.get(culture)!;
    const missing = allKeys.filter((key) => typeof tree.get(key) !== 'string' || (tree.get(key) as string).trim() === '');
    expect(missing).toEqual([]);
  });

  it('keep the same {{placeholders}} in every culture', () => {
    const placeholders = (text: unknown) => String(text).match(/{{\s*\w+\s*}}/g)?.sort() ?? [];
    const differing = allKeys.filter((key) =>
      cultures.some((culture) => placeholders(trees.get(culture)!.get(key)).join() !== placeholders(trees.get('fr')!.get(key)).join()),
    );
    expect(differing).toEqual([]);
  });
});

describe('keys used by the views', () => {
  function templates(directory: string): string[] {
    return readdirSync(directory, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ejs'))
      .map((entry) => path.join(entry.parentPath, entry.name));
  }

  const used = [...templates(path.join(root, 'views')), ...templates(path.join(root, 'widgets'))].flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.]+)'\s*[,)]/g)].map((match) => match[1]),
  );

  it('are found', () => {
    expect(used).toEqual(expect.arrayContaining(['Core.SiteName', 'Core.MainNavigation']));
  });

  it('all exist in the locale files', () => {
    // A plural key (t('X.Count', { count })) is found through its i18next forms, X.Count_one / X.Count_other.
    const found = (key: string) => allKeys.includes(key) || allKeys.includes(`${key}_other`);
    expect([...new Set(used)].filter((key) => !found(key))).toEqual([]);
  });
});
