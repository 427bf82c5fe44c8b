// The ceiling row of `npm run bench`: bare node:http answering from memory the very bytes the app sent
// (each BENCH_STATIC_DIR/<name>.br as /<name>, brotli, as browsers get it). No routing, no templates, no
// cache lookup: what this machine's Node can do for answers of that size, which the app is measured against.
import http from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.env.BENCH_STATIC_DIR;
const answers = new Map(
  readdirSync(dir)
    .filter((name) => name.endsWith('.br'))
    .map((name) => [`/${name.slice(0, -3)}`, readFileSync(path.join(dir, name))]),
);

const server = http.createServer((req, res) => {
  const body = answers.get(req.url);
  if (!body) return void res.writeHead(404).end();
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'br', 'Content-Length': body.length, Vary: 'Accept-Encoding' });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write(`listening ${process.env.PORT}\n`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
