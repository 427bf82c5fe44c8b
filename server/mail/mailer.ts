import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /**
   * A stable Message-ID (`<local@domain>`) for a mail that may be handed over again after a crash
   * (the order confirmation). The outbox keeps one file per Message-ID; an SMTP receiver can drop the repeat by it.
   */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where the default transport writes messages, or null when an SMTP server takes them. */
  outboxDir: string | null;
}

/** The part of an outbox file name that stands for a Message-ID: `<order-1@shop.example>` → `order-1@shop.example`. */
export function outboxKey(messageId: string): string {
  return messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9@._-]/g, '_').slice(0, 180);
}

/**
 * Mail through nodemailer: to SMTP_URL when set, otherwise each message is written as an .eml file
 * to DATA_DIR/outbox (open it with any mail client), so a fresh clone sends "real" mail with nothing set up.
 * Outbox files are named `<time>-<random or Message-ID>.eml`, so a plain sort lists them oldest first; each is
 * written to a hidden temporary file and renamed, so a process killed mid-write leaves no half message. A message
 * with a Message-ID already in the outbox is not written again (the receiver's dedupe, as a mail server does it).
 */
export function createMailer(config: Config): Mailer {
  const from = config.SHOP_EMAIL;
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return { outboxDir: null, send: async (message) => void (await transport.sendMail({ from, ...message })) };
  }
  const outboxDir = path.join(config.DATA_DIR, 'outbox');
  const transport: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir,
    async send(message) {
      await mkdir(outboxDir, { recursive: true });
      const key = message.messageId ? outboxKey(message.messageId) : null;
      if (key && (await readdir(outboxDir)).some((file) => file.endsWith(`-${key}.eml`))) return;
      const info = await transport.sendMail({ from, ...message });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${key ?? randomUUID().slice(0, 8)}.eml`;
      const partial = path.join(outboxDir, `.${name}.${randomUUID().slice(0, 8)}.partial`);
      await writeFile(partial, info.message as Buffer);
      await rename(partial, path.join(outboxDir, name));
    },
  };
}
