import type { IncomingHttpHeaders } from 'node:http';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import busboy from 'busboy';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { backOfficeRoles } from '../backoffice/access';
import { loadCurrentUser } from '../accounts/current-user';
import { uploadLimits } from './limits';

/** One file of a multipart body, as posted (nothing about it is trusted yet). */
export interface PostedFile {
  field: string;
  filename: string;
  /** Its bytes; empty when it went over the size of one file (truncated), which refuses it. */
  bytes: Buffer;
  truncated?: boolean;
}

/** The reason a whole upload request is refused (a resource key), or null. */
export type UploadProblem =
  | 'AssetsLibrary.NotMultipart'
  | 'AssetsLibrary.TooManyFiles'
  | 'AssetsLibrary.TotalTooBig'
  | 'AssetsLibrary.NoFile'
  | 'AssetsLibrary.FieldsTooBig'
  | 'Core.RepeatedField';

export interface MultipartBody {
  fields: Record<string, string>;
  files: PostedFile[];
  problem: UploadProblem | null;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by multipartUploads on the asset library's upload addresses. */
    uploads?: { files: PostedFile[]; problem: UploadProblem | null };
  }
}

// Room for the part headers and the form fields besides the files themselves.
const overheadBytes = 256 * 1024;
const maxBodyBytes = uploadLimits.maxTotalBytes + overheadBytes;

/**
 * Reads the multipart body of the upload addresses (given as path patterns) ahead of the CSRF check,
 * so that a form posted without JavaScript can carry its _csrf field: form fields go to req.body, files
 * to req.uploads. The session's account is looked up first: the body of anyone but an editor or an
 * administrator is not read at all (the library's access check then answers 401 or 403, the CSRF
 * check reading the header). The route answers the problem once the culture and the user are known.
 */
export function multipartUploads(paths: RegExp[], session: RequestHandler): RequestHandler {
  const loadUser = loadCurrentUser();
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST' || !paths.some((pattern) => pattern.test(req.path))) return next();
    // express-session runs once per request: the site's own mount further on finds req.session and skips.
    session(req, res, (sessionError?: unknown) => {
      if (sessionError) return next(sessionError);
      loadUser(req, res, (userError?: unknown) => {
        if (userError) return next(userError);
        if (!mayUpload(res)) return next();
        readMultipart(req, req.headers).then((body) => {
          req.body = body.fields;
          req.uploads = { files: body.files, problem: body.problem };
          next();
        }, next);
      });
    });
  };
}

function mayUpload(res: Response): boolean {
  return Boolean(res.locals.user?.roles.some((role) => backOfficeRoles.includes(role)));
}

/**
 * Parses a multipart/form-data body with busboy as it streams in. Each file is kept in memory up to the
 * size of one file (beyond, its bytes are dropped and it is marked truncated: refused alone); the files
 * together up to the total (beyond, everything kept is dropped and the rest read and thrown away, so the
 * client still gets its 400), and past twice the total the request is cut. A text field posted twice,
 * too many fields or a field too long refuse the whole request. File names are decoded as UTF-8
 * (filename* of RFC 5987 included); an empty file input (no name, no bytes) is not a file.
 */
