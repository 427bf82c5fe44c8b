// The values the fuzz suite puts into paths, query strings, forms, JSON, headers and cookies: real
// ones read from the seeded database (so requests get past "no such product" into the handlers),
// and hostile ones (raw bytes, overlong UTF-8, NUL, lone surrogates, huge numbers, prototype keys).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { Db } from '../../../server/db';

export const cultures = ['fr', 'nl', 'es', 'de', 'it', 'pt'];

/** Percent escapes that are not UTF-8: a lone byte, overlong forms of '/' and NUL, a surrogate, past U+10FFFF, broken escapes. */
export const rawEscapes = [
  '%FF', '%C0%AF', '%E0%80%AF', '%C0%80', '%ED%A0%80', '%ED%BF%BF', '%F4%90%80%80', '%F8%88%80%80%80', '%80', '%C3', '%E2%82',
  '%00', '%', '%%', '%zz', '%2', '%25', '%2e%2e%2f', '%2F', '%5C', '%0D%0A', '%u0041',
];

const prototypeKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

const specialTexts = [
  '', ' ', '0', '-1', '-0', '1.5', '1e3', '1e309', '-1e309', '9007199254740993', '99999999999999999999999999', '0x10', '00012',
  'NaN', 'Infinity', 'null', 'undefined', 'true', 'false', '[]', '{}', '[object Object]', ...prototypeKeys,
  '\u0000', 'a\u0000b', '\ud800', '\udfff', 'a\ud83d', '\ufffd', '\u202e', '\ufeff', 'é', '日本語', '😀', '\r\n', '\t',
  '../../etc/passwd', '..', '.', '/', '//', '\\', '<script>alert(1)</script>', '"><img src=x>', "' OR 1=1 --", '${7*7}', '<%= 7*7 %>',
  'javascript:alert(1)', 'http://evil.example/', '//evil.example', 'fr', 'EUR', 'USD', 'XXX', 'FR', 'BE', 'be', 'customer@example.com',
  '2026-02-30', '2026-13-01', '9999-12-31', '0000-00-00', '1970-01-01T00:00:00Z', 'a'.repeat(300), 'é'.repeat(2000), '9'.repeat(400),
];

/** Text of any kind: special cases, ASCII, any code point (lone surrogates included), long runs, big numbers. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...specialTexts) },
  { weight: 2, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom('\ud800', '\udbff', '\udc00').chain((half) => fc.string({ maxLength: 4 }).map((text) => text + half + text)) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n })).map(String) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', '1', 'é', '%'), fc.integer({ min: 1000, max: 6000 })).map(([unit, times]) => unit.repeat(times)) },
);

/** UTF-8 percent-encoding that also writes a lone surrogate (as its WTF-8 bytes), where encodeURIComponent throws. */
export function percentEncode(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(char);
  }
  return out;
}

/** Values read from the seeded database: ids, slugs, numbers, tokens, keys of every table. */
export interface KnownValues {
  values: string[];
  /** Cultures, ids and the like keyed by parameter names that name them, e.g. culture -> fr, nl, … */
  byName: Map<string, string[]>;
}

const valueColumn = /^(id|.*_id|slug|number|token|key|code|.*_key|name|culture|currency|country|country_code|sku|reference)$/;

/** Reads up to four values of each id-like column of every table (in the database's own schema). */
export async function knownValues(db: Db): Promise<KnownValues> {
  const tables = await db.introspection.getTables();
  const seen = new Set<string>();
  const values = new Set<string>(['1', '2', '3']);
  for (const table of tables) {
    if (seen.has(table.name) || table.name.startsWith('kysely') || /session/.test(table.name)) continue;
    seen.add(table.name);
    for (const column of table.columns.filter((item) => valueColumn.test(item.name))) {
      const rows = await (db as any).selectFrom(table.name).select(column.name).distinct().limit(4).execute().catch(() => []);
      for (const row of rows as Record<string, unknown>[]) {
        const value = row[column.name];
        if ((typeof value === 'string' || typeof value === 'number') && String(value).length <= 120) values.add(String(value));
      }
    }
  }
  return { values: [...values], byName: new Map([['culture', cultures]]) };
}

/** Field and parameter names the app reads: name="…" in its views, req.query.X and req.body.X in its code. */
export function harvestedNames(root: string): string[] {
  const names = new Set<string>(['q', 'page', 'pageindex', 'returnUrl', 'culture', 'ProductVariantId', 'ProductId', 'Quantity', 'wishlistid', 'folderId']);
  const patterns = [/\bname="([A-Za-z_][\w.[\]-]{0,40})"/g, /\b(?:query|body)\??\.([A-Za-z_]\w{0,40})/g, /\b(?:query|body)\??\.?\[['"]([^'"]{1,40})['"]\]/g];
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) names.add(match[1]);
  }
  return [...names].sort();
}

function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.(ts|ejs)$/.test(entry.name)) files.push(full);
    }
  };
  for (const dir of ['server', 'views', 'widgets']) visit(path.join(root, dir));
  return files;
}

/** A field name: one the app reads, a prototype key, a bracketed or dotted form, or any text. */
export function fieldName(names: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.constantFrom(...prototypeKeys, '__proto__[polluted]', 'constructor[prototype][polluted]', 'a[]', 'a[b][c]', 'a.b', '') },
    { weight: 1, arbitrary: hostileText.map((text) => text.slice(0, 60)) },
  );
}

/** A value as text: a known one most often, else a hostile one. */
export function textValue(known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known.values) }, { weight: 3, arbitrary: hostileText });
}

/** A value percent-encoded for a URL or a urlencoded body: well-formed, raw non-UTF-8 escapes, or a mix. */
export function encodedValue(known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: textValue(known).map(percentEncode) },
    { weight: 2, arbitrary: fc.constantFrom(...rawEscapes) },
    { weight: 1, arbitrary: fc.array(fc.oneof(fc.constantFrom(...rawEscapes), textValue(known).map(percentEncode)), { minLength: 2, maxLength: 4 }).map((parts) => parts.join('')) },
  );
}
