// The cluster launcher (docs/deploying.md): N instances of the server on the loopback, sharing one
// PostgreSQL schema, the machine's Redis and an s3rver (a child process), with nginx from Debian in front.
// `npm run cluster` (main.ts), the multi-instance and crash suites and the load benchmark use it; its
// API below is their contract (/work/notes/cluster-api.md): add to it, never change it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { guardCluster } from './guard';
import { createInstance } from './instance';
import { type RunningNginx, startNginx } from './nginx';
import { freePort, portInUse } from './ports';
import { checkSchemaName, createSchema, dropSchema, withSearchPath } from './postgres';
import { type RunningS3, startS3 } from './s3';
import { sessionSecret, stopInstance, Teardown } from './steps';

export interface ClusterOptions {
  instances?: number; // default 3
  nginx?: boolean; // default true: nginx from Debian in front (deploy/nginx/…)
  port?: number; // nginx's port; default: a free one (0) in tests, 8080 for `npm run cluster`
  schema?: string; // PostgreSQL schema; default a fresh random one, dropped by stop()
  keepSchema?: boolean; // default false (true for `npm run cluster`, which keeps its demo shop)
  databaseUrl?: string; // default process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  redisUrl?: string; // default process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
  s3?: boolean; // default true: an s3rver beside the instances (a child process of the launcher), bucket made
  env?: Record<string, string>; // extra environment for every instance (LOG_LEVEL, JOB_INTERVAL_MS, …)
  log?: (line: string) => void; // progress lines; default silent in tests
}

export interface Instance {
  index: number; // 0-based
  port: number;
  url: string; // http://127.0.0.1:{port} (straight to this instance, no nginx)
  pid(): number | null; // the server process itself (node --import tsx server/main.ts), so kill -9 hits it
  running(): boolean;
  kill(signal?: NodeJS.Signals): Promise<void>; // default SIGKILL; resolves when the process has exited
  start(): Promise<void>; // (re)start; resolves when GET /healthz answers 200
  logFile: string;
}

export interface Cluster {
  url: string; // nginx's http://127.0.0.1:{port}, or instance 0's url when nginx is false
  instances: Instance[];
  databaseUrl: string; // with search_path of the cluster's schema: open it with pg / Kysely to check rows
  redisUrl: string;
  s3?: { endpoint: string; bucket: string };
  dataDir: string; // the instances' shared DATA_DIR (outbox/ for mail files)
  env: Record<string, string>; // what every instance was started with
  stop(): Promise<void>; // SIGTERM instances, stop nginx and s3rver, drop the schema unless kept
}