export function readMultipart(body: Readable, headers: IncomingHttpHeaders): Promise<MultipartBody> {
  return new Promise((resolve) => {
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    let files: PostedFile[] = [];
    let problem: UploadProblem | null = null;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      body.unpipe();
      if (!problem && files.length === 0) problem = 'AssetsLibrary.NoFile';
      resolve({ fields, files: problem ? [] : files, problem });
    };
    const refuse = (reason: UploadProblem) => {
      problem ??= reason;
      files = [];
    };

    // busboy reads urlencoded bodies too: only a multipart form is an upload.
    if (!/^multipart\/form-data\s*;/i.test(headers['content-type'] ?? '')) {
      problem = 'AssetsLibrary.NotMultipart';
      return settle();
    }
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers,
        defParamCharset: 'utf8',
        limits: {
          fileSize: uploadLimits.maxFileBytes,
          files: uploadLimits.maxFiles,
          fields: uploadLimits.maxFields,
          fieldSize: uploadLimits.maxFieldBytes,
          parts: uploadLimits.maxFiles + uploadLimits.maxFields,
        },
      });
    } catch {
      problem = 'AssetsLibrary.NotMultipart';
      return settle();
    }

    let kept = 0;
    parser.on('file', (field, stream, info) => {
      let chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (problem) return;
        kept += chunk.length;
        if (kept > uploadLimits.maxTotalBytes) return refuse('AssetsLibrary.TotalTooBig');
        chunks.push(chunk);
      });
      // The parser's own error (a body cut short) is answered once, by the parser's error below.
      stream.on('error', () => undefined);
      stream.on('limit', () => {
        kept -= chunks.reduce((total, chunk) => total + chunk.length, 0);
        chunks = [];
      });
      stream.on('end', () => {
        if (problem || (info.filename === undefined && size === 0)) return;
        const truncated = stream.truncated;
        // Browsers send a double quote of a name as %22 (HTML's multipart encoding): one again.
        files.push({ field, filename: (info.filename ?? '').replace(/%22/g, '"'), bytes: truncated ? Buffer.alloc(0) : Buffer.concat(chunks), truncated });
        chunks = [];
      });
    });
    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return refuse('AssetsLibrary.FieldsTooBig');
      if (Object.prototype.hasOwnProperty.call(fields, name)) return refuse('Core.RepeatedField');
      fields[name] = value;
    });
    parser.on('filesLimit', () => refuse('AssetsLibrary.TooManyFiles'));
    parser.on('fieldsLimit', () => refuse('AssetsLibrary.FieldsTooBig'));
    parser.on('partsLimit', () => refuse('AssetsLibrary.FieldsTooBig'));
    parser.on('close', settle);
    // A malformed body (no closing boundary, broken headers): not a multipart form.
    parser.on('error', () => {
      refuse('AssetsLibrary.NotMultipart');
      settle();
    });

    let received = 0;
    body.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBodyBytes) refuse('AssetsLibrary.TotalTooBig');
      // A client that sends without end gets no answer: the connection is cut.
      if (received > 2 * maxBodyBytes) {
        settle();
        body.destroy();
      }
    });
    body.on('error', () => {
      refuse('AssetsLibrary.NotMultipart');
      settle();
    });
    body.pipe(new PartHeaderFilter(boundaryOf(headers['content-type']))).pipe(parser);
  });
}

function boundaryOf(contentType: string | undefined): string {
  const match = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]) : '';
}

// Control bytes but tab, CR and LF (the structure of the headers).
const controlByte = (byte: number) => (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f;

/**
 * Lets the body through unchanged but for the header lines of its parts, where each control byte becomes a
 * left-to-right mark (U+200E) and backslashes become slashes. busboy refuses a whole body whose part header
 * holds a control byte and reads a backslash as a quoted-pair escape, so a file named "\u0001" or
 * "C:\temp\" (what a hostile or an old client sends) would sink the request or turn the file into a text
 * field. Filtered, such a name reaches cleanName, which drops the marks as it drops control characters
 * and keeps the last path part (a name of control characters only stays a non-empty name, so the part
 * stays a file): that one file is refused with its own message, as any badly named file. A part's headers start after a delimiter line
 * and end at the first empty line; the file bytes between them pass untouched.
 */
class PartHeaderFilter extends Transform {
  private readonly firstDelimiter: Buffer;
  /** Every delimiter after the first starts on a new line, as busboy reads them (file bytes may hold "--boundary"). */
  private readonly delimiter: Buffer;
  private seenFirst = false;
  private inHeaders = false;
  private carry = Buffer.alloc(0);

  constructor(boundary: string) {
    super();
    this.firstDelimiter = Buffer.from(`--${boundary}`, 'latin1');
    this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let data = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    for (;;) {
      if (this.inHeaders) {
        const end = data.indexOf('\r\n\r\n');
        // Headers are short: keep the last 3 bytes back in case the empty line straddles two chunks.
        const upTo = end === -1 ? Math.max(0, data.length - 3) : end + 4;
        this.push(cleanHeaders(data.subarray(0, upTo)));
        data = data.subarray(upTo);
        if (end === -1) break;
        this.inHeaders = false;
      } else {
        const delimiter = this.seenFirst ? this.delimiter : this.firstDelimiter;
        const at = data.indexOf(delimiter);
        const upTo = at === -1 ? Math.max(0, data.length - delimiter.length + 1) : at + delimiter.length;
        this.push(data.subarray(0, upTo));
        data = data.subarray(upTo);
        if (at === -1) break;
        this.seenFirst = true;
        this.inHeaders = true;
      }
    }
    this.carry = Buffer.from(data);
    done();
  }

  override _flush(done: TransformCallback): void {
    this.push(this.inHeaders ? cleanHeaders(this.carry) : this.carry);
    done();
  }
}

const leftToRightMark = [0xe2, 0x80, 0x8e];

function cleanHeaders(bytes: Buffer): Buffer {
  if (!bytes.some((byte) => controlByte(byte) || byte === 0x5c)) return bytes;
  const out: number[] = [];
  for (const byte of bytes) {
    if (controlByte(byte)) out.push(...leftToRightMark);
    else out.push(byte === 0x5c ? 0x2f : byte);
  }
  return Buffer.from(out);
}
