import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMessage {
  file: string;
  raw: string;
  to: string;
  subject: string;
  /** The decoded text part (quoted-printable undone), for finding links and codes. */
  text: string;
}

/** Undoes RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) that nodemailer uses for non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'mi').exec(raw);
  return match ? decodeWords(match[1].replace(/\n[ \t]+/g, ' ').trim()) : '';
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
  try {
    return decodeURIComponent(bytes);
  } catch {
    return body;
  }
}

/** The messages the default mail transport wrote under DATA_DIR/outbox, oldest first. */
export function readOutbox(dataDir: string): OutboxMessage[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = readFileSync(path.join(dir, file), 'utf8').replace(/\r\n/g, '\n');
      return { file, raw, to: header(raw, 'To'), subject: header(raw, 'Subject'), text: decodeQuotedPrintable(raw) };
    });
}
