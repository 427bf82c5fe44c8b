// The cluster launcher itself (scripts/cluster/cluster.ts) and nginx's rules in front of it
// (deploy/nginx/storefront.conf.template): every instance answers through nginx, static files pass through
// compressed and cached, a request in flight on an instance killed with -9 is retried on another when it
// is a GET and answered 502 when it is a POST, a killed instance restarts, and stop() leaves nothing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Cluster, type Instance, startCluster } from '../../scripts/cluster/cluster';

jest.setTimeout(120_000);

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster({ instances: 3 });
}, 240_000);
afterAll(() => cluster?.stop());

interface Answer {
  status: number;
  upstream: string;
  headers: Headers;
}

async function ask(pathname: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${cluster.url}${pathname}`, { redirect: 'manual', ...init });
  await response.arrayBuffer();
  return { status: response.status, upstream: response.headers.get('x-upstream') ?? '', headers: response.headers };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const address = (instance: Instance) => `127.0.0.1:${instance.port}`;

/** Bytes a stopped process has not read yet on its accepted connections (/proc/net/tcp*, rx_queue). */
function unreadBytes(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .flatMap((file) => readFileSync(file, 'utf8').trim().split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .filter(([, local, , state]) => local.endsWith(`:${hexPort}`) && state === '01')
    .reduce((sum, fields) => sum + parseInt(fields[4].split(':')[1], 16), 0);
}

/**
 * Sends requests through nginx while `target` is stopped (SIGSTOP) until one is queued on it, then kills
 * it with -9: that request was sent before the instance died, the case the retry rule is about.
 */
async function killedUnder(target: Instance, method: string): Promise<Answer> {
  process.kill(target.pid()!, 'SIGSTOP');
  for (let attempt = 0; attempt < 30; attempt++) {
    const answer = ask('/fr/cart/add', method === 'POST' ? { method, body: new URLSearchParams({ x: '1' }) } : { method });
    let settled = false;
    void answer.then(() => (settled = true), () => (settled = true));
    while (!settled && unreadBytes(target.port) === 0) await pause(20);
    if (!settled) {
      await target.kill('SIGKILL');
      return answer;
    }
  }
  await target.kill('SIGKILL');
  throw new Error(`nginx sent no ${method} to instance ${target.index} in 30 requests`);
}

test('every instance answers through nginx, which names it in X-Upstream', async () => {
  const seen = new Set<string>();
  for (let asked = 0; asked < 30 && seen.size < 3; asked++) {
    const answer = await ask('/healthz');
    expect(answer.status).toBe(200);
    seen.add(answer.upstream);
  }
  expect([...seen].sort()).toEqual(cluster.instances.map(address).sort());
});

test("static files pass through with the app's encoding and cache lifetime", async () => {
  const built = readdirSync(path.join(__dirname, '../../static/dist'));
  const file = built.find((name) => name.endsWith('.js') && built.includes(`${name}.br`));
  expect(file).toBeDefined();
  const answer = await ask(`/static/dist/${file}`, { headers: { 'Accept-Encoding': 'br' } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-encoding')).toBe('br');
  expect(answer.headers.get('vary')).toMatch(/Accept-Encoding/);
  expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});

test('a GET in flight on a killed instance is answered by another; a POST is not sent again (502)', async () => {
  const [, first, second] = cluster.instances;
  const get = await killedUnder(first, 'GET');
  expect(get.upstream.split(', ')[0]).toBe(address(first));
  expect(get.upstream.split(', ').length).toBeGreaterThan(1);
  expect(get.status).not.toBe(502);
  const post = await killedUnder(second, 'POST');
  expect(post).toMatchObject({ status: 502, upstream: address(second) });
});

test('a killed instance starts again on its port', async () => {
  const [, first, second] = cluster.instances;
  await Promise.all([first.start(), second.start()]);
  expect(first.running() && second.running()).toBe(true);
  const answer = await fetch(`${second.url}/healthz`);
  expect(answer.status).toBe(200);
});

test('stop() ends every process, removes the scratch folder and drops the schema', async () => {
  const pids = cluster.instances.map((instance) => instance.pid()!);
  const schema = new URL(cluster.databaseUrl).searchParams.get('options')!.split('=')[1];
  await cluster.stop();
  const alive = pids.filter((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });
  expect(alive).toEqual([]);
  expect(existsSync(path.dirname(cluster.instances[0].logFile))).toBe(false);
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
  await client.connect();
  const { rows } = await client.query('select 1 from pg_namespace where nspname = $1', [schema]);
  await client.end();
  expect(rows).toEqual([]);
});
