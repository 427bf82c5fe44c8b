import request from 'supertest';
import { createTestApp, type TestApp, useTestApp } from '../support/app';

const expectedDialect = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

describe('GET /healthz', () => {
  const testApp = useTestApp();

  it('answers 200 JSON naming the database, never cached', async () => {
    const answer = await request(testApp.app).get('/healthz');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toEqual({ status: 'ok', database: expectedDialect, redis: false });
  });

  it('creates no session', async () => {
    expect((await request(testApp.app).get('/healthz')).headers['set-cookie']).toBeUndefined();
  });

  it('answers 503 once the database is gone', async () => {
    await testApp.db.destroy();
    const answer = await request(testApp.app).get('/healthz');
    expect(answer.status).toBe(503);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toEqual({ status: 'unavailable' });
  });
});

describe('GET /healthz with Redis', () => {
  it('checks Redis too', async () => {
    const testApp = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:6379' });
    try {
      expect((await request(testApp.app).get('/healthz')).body).toEqual({ status: 'ok', database: expectedDialect, redis: true });
    } finally {
      await testApp.close();
    }
  });
});
