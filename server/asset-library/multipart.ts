import type { NextFunction, Request, Response } from 'express';
import { uploadLimits } from './limits';

/** One file of a multipart body, as posted (nothing about it is trusted yet). */
export interface PostedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

/** The reason a whole upload request is refused (a resource key), or null. */
export type UploadProblem = 'AssetsLibrary.NotMultipart' | 'AssetsLibrary.TooManyFiles' | 'AssetsLibrary.TotalTooBig' | 'AssetsLibrary.NoFile';

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
 * to req.uploads. A body over the total limit is read to its end and thrown away (so the client still
 * gets its 400), never kept; the route answers the problem once the culture and the user are known.
 */
export function multipartUploads(paths: RegExp[]) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    if (req.method !== 'POST' || !paths.some((pattern) => pattern.test(req.path))) return next();
    const boundary = boundaryOf(req.get('content-type'));
    if (!boundary) {
      req.uploads = { files: [], problem: 'AssetsLibrary.NotMultipart' };
      return next();
    }
    try {
      const body = await readLimited(req, maxBodyBytes);
      if (!body) {
        req.uploads = { files: [], problem: 'AssetsLibrary.TotalTooBig' };
        return next();
      }
      const { fields, files } = parseMultipart(body, boundary);
      req.body = fields;
      req.uploads = { files, problem: problemOf(files) };
      next();
    } catch (error) {
      next(error);
    }
  };
}

function problemOf(files: PostedFile[]): UploadProblem | null {
  if (files.length === 0) return 'AssetsLibrary.NoFile';
  if (files.length > uploadLimits.maxFiles) return 'AssetsLibrary.TooManyFiles';
  if (files.reduce((total, file) => total + file.bytes.length, 0) > uploadLimits.maxTotalBytes) return 'AssetsLibrary.TotalTooBig';
  return null;
}

function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

/**
 * The whole body, or null (read and dropped) when it is over the limit. A body past twice the limit
 * is not read any further: the connection is cut (a client that sends without end gets no answer).
 */
async function readLimited(req: Request, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req) {
    length += (chunk as Buffer).length;
    if (length <= limit) chunks.push(chunk as Buffer);
    else if (length > 2 * limit) {
      req.destroy();
      return null;
    }
  }
  return length <= limit ? Buffer.concat(chunks) : null;
}

/** Splits a multipart/form-data body into text fields and files (RFC 7578). */
export function parseMultipart(body: Buffer, boundary: string): { fields: Record<string, string>; files: PostedFile[] } {
  const fields: Record<string, string> = {};
  const files: PostedFile[] = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const partStart = start + delimiter.length;
    if (body.subarray(partStart, partStart + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, partStart);
    if (next === -1) break;
    // Each part: CRLF, headers, CRLF CRLF, content, CRLF before the next delimiter.
    const part = body.subarray(partStart + 2, next - 2);
    start = next;
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const disposition = dispositionOf(part.subarray(0, headerEnd).toString('utf8'));
      const content = part.subarray(headerEnd + 4);
      // A file input left empty is posted as a part with an empty name and no content: not a file.
      if (disposition?.filename === '' && content.length === 0) continue;
      if (disposition?.filename !== undefined) files.push({ field: disposition.name, filename: disposition.filename, bytes: Buffer.from(content) });
      else if (disposition) fields[disposition.name] = content.toString('utf8');
    }
  }
  return { fields, files };
}

function dispositionOf(headers: string): { name: string; filename?: string } | null {
  const line = headers.split('\r\n').find((header) => /^content-disposition:/i.test(header));
  if (!line) return null;
  const name = /;\s*name="([^"]*)"/i.exec(line)?.[1];
  if (name === undefined) return null;
  const filename = /;\s*filename="([^"]*)"/i.exec(line)?.[1];
  return { name, filename: filename === undefined ? undefined : filename.replace(/%22/g, '"') };
}
