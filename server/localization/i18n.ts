import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type i18n, type TFunction } from 'i18next';
import { type Culture, cultures } from '../config';

export type ResourceTree = { [key: string]: string | ResourceTree };

export interface Localization {
  i18n: i18n;
  translator(culture: Culture): TFunction;
  resources(culture: Culture): { tree: ResourceTree; etag: string };
}

const localesDir = path.resolve(__dirname, '../../locales');

export function readResources(culture: Culture): ResourceTree {
  return JSON.parse(readFileSync(path.join(localesDir, `${culture}.json`), 'utf8')) as ResourceTree;
}

/** One i18next instance for the process; views get a translator fixed to the request's culture. */
export function createLocalization(defaultCulture: Culture): Localization {
  const trees = new Map(cultures.map((culture) => [culture, readResources(culture)]));
  const etags = new Map(
    [...trees].map(([culture, tree]) => [culture, `"${createHash('sha1').update(JSON.stringify(tree)).digest('base64url')}"`]),
  );
  const instance = i18next.createInstance();
  void instance.init({
    initAsync: false,
    lng: defaultCulture,
    fallbackLng: false,
    supportedLngs: [...cultures],
    resources: Object.fromEntries([...trees].map(([culture, tree]) => [culture, { translation: tree }])),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return {
    i18n: instance,
    translator: (culture) => instance.getFixedT(culture),
    resources: (culture) => ({ tree: trees.get(culture)!, etag: etags.get(culture)! }),
  };
}
