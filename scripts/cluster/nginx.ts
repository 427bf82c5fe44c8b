// nginx from Debian in front of the instances, beside any system nginx: its pid, logs and temp files in
// the cluster's scratch folder, the server block rendered from deploy/nginx/storefront.conf.template.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { waitForHealth } from './health';
import { logTail } from './instance';

export const templateFile = path.resolve(__dirname, '../../deploy/nginx/storefront.conf.template');
const nginxBinary = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/** ${STOREFRONT_*} filled in as the nginx image's envsubst would; a name left without a value is an error. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{(STOREFRONT_[A-Z_]+)\}/g, (_, name: string) => {
    if (values[name] === undefined) throw new Error(`${templateFile} needs ${name}`);
    return values[name];
  });
}

/** The main file around the template: everything nginx writes stays under `dir`. */
function mainConfig(dir: string): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
  return [
    'daemon off;',
    // One worker is plenty beside the instances on a small machine; room for the load benchmark's clients
    // (each proxied request holds two connections).
    'worker_processes 1;',
    'worker_rlimit_nofile 16384;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 8192; }',
    'http {',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `    ${temp(name)}`),
    '    default_type application/octet-stream;',
    `    include ${path.join(dir, 'storefront.conf')};`,
    '}',
    '',
  ].join('\n');
}

export interface RunningNginx {
  url: string;
  child(): ChildProcess | null;
  stop(): Promise<void>;
}

export async function startNginx(dir: string, port: number, upstreams: string[], changed: () => void): Promise<RunningNginx> {
  mkdirSync(path.join(dir, 'temp'), { recursive: true });
  // As root, nginx's workers run as nobody: they must reach the temp folders.
  chmodSync(dir, 0o755);
  const servers = upstreams.map((address) => `server ${address};`).join('\n    ');
  const values = { STOREFRONT_UPSTREAM_SERVERS: servers, STOREFRONT_LISTEN: `127.0.0.1:${port}`, STOREFRONT_ACCESS_LOG: path.join(dir, 'access.log') };
  writeFileSync(path.join(dir, 'storefront.conf'), renderTemplate(readFileSync(templateFile, 'utf8'), values));
  writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir));
  const errorLog = path.join(dir, 'error.log');
  const log = openSync(errorLog, 'a');
  let child: ChildProcess | null;
  try {
    child = spawn(nginxBinary, ['-p', `${dir}/`, '-c', path.join(dir, 'nginx.conf'), '-e', errorLog], { stdio: ['ignore', log, log], detached: true });
  } finally {
    closeSync(log);
  }
  const started = child;
  let ended = '';
  const exited = new Promise<void>((resolve) => {
    const end = (reason: string) => {
      ended = reason;
      child = null;
      changed();
      resolve();
    };
    started.once('exit', (code, signal) => end(signal ? `killed by ${signal}` : `exit code ${code}`));
    started.once('error', (error) => end(error.message));
  });
  changed();
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!child) return;
    // TERM is nginx's fast shutdown: the master ends its workers, then itself.
    child.kill('SIGTERM');
    const late = setTimeout(() => child?.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(late);
  };
  try {
    await waitForHealth(url, 'nginx', () => (child ? null : `${ended}; the end of ${errorLog}:\n${logTail(errorLog)}`), 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child: () => child, stop };
}
