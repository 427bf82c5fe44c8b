import express from 'express';
import type { Response } from 'supertest';
import request from 'supertest';
import { createClient } from 'redis';
import { csrfTokenFor, renewSession, sessions } from '../../server/http/security';
import { DatabaseSessionStore } from '../../server/http/session-store';
import { createTestApp, type TestApp, useTestApp } from '../support/app';
import { csrfTokenOf, parseHtml } from '../support/html';
import { cookieOf, demo, signedIn, visitor } from './accounts-helpers';

/** The session id inside the signed cookie sid=s:<id>.<signature>. */
function sessionIdOf(answer: Response): string {
  const cookie = ((answer.headers['set-cookie'] as unknown as string[]) ?? []).find((line) => line.startsWith('sid='));
  if (!cookie) throw new Error('No session cookie was set');
  return /^s:(.+)\.[^.]+$/.exec(decodeURIComponent(cookie.split(';')[0].slice('sid='.length)))![1];
}

const sessionRow = (testApp: TestApp, sid: string) =>
  testApp.db.selectFrom('sessions').select(['data', 'expires_at']).where('sid', '=', sid).executeTakeFirst();

describe('sessions in the database (default)', () => {
  const testApp = useTestApp();

  it('stores a row at sign-in, holding the CSRF token the page held; the same row on the next page', async () => {
    const agent = request.agent(testApp.app);
    const first = await agent.get('/fr/security/login');
    expect(cookieOf(first, 'sid')).toBeUndefined();
    const token = csrfTokenOf(parseHtml(first.text));
    const sid = sessionIdOf(await agent.post('/fr/security/login').type('form').send({ _csrf: token, Email: demo.customer.email, Password: demo.customer.password }));
    const row = await sessionRow(testApp, sid);
    expect(JSON.parse(row!.data).csrfToken).toBe(token);
    expect(Number(row!.expires_at)).toBeGreaterThan(Date.now());
    await agent.get('/fr/about');
    const rows = await testApp.db.selectFrom('sessions').select('sid').where('sid', '=', sid).execute();
    expect(rows).toHaveLength(1);
  });

  it('forgets an expired session and prunes it', async () => {
    const store = new DatabaseSessionStore(testApp.db);
    const cookie = { originalMaxAge: 1000, expires: new Date(Date.now() - 1000) };
    await new Promise<void>((resolve, reject) => store.set('expired-sid', { cookie } as never, (error) => (error ? reject(error) : resolve())));
    await expect(new Promise((resolve, reject) => store.get('expired-sid', (error, data) => (error ? reject(error) : resolve(data))))).resolves.toBeNull();
    expect(await store.prune()).toBeGreaterThanOrEqual(1);
    expect(await sessionRow(testApp, 'expired-sid')).toBeUndefined();
  });
});

describe('renewSession', () => {
  let testApp: TestApp;
  let app: express.Express;
  beforeAll(async () => {
    testApp = await createTestApp();
    app = express();
    app.use(sessions(testApp.config, testApp.db, null).middleware);
    const data = (req: express.Request) => req.session as unknown as Record<string, unknown>;
    app.get('/remember', (req, res) => {
      data(req).basket = 'basket-1';
      res.json({ token: csrfTokenFor(req) });
    });
    app.post('/login', async (req, res) => {
      await renewSession(req);
      res.json({});
    });
    app.get('/read', (req, res) => res.json({ basket: data(req).basket ?? null, token: data(req).csrfToken ?? null }));
  });
  afterAll(() => testApp?.close());

  it('gives a new session id, drops the old one and keeps the data', async () => {
    const agent = request.agent(app);
    const remembered = await agent.get('/remember');
    const before = sessionIdOf(remembered);
    const after = sessionIdOf(await agent.post('/login'));
    expect(after).not.toBe(before);
    expect(await sessionRow(testApp, before)).toBeUndefined();
    expect((await agent.get('/read')).body.basket).toBe('basket-1');
  });

  it('keeps the CSRF token the page already holds (security.ts: "keeping the token the page already holds")', async () => {
    const agent = request.agent(app);
    const { token } = (await agent.get('/remember')).body;
    await agent.post('/login');
    expect((await agent.get('/read')).body.token).toBe(token);
  });

  it('leaves the old cookie with nothing (no fixation)', async () => {
    const agent = request.agent(app);
    const oldCookie = (await agent.get('/remember')).headers['set-cookie'][0].split(';')[0];
    await agent.post('/login');
    expect((await request(app).get('/read').set('Cookie', oldCookie)).body).toEqual({ basket: null, token: null });
  });
});

describe('sessions in Redis when REDIS_URL is set', () => {
  const url = 'redis://127.0.0.1:6379';
  const redis = createClient({ url });
  const keys: string[] = [];
  let testApp: TestApp;
  beforeAll(async () => {
    await redis.connect();
    testApp = await createTestApp({ REDIS_URL: url });
  });
  afterAll(async () => {
    if (keys.length) await redis.del(keys);
    await redis.quit();
    await testApp?.close();
  });

  it('stores the session under session:<id> with an expiry, and not in the database', async () => {
    const { agent, token } = await visitor(testApp);
    const answer = await agent.post('/fr/security/login').type('form').send({ _csrf: token, Email: demo.customer.email, Password: demo.customer.password });
    const key = `session:${sessionIdOf(answer)}`;
    keys.push(key);
    const stored = JSON.parse((await redis.get(key))!);
    expect(stored.csrfToken).toBe(token);
    expect(await redis.ttl(key)).toBeGreaterThan(0);
    expect(await sessionRow(testApp, sessionIdOf(answer))).toBeUndefined();
  });

  it('reads the session back from Redis: a POST with the page token passes CSRF', async () => {
    const { agent, token, sid } = await signedIn(testApp, demo.customer);
    keys.push(`session:${/^sid=s%3A([^.]+)\./.exec(sid)![1]}`);
    const page = await agent.get('/fr/about');
    expect(parseHtml(page.text).querySelector('.logoff-form')).not.toBeNull();
    const answer = await agent.post('/fr/consent').set('X-CSRF-Token', token);
    expect(answer.status).not.toBe(403);
  });
});
