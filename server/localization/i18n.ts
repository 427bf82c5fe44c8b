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

/**
 * A page looks up the same plain keys on every view (about 8% of its CPU in i18next): a key asked
 * without options is translated once per culture and remembered; calls with options go through.
 */
function remembering(translate: TFunction): TFunction {
  const texts = new Map<string, string>();
  const call = translate as unknown as (...args: unknown[]) => string;
  const remembered = (key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return call(key, ...rest);
    let text = texts.get(key);
    if (text === undefined) {
      text = translate(key) as string;
      texts.set(key, text);
    }
    return text;
  };
  // getFixedT's own fields (lng tells the forms which culture's date format to use).
  const { lng, ns } = translate as unknown as { lng?: unknown; ns?: unknown };
  return Object.assign(remembered, { lng, ns }) as unknown as TFunction;
}

/** One i18next instance for the process; views get a translator fixed to the request's culture. */
export function createLocalization(defaultCulture: Culture): Localization {
  const trees = new Map(cultures.map((culture) => [culture, readResources(culture)]));
  const etags = new Map(
    [...trees].map(([culture, tree]) => [culture, `"${createHash('sha1').update(JSON.stringify(tree)).digest('base64url')}"`]),
  );
  const instance = i18next.createInstance();
  const translators = new Map(cultures.map((culture) => [culture, remembering(instance.getFixedT(culture))]));
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
    translator: (culture) => translators.get(culture)!,
    resources: (culture) => ({ tree: trees.get(culture)!, etag: etags.get(culture)! }),
  };
}