const root = path.resolve(__dirname, '../..');
const inherited = ['PATH', 'HOME', 'USER', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR'];

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const began = Date.now();
  const log = options.log ?? (() => undefined);
  const settings = settle(options);
  const { schema, keepSchema, adminUrl } = settings;
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'storefront-cluster-'));
  // A kept schema keeps its files too (the bucket, mail, the session secret): the demo shop's uploads survive a restart.
  const keptDir = keepSchema ? path.join(root, 'data', 'cluster', schema) : scratch;
  const undo = new Teardown();
  const instances: ReturnType<typeof createInstance>[] = [];
  let nginx: RunningNginx | null = null;
  let s3: RunningS3 | null = null;
  const guard = guardCluster(path.join(scratch, 'state.json'), () => ({
    instances: instances.map((instance) => instance.pid()).filter((pid): pid is number => pid !== null),
    nginx: nginx?.child()?.pid ?? null,
    s3: s3?.child()?.pid ?? null,
    dirs: [scratch],
    databaseUrl: adminUrl,
    dropSchema: keepSchema ? null : schema,
  }));
  undo.add(async () => guard.release());
  undo.add(async () => rmSync(scratch, { recursive: true, force: true }));
  try {
    await createSchema(adminUrl, schema);
    if (!keepSchema) undo.add(() => dropSchema(adminUrl, schema));
    if (options.s3 ?? true) {
      s3 = await startS3(path.join(keptDir, 's3'), path.join(scratch, 's3rver.log'), guard.changed);
      guard.changed();
      undo.add(() => s3!.close());
      log(`s3rver ${s3.endpoint} (bucket ${s3.bucket})`);
    }
    const useNginx = options.nginx ?? true;
    const nginxPort = useNginx ? await nginxPortFrom(options.port ?? 0) : 0;
    const ports = await distinctFreePorts(settings.count, nginxPort);
    const url = `http://127.0.0.1:${useNginx ? nginxPort : ports[0]}`;
    const env = sharedEnvironment({ ...settings, keptDir, url, s3, extra: options.env ?? {} });
    for (const [index, port] of ports.entries()) {
      const instanceEnv = { ...inheritedEnvironment(), ...env, INSTANCE_NAME: `instance-${index}` };
      instances.push(createInstance({ index, port, root, logFile: path.join(scratch, `instance-${index}.log`), env: instanceEnv, changed: guard.changed }));
    }
    undo.add(() => Promise.all(instances.map(stopInstance)).then(() => undefined));
    // Together: the startup lock in server/main.ts lets one instance migrate and seed while the others wait.
    await Promise.all(instances.map((instance) => instance.start().then(() => log(`instance ${instance.index} ${instance.url} (${seconds(began)} s)`))));
    if (useNginx) {
      nginx = await startNginx(path.join(scratch, 'nginx'), nginxPort, ports.map((port) => `127.0.0.1:${port}`), guard.changed);
      guard.changed();
      undo.add(() => nginx!.stop());
      log(`nginx ${url} (${seconds(began)} s)`);
    }
    let stopping: Promise<void> | null = null;
    const s3Address = s3 ? { endpoint: s3.endpoint, bucket: s3.bucket } : undefined;
    return { url, instances, databaseUrl: env.DATABASE_URL, redisUrl: settings.redisUrl, s3: s3Address, dataDir: env.DATA_DIR, env, stop: () => (stopping ??= undo.run()) };
  } catch (error) {
    await undo.run().catch(() => undefined);
    throw error;
  }
}

function settle(options: ClusterOptions) {
  const count = options.instances ?? 3;
  if (!Number.isInteger(count) || count < 1) throw new Error(`instances must be a whole number from 1, not ${count}`);
  return {
    count,
    schema: checkSchemaName(options.schema ?? `cluster_${randomBytes(5).toString('hex')}`),
    keepSchema: options.keepSchema ?? false,
    adminUrl: options.databaseUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    redisUrl: options.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

interface EnvironmentSources {
  adminUrl: string;
  schema: string;
  redisUrl: string;
  keepSchema: boolean;
  keptDir: string;
  url: string;
  s3: RunningS3 | null;
  extra: Record<string, string>;
}

/** What every instance is started with (Cluster.env); the caller's extra settings win. */
function sharedEnvironment({ adminUrl, schema, redisUrl, keepSchema, keptDir, url, s3, extra }: EnvironmentSources): Record<string, string> {
  const dataDir = path.join(keptDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    DATABASE_URL: withSearchPath(adminUrl, schema),
    REDIS_URL: redisUrl,
    SESSION_SECRET: sessionSecret(keepSchema ? keptDir : null),
    PUBLIC_URL: url,
    TRUST_PROXY: 'loopback',
    ...(s3?.env ?? {}),
    ...extra,
  };
}

/** The few variables an instance takes from the launcher's own environment (not its NODE_ENV, DATA_DIR...). */
function inheritedEnvironment(): Record<string, string> {
  return Object.fromEntries(inherited.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
}

async function nginxPortFrom(asked: number): Promise<number> {
  if (asked === 0) return freePort();
  if (await portInUse(asked)) throw new Error(`port ${asked} is taken: stop what listens there, or choose another (--port)`);
  return asked;
}

async function distinctFreePorts(count: number, taken: number): Promise<number[]> {
  const ports = new Set<number>([taken]);
  while (ports.size < count + 1) ports.add(await freePort());
  return [...ports].slice(1);
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
