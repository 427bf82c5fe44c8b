// s3rver for the cluster, in a process of its own run by plain node: under tsx (npm run cluster, the load
// benchmark) one of its dependencies (generator-function, an ES module required from CommonJS) loads
// wrongly, and s3rver cannot start. Prints {"port": …} once listening; ends on SIGTERM, or when its
// launcher goes (stdin closes).
// Usage (scripts/cluster/s3.ts starts it): node s3rver.mjs <directory> <bucket>
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const S3rver = require('s3rver');
const [directory, bucket] = process.argv.slice(2);

const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
const stop = () => server.close().then(() => process.exit(0), () => process.exit(1));
process.once('SIGTERM', stop);
process.stdin.on('close', stop);
process.stdin.resume();
