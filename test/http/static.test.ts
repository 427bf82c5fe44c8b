import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { useTestApp } from '../support/app';

const testApp = useTestApp();

describe('static files', () => {
  it('serves content-hashed builds as immutable for a year', async () => {
    const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../static/dist/manifest.json'), 'utf8'));
    const answer = await request(testApp.app).get(`/static/dist/${manifest.shell.js}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps files without a hash for an hour only', async () => {
    const answer = await request(testApp.app).get('/static/images/favicon.svg');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a missing file with the localised 404', async () => {
    const answer = await request(testApp.app).get('/static/dist/nothing-here.js');
    expect(answer.status).toBe(404);
  });
});
