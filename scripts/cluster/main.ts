// `npm run cluster [-- --instances N --port P]`: the shop as a hosting team would run it, on this machine
// (docs/deploying.md). Three instances on PostgreSQL, Redis and an s3rver, nginx in front on 8080; the
// schema storefront_cluster and its files (data/cluster/) are kept, so the demo shop survives a restart.
// Ctrl-C or SIGTERM stops everything it started.
import { parseArgs } from 'node:util';
import { type Cluster, startCluster } from './cluster';

function options() {
  const { values } = parseArgs({
    options: { instances: { type: 'string', default: '3' }, port: { type: 'string', default: '8080' }, schema: { type: 'string', default: 'storefront_cluster' } },
  });
  const whole = (name: string, text: string, min: number, max: number) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} must be a whole number from ${min} to ${max}, not ${text}`);
    return value;
  };
  return { instances: whole('instances', values.instances, 1, 32), port: whole('port', values.port, 1, 65535), schema: values.schema };
}

function printAddresses(cluster: Cluster): void {
  const lines = [
    '',
    `The shop:   ${cluster.url}/  (nginx, deploy/nginx/storefront.conf.template)`,
    ...cluster.instances.map((instance) => `Instance ${instance.index}: ${instance.url}/  pid ${instance.pid()}, log ${instance.logFile}`),
    `S3:         ${cluster.s3 ? `${cluster.s3.endpoint} bucket ${cluster.s3.bucket}` : 'none'}`,
    `Database:   ${cluster.databaseUrl}`,
    `Redis:      ${cluster.redisUrl}`,
    `Data:       ${cluster.dataDir}`,
    'Ctrl-C stops them all.',
    '',
  ];
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  const { instances, port, schema } = options();
  const began = Date.now();
  const log = (line: string) => console.log(`[cluster] ${line}`);
  log(`starting ${instances} instances and nginx on ${port} (schema ${schema}, kept)`);
  const cluster = await startCluster({ instances, port, schema, keepSchema: true, log });
  log(`ready in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  printAddresses(cluster);
  let stoppingSince = 0;
  const stop = (signal: NodeJS.Signals) => {
    // One Ctrl-C arrives twice (from the terminal, and relayed by tsx's own process): a second one within
    // a second is that echo. A later one does not wait: the exit handler kills what still runs (guard.ts).
    if (stoppingSince) {
      if (Date.now() - stoppingSince > 1000) process.exit(130);
      return;
    }
    stoppingSince = Date.now();
    log(`${signal}: stopping nginx, the instances and s3rver`);
    cluster.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
