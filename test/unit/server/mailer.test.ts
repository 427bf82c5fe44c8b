// The outbox transport (no SMTP_URL): each message one .eml, written whole (a temporary file renamed), and a
// message whose Message-ID the outbox already holds not written again, so a mail handed over twice after a crash
// is received once.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../server/config';
import { createMailer, outboxKey } from '../../../server/mail/mailer';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mailer-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const mailerIn = (dir: string) => createMailer(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' }));
const outbox = () => readdirSync(path.join(dataDir, 'outbox'));

test('a message without a Message-ID is written every time, oldest first by name', async () => {
  const mailer = mailerIn(dataDir);
  await mailer.send({ to: 'a@example.com', subject: 'One', text: 'first' });
  await mailer.send({ to: 'a@example.com', subject: 'One', text: 'second' });
  const files = outbox().sort();
  expect(files).toHaveLength(2);
  expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
  expect(readFileSync(path.join(mailer.outboxDir!, files[0]), 'utf8')).toContain('first');
});

test('the same Message-ID sent twice leaves one file, carrying that Message-ID, and no partial file', async () => {
  const mailer = mailerIn(dataDir);
  const messageId = '<order-2026-000514-1764300000000-42@shop.example>';
  await mailer.send({ to: 'a@example.com', subject: 'Votre commande', text: 'once', messageId });
  await mailer.send({ to: 'a@example.com', subject: 'Votre commande', text: 'again', messageId });
  await mailer.send({ to: 'a@example.com', subject: 'Autre', text: 'other', messageId: '<order-2026-000515-1764300000001-43@shop.example>' });
  const files = outbox();
  expect(files).toHaveLength(2);
  const first = files.find((file) => file.endsWith(`-${outboxKey(messageId)}.eml`))!;
  const raw = readFileSync(path.join(mailer.outboxDir!, first), 'utf8');
  expect(raw).toMatch(/^Message-ID: <order-2026-000514-1764300000000-42@shop\.example>$/m);
  expect(raw).toContain('once');
  expect(raw).not.toContain('again');
});

test('outboxKey keeps a file name safe whatever the Message-ID holds', () => {
  expect(outboxKey('<order-1@shop.example>')).toBe('order-1@shop.example');
  expect(outboxKey('<../../etc/passwd@x>')).toBe('.._.._etc_passwd@x');
  expect(outboxKey(`<${'a'.repeat(400)}@x>`)).toHaveLength(180);
});
