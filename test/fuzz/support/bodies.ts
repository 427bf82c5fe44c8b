// Request bodies for the fuzz suite: urlencoded forms, JSON (written by hand, so it can hold duplicate
// and prototype keys, numbers past double range and lone surrogates), multipart forms with files,
// and raw bytes under any content type. The CSRF token goes in where the persona's form would put it.
import fc from 'fast-check';
import { encodedValue, fieldName, hostileText, type KnownValues, percentEncode, textValue } from './values';

export interface Body {
  contentType?: string;
  bytes: Buffer;
  /** What the body is, for the failure report. */
  kind: 'form' | 'json' | 'multipart' | 'raw';
}

export interface BodyContext {
  known: KnownValues;
  names: string[];
}

/** name=value pairs, repeated names and bare names included (already percent-encoded). */
export function encodedPairs({ known, names }: BodyContext, maxLength: number): fc.Arbitrary<string[]> {
  const pair = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(fieldName(names), encodedValue(known)).map(([name, value]) => `${percentEncode(name)}=${value}`) },
    { weight: 1, arbitrary: fieldName(names).map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom('=', '&', '=x', 'a==b', '%FF=%FF', '__proto__=x', 'constructor[prototype]=x') },
  );
  // A repeated field: the same name twice or more, as a multi-select (or an attacker) sends it.
  const repeated = fc.tuple(fieldName(names), fc.array(encodedValue(known), { minLength: 2, maxLength: 4 })).map(([name, values]) => values.map((value) => `${percentEncode(name)}=${value}`));
  return fc.array(fc.oneof({ weight: 4, arbitrary: pair.map((one) => [one]) }, { weight: 1, arbitrary: repeated }), { maxLength }).map((groups) => groups.flat());
}

function formBody(context: BodyContext, csrf: string | null): fc.Arbitrary<Body> {
  return encodedPairs(context, 8).map((pairs) => {
    const all = csrf === null ? pairs : [`_csrf=${encodeURIComponent(csrf)}`, ...pairs];
    return { kind: 'form', contentType: 'application/x-www-form-urlencoded', bytes: Buffer.from(all.join('&'), 'latin1') };
  });
}

/** JSON text built by hand: JSON.stringify would drop duplicate keys and could not write 1e999 or -0. */
function jsonText({ known, names }: BodyContext): fc.Arbitrary<string> {
  const { value } = fc.letrec<{ value: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      textValue(known).map((text) => JSON.stringify(text)),
      fc.constantFrom('1e999', '-1e999', '-0', '123456789012345678901234567890', '0.1', '1', '-1', '0', 'true', 'false', 'null', '"\\ud800"', '"\\u0000"', '"\\udfff x"'),
      fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
      fc.array(fc.tuple(fieldName(names), tie('value')), { maxLength: 4 }).map((entries) => `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${item}`).join(',')}}`),
    ),
  }));
  const object = fc.array(fc.tuple(fieldName(names), value), { maxLength: 8 }).map((entries) => `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${item}`).join(',')}}`);
  const broken = fc.constantFrom('{', '{"a":', '[1,', '{"a":1}}', "{'a':1}", '', 'null', '"text"', '12', '[]', '{"__proto__":{"polluted":1}}', '\ufeff{}', '{"a":"\\x"}');
  const nested = fc.integer({ min: 100, max: 5000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));
  return fc.oneof({ weight: 8, arbitrary: object }, { weight: 1, arbitrary: value }, { weight: 1, arbitrary: broken }, { weight: 1, arbitrary: nested });
}

/** JSON, with a raw 0xFF 0xFE (not UTF-8) before its last character now and then; its token goes as the X-CSRF-Token header. */
function jsonBody(context: BodyContext): fc.Arbitrary<Body> {
  return fc.tuple(jsonText(context), fc.boolean()).map(([text, rawBytes]) => {
    const bytes = rawBytes ? Buffer.concat([Buffer.from(text.slice(0, -1), 'utf8'), Buffer.from([0xff, 0xfe]), Buffer.from(text.slice(-1), 'utf8')]) : Buffer.from(text, 'utf8');
    return { kind: 'json', contentType: 'application/json', bytes };
  });
}

const fileContents = fc.oneof(
  fc.uint8Array({ maxLength: 256 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom(
    Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    Buffer.from('ffd8ffe000104a46494600', 'hex'),
    Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
    Buffer.from('%PDF-1.4\n'),
    Buffer.alloc(0),
  ),
);

/** multipart/form-data with fields and files; sometimes cut short, or under another boundary than the header's. */
function multipartBody(context: BodyContext, csrf: string | null): fc.Arbitrary<Body> {
  const field = fc.tuple(fieldName(context.names), textValue(context.known)).map(([name, value]) => part(name, null, null, Buffer.from(value, 'utf8')));
  const file = fc
    .tuple(fc.constantFrom('file', 'files', 'File', 'upload', ...context.names.slice(0, 20)), hostileText, fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream', 'text/html', '', 'x/y;z'), fileContents)
    .map(([name, filename, type, bytes]) => part(name, filename.slice(0, 300), type, bytes));
  return fc.tuple(fc.array(fc.oneof(field, file), { maxLength: 5 }), fc.constantFrom('ok', 'ok', 'ok', 'truncated', 'other-boundary', 'no-boundary')).map(([parts, shape]) => {
    const boundary = 'fuzzBoundary7d1a';
    const all = csrf === null ? parts : [part('_csrf', null, null, Buffer.from(csrf)), ...parts];
    const body = Buffer.concat([...all.map((item) => Buffer.concat([Buffer.from(`--${boundary}\r\n`), item])), Buffer.from(`--${boundary}--\r\n`)]);
    const bytes = shape === 'truncated' ? body.subarray(0, Math.floor(body.length / 2)) : body;
    const header = shape === 'no-boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${shape === 'other-boundary' ? 'elsewhere' : boundary}`;
    return { kind: 'multipart', contentType: header, bytes };
  });
}

function part(name: string, filename: string | null, type: string | null, bytes: Buffer): Buffer {
  const disposition = `Content-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"${filename === null ? '' : `; filename="${filename.replace(/["\r\n]/g, '_')}"`}`;
  const head = `${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`;
  return Buffer.concat([Buffer.from(head, 'utf8'), bytes, Buffer.from('\r\n')]);
}

function rawBody(): fc.Arbitrary<Body> {
  const type = fc.constantFrom(undefined, 'text/plain', 'application/xml', 'application/json; charset=latin1', 'application/json; charset=utf-16', 'application/x-www-form-urlencoded; charset=koi8-r', 'application/x-www-form-urlencoded; charset=nope', 'image/png', '*/*', ';;;', 'application/json; charset=utf-8; charset=utf-7');
  return fc.tuple(type, fc.uint8Array({ maxLength: 512 })).map(([contentType, bytes]) => ({ kind: 'raw', contentType, bytes: Buffer.from(bytes) }));
}

/** Any of the four kinds of body, with the persona's token inside where the form would carry it (null: none). */
export function bodyOf(context: BodyContext, csrf: string | null): fc.Arbitrary<Body> {
  return fc.oneof({ weight: 5, arbitrary: formBody(context, csrf) }, { weight: 3, arbitrary: jsonBody(context) }, { weight: 2, arbitrary: multipartBody(context, csrf) }, { weight: 1, arbitrary: rawBody() });
}
