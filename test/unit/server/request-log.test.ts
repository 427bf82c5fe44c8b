import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { requestLog } from '../../../server/http/request-log';

function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const app = express();
  app.use(requestLog(pino({ level: 'info' }, sink)));
  app.get('/fr/about', (_req, res) => void res.send('ok'));
  app.get('/broken', (_req, res) => void res.status(502).send('no'));
  return { app, lines };
}

describe('request log', () => {
  it('writes one structured line per request, without the query string', async () => {
    const { app, lines } = appWithLog();
    await request(app).get('/fr/about?token=secret').set('HX-Request', 'true');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', path: '/fr/about', status: 200, htmx: true });
    expect(typeof lines[0].durationMs).toBe('number');
    expect(JSON.stringify(lines[0])).not.toContain('secret');
  });

  it('logs server failures at error level', async () => {
    const { app, lines } = appWithLog();
    await request(app).get('/broken');
    expect(lines[0]).toMatchObject({ level: 50, status: 502 });
  });
});
