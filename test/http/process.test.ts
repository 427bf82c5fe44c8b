import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

interface Server {
  child: ChildProcess;
  logs: Record<string, unknown>[];
  stderr: string[];
  exited: Promise<number | null>;
}

/**
 * Runs `node --import tsx server/main.ts` the way `npm start` does (one process: tsx's own CLI would stand
 * between, relay a signal and SIGKILL the server when it does not hear back within 60 ms on a busy machine);
 * always on SQLite, whatever DATABASE_URL the suite has.
 */
function startServer(env: Record<string, string>): Server {
  const { DATABASE_URL: _database, REDIS_URL: _redis, BASE_PATH: _base, SESSION_SECRET: _secret, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env: { ...inherited, NODE_ENV: 'test', ...env } });
  const server: Server = { child, logs: [], stderr: [], exited: new Promise((resolve) => child.once('exit', resolve)) };
  collectLines(child.stdout!, (line) => server.logs.push(JSON.parse(line)));
  collectLines(child.stderr!, (line) => server.stderr.push(line));
  return server;
}

function collectLines(stream: NodeJS.ReadableStream, onLine: (line: string) => void) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop()!;
    lines.filter(Boolean).forEach(onLine);
  });
}

async function waitForLog(server: Server, message: string, timeoutMs = 120_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = server.logs.find((log) => log.msg === message);
    if (found) return found;
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No "${message}" log line; stdout: ${JSON.stringify(server.logs)} stderr: ${server.stderr.join('\n')}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-process-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('starts on an empty DATA_DIR, creates, migrates and seeds SQLite, answers /healthz and stops on SIGTERM', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
      const listening = await waitForLog(server, 'storefront listening');
      expect(listening).toMatchObject({ level: 30, database: 'sqlite' });
      expect(server.logs.map((log) => log.msg)).toEqual(expect.arrayContaining(['migrations applied', 'demo content seeded']));
      expect(existsSync(path.join(dataDir, 'storefront.sqlite'))).toBe(true);
      expect(existsSync(path.join(dataDir, 'session-secret'))).toBe(true);

      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'sqlite' });
      const page = await fetch(`http://127.0.0.1:${port}/fr/about`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    expect(server.logs.map((log) => log.msg)).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
    expect(server.stderr).toEqual([]);
  }, 180_000);

  it('restarts on the same DATA_DIR without migrating or seeding again', async () => {
    const server = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
      await waitForLog(server, 'storefront listening');
      expect(server.logs.map((log) => log.msg)).not.toEqual(expect.arrayContaining(['migrations applied']));
      expect(server.logs.map((log) => log.msg)).not.toEqual(expect.arrayContaining(['demo content seeded']));
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  }, 180_000);

  it('stops cleanly on SIGTERM during start-up: the step under way ends, nothing listens, exit 0', async () => {
    const freshDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-process-'));
    try {
      const server = startServer({ PORT: String(await freePort()), DATA_DIR: freshDir, LOG_LEVEL: 'info' });
      await waitForLog(server, 'migrations applied');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const messages = server.logs.map((log) => log.msg);
      expect(messages).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
      expect(messages).not.toContain('storefront listening');
      expect(server.stderr).toEqual([]);
    } finally {
      rmSync(freshDir, { recursive: true, force: true });
    }
  }, 180_000);

  it.each([
    ['PORT', 'abc'],
    ['DEFAULT_CULTURE', 'en'],
    ['DATA_DIR', path.join(root, 'package.json', 'data')],
  ])('exits 1 with one stderr line naming %s=%s', async (name, value) => {
    const server = startServer({ PORT: '0', DATA_DIR: dataDir, [name]: value });
    expect(await server.exited).toBe(1);
    expect(server.stderr).toHaveLength(1);
    expect(server.stderr[0]).toMatch(new RegExp(`\\b${name}\\b`));
    expect(server.logs).toEqual([]);
  }, 120_000);
});
