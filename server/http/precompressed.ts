import { statSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { chooseEncoding, type Encoding } from './compression';

type StaticOptions = Parameters<typeof express.static>[1];

/** The build (esbuild.config.mjs) writes these beside each text file it serves: brotli 11 and gzip 9. */
const SUFFIXES: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

const modifiedAt = (file: string): number | null => {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats?.isFile() ? stats.mtimeMs : null;
};

/**
 * The precompressed files beside `file` that are at least as new as it, remembered per file once found
 * (the built files are named by their content; the few others change only with a build).
 */
function variantsFinder() {
  const found = new Map<string, Encoding[]>();
  return (file: string): Encoding[] => {
    let variants = found.get(file);
    if (!variants) {
      const original = modifiedAt(file);
      const fresh = (encoding: Encoding) => original !== null && (modifiedAt(file + SUFFIXES[encoding]) ?? -1) >= original;
      variants = (Object.keys(SUFFIXES) as Encoding[]).filter(fresh);
      // Only a twin found is remembered: a build under way may write one a moment later.
      if (variants.length > 0 && found.size < 10_000) found.set(file, variants);
    }
    return variants;
  };
}

/**
 * express.static for `dir`, answering with the file's precompressed twin when the client takes its
 * encoding: no compression work per request, and `send` gives the twin its own ETag, length, ranges,
 * HEAD and 304. Vary: Accept-Encoding on every file that has a twin.
 */
export function precompressedStatic(dir: string, options: StaticOptions) {
  const serve = express.static(dir, options);
  const variantsOf = variantsFinder();
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return serve(req, res, next);
    let file: string;
    try {
      file = path.join(dir, decodeURIComponent(req.path));
    } catch {
      return serve(req, res, next);
    }
    // No file name holds a NUL (%00), and fs throws on one: express.static refuses such a path itself (a 404 here).
    if (file.includes('\0')) return serve(req, res, next);
    const variants = file.startsWith(dir + path.sep) ? variantsOf(file) : [];
    if (variants.length === 0) return serve(req, res, next);
    res.vary('Accept-Encoding');
    const encoding = chooseEncoding(req);
    if (!encoding || !variants.includes(encoding)) return serve(req, res, next);
    const url = req.url;
    res.type(path.extname(file)).set('Content-Encoding', encoding);
    req.url = req.path + SUFFIXES[encoding] + url.slice(req.path.length);
    serve(req, res, (error?: unknown) => {
      req.url = url;
      res.removeHeader('Content-Encoding');
      next(error);
    });
  };
}
