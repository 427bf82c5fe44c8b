import type { NextFunction, Request, Response } from 'express';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Answers smaller than this travel as they are: compressing them saves less than it costs. */
export const MIN_COMPRESSED_BYTES = 1024;

const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|manifest\+json|[\w.-]+\+(json|xml))|image\/svg\+xml)/i;

export function isCompressible(contentType: unknown): boolean {
  return COMPRESSIBLE.test(String(contentType ?? ''));
}

/** The client's weights per coding (Accept-Encoding, RFC 9110 12.5.3); `*` stands for any coding not named. */
function weightsOf(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const item of header.split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim().match(/^q=([01](\.\d{0,3})?)$/)?.[1]).find(Boolean);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  return weights;
}

/** Brotli when the client takes it, gzip otherwise, null for the bytes as they are (no header, q=0, identity only). */
export function chooseEncoding(req: Request): Encoding | null {
  return encodingFor(req.get('Accept-Encoding'));
}

/** The same choice from the Accept-Encoding header itself (the page cache's front door has no Express request). */
export function encodingFor(acceptEncoding: string | undefined): Encoding | null {
  const weights = weightsOf(acceptEncoding ?? '');
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const [br, gzip] = [weight('br'), weight('gzip')];
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/** Per request: fast settings (brotli 5 is about gzip's cost for a smaller answer). */
export function compressNow(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: 6 });
  return zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

function streamFor(encoding: Encoding): zlib.BrotliCompress | zlib.Gzip {
  if (encoding === 'gzip') return zlib.createGzip({ level: 6 });
  return zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
}

/** Whether this answer may be compressed at all (a body of its kind, nothing encoded it yet, not forbidden). */
function mayCompress(res: Response): boolean {
  return (
    isCompressible(res.get('Content-Type')) &&
    !res.get('Content-Encoding') &&
    !/no-transform/.test(String(res.get('Cache-Control') ?? '')) &&
    res.statusCode !== 204 &&
    res.statusCode !== 304
  );
}

/** The body res.send was given, as the bytes it would send (its content type settled the way Express settles it). */
function bodyBytes(res: Response, body: unknown): Buffer | null {
  if (Buffer.isBuffer(body)) return body;
  if (typeof body !== 'string') return null;
  const type = String(res.get('Content-Type') ?? 'text/html');
  res.set('Content-Type', /;\s*charset=/i.test(type) ? type : `${type}; charset=utf-8`);
  return Buffer.from(body);
}

/** res.send: a page, a fragment or JSON over 1 KB goes out compressed; Express then sets its ETag from those bytes. */
function compressingSend(req: Request, res: Response, original: Response['send']): Response['send'] {
  return function send(this: Response, body?: unknown) {
    const bytes = bodyBytes(res, body);
    if (!bytes || !mayCompress(res)) return original.call(this, body);
    res.vary('Accept-Encoding');
    const encoding = chooseEncoding(req);
    if (!encoding || bytes.length < MIN_COMPRESSED_BYTES) return original.call(this, bytes);
    res.set('Content-Encoding', encoding);
    // An ETag the route set names the plain bytes: each encoding is its own representation (RFC 9110 8.8.3).
    const etag = res.get('ETag');
    if (etag) res.set('ETag', etag.replace(/"$/, `-${encoding}"`));
    return original.call(this, compressNow(bytes, encoding));
  };
}

/**
 * A streamed answer (res.write before res.end, no Content-Length: the products sitemap) goes through a
 * compressing stream; anything that set its length or its encoding itself (res.send above, the page
 * cache's kept answers) passes untouched.
 */
function compressStreams(req: Request, res: Response): void {
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let stream: zlib.BrotliCompress | zlib.Gzip | null = null;
  const start = (): boolean => {
    if (res.headersSent || res.get('Content-Length') !== undefined || !mayCompress(res)) return false;
    res.vary('Accept-Encoding');
    const encoding = chooseEncoding(req);
    if (!encoding || req.method === 'HEAD') return false;
    res.set('Content-Encoding', encoding);
    stream = streamFor(encoding);
    stream.on('data', (chunk: Buffer) => write(chunk));
    stream.on('end', () => end());
    return true;
  };
  let decided = false;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!decided) (decided = true), start();
    return stream ? stream.write(chunk as Buffer, rest.find((arg) => typeof arg === 'function') as () => void) : write(chunk, ...rest);
  }) as Response['write'];
  res.end = ((...args: unknown[]) => {
    if (!stream) return end(...args);
    const chunk = typeof args[0] === 'function' ? undefined : args[0];
    stream.end(chunk as Buffer | undefined);
    return res;
  }) as Response['end'];
}

/** Compresses the answers of the routes after it (HTML, JSON, XML; brotli preferred, gzip otherwise). */
export function compressAnswers() {
  return (req: Request, res: Response, next: NextFunction): void => {
    res.send = compressingSend(req, res, res.send);
    compressStreams(req, res);
    next();
  };
}
