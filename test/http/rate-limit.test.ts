import { randomInt } from 'node:crypto';
import express, { type RequestHandler } from 'express';
import request from 'supertest';
import { createClient } from 'redis';
import { cultureSegment } from '../../server/http/culture';
import { errorHandler } from '../../server/http/error-handler';
import type { RateLimiterFactory, RateLimitOptions } from '../../server/http/rate-limit';
import { createTestApp, type TestApp, useTestApp } from '../support/app';
import { attributeOf, parseHtml, textOf } from '../support/html';
import { resource } from '../support/resources';

const testApp = useTestApp();

/** A small app with one limited route, the real limiter factory and the real error chain. */
function limitedApp(options: Omit<RateLimitOptions, 'name'>, handler: RequestHandler = (_req, res) => void res.send('ok')) {
  const app = express();
  Object.assign(app.locals, testApp.app.locals);
  app.set('trust proxy', testApp.app.get('trust proxy'));
  const rateLimit: RateLimiterFactory = testApp.app.locals.rateLimit;
  app.use('/:culture/limited', cultureSegment, rateLimit({ name: 'test', ...options }), handler);
  app.use(errorHandler(testApp.app.locals.logger));
  return app;
}

describe('the rate limiter factory', () => {
  it('answers 429 with the localised Core.TooManyRequests page after the limit', async () => {
    const app = limitedApp({ windowMs: 60_000, limit: 2 });
    for (let attempt = 0; attempt < 2; attempt++) expect((await request(app).get('/de/limited')).status).toBe(200);
    const refused = await request(app).get('/de/limited');
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    const page = parseHtml(refused.text);
    expect(attributeOf(page, 'html', 'lang')).toBe('de');
    expect(textOf(page, '.error-page p')).toBe(resource('de', 'Core.TooManyRequests'));
    expect(refused.headers.ratelimit).toMatch(/remaining=0/);
  });

  it('counts each client address apart', async () => {
    const app = limitedApp({ windowMs: 60_000, limit: 1 });
    expect((await request(app).get('/fr/limited').set('X-Forwarded-For', '203.0.113.1')).status).toBe(200);
    expect((await request(app).get('/fr/limited').set('X-Forwarded-For', '203.0.113.1')).status).toBe(429);
    expect((await request(app).get('/fr/limited').set('X-Forwarded-For', '203.0.113.2')).status).toBe(200);
  });

  it('with failuresOnly counts only failed attempts', async () => {
    const app = limitedApp({ windowMs: 60_000, limit: 2, failuresOnly: true }, (req, res) => {
      res.status(req.query.password === 'right' ? 200 : 401).send('');
    });
    for (let attempt = 0; attempt < 3; attempt++) expect((await request(app).get('/fr/limited?password=right')).status).toBe(200);
    expect((await request(app).get('/fr/limited?password=wrong')).status).toBe(401);
    expect((await request(app).get('/fr/limited?password=wrong')).status).toBe(401);
    expect((await request(app).get('/fr/limited?password=right')).status).toBe(429);
  });

  it('counts by a custom key', async () => {
    const app = limitedApp({ windowMs: 60_000, limit: 1, key: (req) => String(req.query.account) });
    expect((await request(app).get('/fr/limited?account=a')).status).toBe(200);
    expect((await request(app).get('/fr/limited?account=b')).status).toBe(200);
    expect((await request(app).get('/fr/limited?account=a')).status).toBe(429);
  });
});

describe("the app's /api/ limiter", () => {
  it('answers the 301st request in a minute with 429 JSON {Message}', async () => {
    const agent = request.agent(testApp.app);
    for (let attempt = 1; attempt <= 300; attempt++) {
      const answer = await agent.get('/api/v1/nope');
      if (answer.status !== 404) throw new Error(`request ${attempt} answered ${answer.status}`);
    }
    const refused = await agent.get('/api/v1/nope');
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.body).toEqual({ Message: resource('fr', 'Core.TooManyRequests') });
  });
});

describe('rate limits in Redis when REDIS_URL is set', () => {
  const url = 'redis://127.0.0.1:6379';
  // A client address of this run's own (in 198.18.0.0/15, for tests), so two runs on one Redis never share a counter.
  const address = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
  const redis = createClient({ url });
  const apps: TestApp[] = [];
  const sessionKeys: string[] = [];
  beforeAll(async () => {
    await redis.connect();
    apps.push(await createTestApp({ REDIS_URL: url }), await createTestApp({ REDIS_URL: url }));
  });
  afterAll(async () => {
    const keys = [...sessionKeys, ...(await redis.keys(`ratelimit:api:*${address}*`))];
    if (keys.length) await redis.del(keys);
    await redis.quit();
    await Promise.all(apps.map((app) => app.close()));
  });

  it('keeps the counters under ratelimit:, shared by two app instances', async () => {
    const remaining = async (testApp: TestApp) => {
      const answer = await request(testApp.app).get('/api/v1/nope').set('X-Forwarded-For', address);
      const sid = /^sid=s%3A([^.]+)\./.exec(answer.headers['set-cookie']?.[0] ?? '')?.[1];
      if (sid) sessionKeys.push(`session:${sid}`);
      return Number(/remaining=(\d+)/.exec(answer.headers.ratelimit)![1]);
    };
    const first = await remaining(apps[0]);
    expect(await remaining(apps[1])).toBe(first - 1);
    const keys = await redis.keys(`ratelimit:api:*${address}*`);
    expect(keys).toHaveLength(1);
    expect(Number(await redis.get(keys[0]))).toBe(300 - first + 1);
  });
});
