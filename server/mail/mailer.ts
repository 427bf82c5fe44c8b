import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where the default transport writes messages, or null when an SMTP server takes them. */
  outboxDir: string | null;
}

/**
 * Mail through nodemailer: to SMTP_URL when set, otherwise each message is written as an .eml file
 * to DATA_DIR/outbox (open it with any mail client), so a fresh clone sends "real" mail with nothing set up.
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
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(outboxDir, name), info.message as Buffer);
    },
  };
}
