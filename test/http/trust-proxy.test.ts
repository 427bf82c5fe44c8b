import request from 'supertest';
import { createTestApp, type TestApp } from '../support/app';

// TRUST_PROXY decides whose X-Forwarded-For is believed, and so which address the rate limits count
// (docs/reverse-proxy.md). The API limiter (300 a minute per address) shows its count in RateLimit.

function remainingOf(answer: request.Response): number {
  const match = /remaining=(\d+)/.exec(String(answer.headers.ratelimit));
  if (!match) throw new Error(`no RateLimit header: ${JSON.stringify(answer.headers)}`);
  return Number(match[1]);
}

async function remainingAfterTwoVisitors(testApp: TestApp): Promise<number[]> {
  const first = await request(testApp.app).get('/api/v1/shoppingcarts').set('X-Forwarded-For', '198.51.100.1');
  const second = await request(testApp.app).get('/api/v1/shoppingcarts').set('X-Forwarded-For', '198.51.100.2');
  return [remainingOf(first), remainingOf(second)];
}

describe('TRUST_PROXY', () => {
  let testApp: TestApp | null = null;
  afterEach(async () => testApp?.close());

  it('by default believes the proxy on the loopback: two forwarded visitors count apart', async () => {
    testApp = await createTestApp();
    const [first, second] = await remainingAfterTwoVisitors(testApp);
    expect(second).toBe(first);
  });

  it('ignores X-Forwarded-For from a sender it does not trust: both requests count as the sender', async () => {
    testApp = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    const [first, second] = await remainingAfterTwoVisitors(testApp);
    expect(second).toBe(first - 1);
  });
});
