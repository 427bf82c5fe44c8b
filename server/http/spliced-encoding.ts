import zlib from 'node:zlib';
import type { Encoding } from './compression';

/**
 * A kept page compressed once, with a gap where each visitor's CSRF token goes (server/http/page-cache.ts).
 *
 * The encoder reads the page with a filler of the token's length in each gap, flushing before and after
 * it, so every piece between gaps ends byte-aligned; the filler's own output is dropped and the visitor's
 * token goes in its place as an uncompressed block (a brotli meta-block, a deflate stored block), which
 * every decoder reads as plain bytes. The filler is made of control characters that HTML never holds,
 * so nothing after it can copy from the gap; the two bytes after each gap travel inside the plain block
 * too, so brotli's literal context (the last two bytes) is the same for the encoder and the decoder.
 * Each spliced answer is checked once by decoding it with a probe token: if the encoder did anything
 * this does not allow for, there is no spliced answer and the page is compressed per request instead.
 */
export interface SplicedAnswer {
  encoding: Encoding;
  tokenLength: number;
  /** Compressed pieces: before the first gap, between gaps, after the last (with the stream's end). */
  pieces: Buffer[];
  /** The plain bytes around the gaps (for gzip's checksum). */
  parts: Buffer[];
  /** The two bytes after each gap, sent inside the plain block with the token. */
  suffixes: Buffer[];
}

const CONTEXT_BYTES = 2;
const CONTROL_BYTES = [1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31];

/** A run of control characters in which no pair of neighbours repeats (so it holds no match at all). */
function fillerOf(length: number): Buffer {
  const bytes: number[] = [];
  CONTROL_BYTES.forEach((first, index) => CONTROL_BYTES.slice(index + 1).forEach((second) => bytes.push(first, second)));
  if (length > bytes.length) throw new Error(`no filler of ${length} bytes`);
  return Buffer.from(bytes.slice(0, length));
}

type Engine = zlib.BrotliCompress | zlib.DeflateRaw;

function engineFor(encoding: Encoding): { engine: Engine; flush: number } {
  if (encoding === 'br') {
    // Quality 9, not 11: a kept page is compressed again each time its 30 s run out. On 87 KB of our HTML
    // and Markdown, quality 11 took 148 ms for 28.2 KB, quality 9 27 ms for 31.1 KB: with many filter
    // variants kept at once, quality 11 took the CPU the pages themselves need.
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT };
    return { engine: zlib.createBrotliCompress({ params }), flush: zlib.constants.BROTLI_OPERATION_FLUSH };
  }
  return { engine: zlib.createDeflateRaw({ level: 9 }), flush: zlib.constants.Z_SYNC_FLUSH };
}

/** Feeds each input to one encoder, flushing after each, and gives what came out for each input. */
async function encodeInTurns(encoding: Encoding, inputs: Buffer[]): Promise<Buffer[]> {
  const { engine, flush } = engineFor(encoding);
  let pending: Buffer[] = [];
  engine.on('data', (chunk: Buffer) => pending.push(chunk));
  const take = () => ((output) => ((pending = []), output))(Buffer.concat(pending));
  const outputs: Buffer[] = [];
  for (const input of inputs.slice(0, -1)) {
    engine.write(input);
    await new Promise<void>((resolve) => engine.flush(flush, () => resolve()));
    outputs.push(take());
  }
  await new Promise<void>((resolve, reject) => engine.once('end', resolve).once('error', reject).end(inputs[inputs.length - 1]));
  outputs.push(take());
  return outputs;
}

/** The plain block that carries `bytes` (65,536 at most) through the decoder untouched. */
function plainBlock(encoding: Encoding, length: number): Buffer {
  if (encoding === 'br') {
    // ISLAST 0, MNIBBLES 0 (four nibbles), MLEN - 1 in 16 bits, ISUNCOMPRESSED 1, then the pad to a byte.
    const bits = ((length - 1) << 3) | (1 << 19);
    return Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]);
  }
  // BFINAL 0, BTYPE 00 (stored), padded to a byte; LEN and its complement, little-endian.
  return Buffer.from([0, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The answer's bytes for one visitor's token, in order (no copy of the kept pieces). */
export function assemble(spliced: SplicedAnswer, token: Buffer): Buffer[] {
  const block = plainBlock(spliced.encoding, token.length + CONTEXT_BYTES);
  const out: Buffer[] = spliced.encoding === 'gzip' ? [GZIP_HEADER] : [];
  spliced.pieces.forEach((piece, index) => {
    if (index > 0) out.push(block, token, spliced.suffixes[index - 1]);
    out.push(piece);
  });
  if (spliced.encoding === 'gzip') out.push(gzipTrailer(spliced, token));
  return out;
}

function gzipTrailer(spliced: SplicedAnswer, token: Buffer): Buffer {
  let crc = 0;
  let size = 0;
  spliced.parts.forEach((part, index) => {
    if (index > 0) (crc = zlib.crc32(token, crc)), (size += token.length);
    crc = zlib.crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  return trailer;
}

const decoders: Record<Encoding, (body: Buffer) => Buffer> = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };

/** Compresses `parts` (the page cut at each token; one part: no token) once; null when it cannot be spliced safely. */
export async function spliceEncode(encoding: Encoding, parts: Buffer[], tokenLength: number): Promise<SplicedAnswer | null> {
  const inner = parts.slice(1);
  if ((inner.length > 0 && (tokenLength < 1 || tokenLength > 700)) || inner.some((part) => part.length < CONTEXT_BYTES)) return null;
  const filler = fillerOf(tokenLength);
  // Inputs in turn: part 0; then for each gap, the filler with the next part's first two bytes, then that part's rest.
  const inputs = [parts[0], ...inner.flatMap((part) => [Buffer.concat([filler, part.subarray(0, CONTEXT_BYTES)]), part.subarray(CONTEXT_BYTES)])];
  const outputs = await encodeInTurns(encoding, inputs);
  const pieces = outputs.filter((_, index) => index % 2 === 0);
  const suffixes = inner.map((part) => part.subarray(0, CONTEXT_BYTES));
  const spliced: SplicedAnswer = { encoding, tokenLength, pieces, parts, suffixes };
  const probe = Buffer.alloc(tokenLength, 'Z');
  const expected = Buffer.concat(parts.flatMap((part, index) => (index > 0 ? [probe, part] : [part])));
  try {
    return decoders[encoding](Buffer.concat(assemble(spliced, probe))).equals(expected) ? spliced : null;
  } catch {
    return null;
  }
}
