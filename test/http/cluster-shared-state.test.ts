// Two instances of the app on one database and one Redis (the scale-out layout in one process): a
// change saved through one clears the caches of the other (server/cluster/invalidation.ts); Redis cut
// for a moment degrades (caches kept a second at most, a signed-in visitor's page a 503, anonymous
// pages 200) and recovers by itself. Redis is reached through a fault proxy that the test cuts.
import type { Server } from 'node:http';
import request from 'supertest';
import { createApp } from '../../server/app';
import { clearCatalogCaches } from '../../server/catalog/lists-cache';
import { invalidationChannel, type SharedInvalidation, shareCacheClears } from '../../server/cluster/invalidation';
import { createDb, type DbHandle } from '../../server/db';
import { connectRedis, type RedisClient } from '../../server/http/redis';
import { createLogger } from '../../server/logger';
import { createTestApp, type TestApp } from '../support/app';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy';
import { demo, signedIn } from './accounts-helpers';

const quiet = { warn: () => undefined, info: () => undefined };

interface Instance {
  /** Listening on one port: a kept page's key holds the Host, which supertest's own server changes every time. */
  app: Server;
  shared: SharedInvalidation;
}

let proxy: FaultProxy;
let first: TestApp;
let secondDb: DbHandle;
const clients: RedisClient[] = [];
const instances: Instance[] = [];

/** The app over a database handle, sharing cache clears under a name of its own. */
async function instanceOf(testApp: TestApp, db: DbHandle['db'], name: string): Promise<Instance> {
  const logger = createLogger(testApp.config);
  const redis = await connectRedis(testApp.config.REDIS_URL!, logger);
  clients.push(redis);
  const express = testApp.db === db ? testApp.app : createApp({ config: testApp.config, db, dialect: secondDb.dialect, logger, redis });
  const app = express.listen(0, '127.0.0.1');
  await new Promise((resolve) => app.once('listening', resolve));
  const shared = await shareCacheClears({ db, redis, channel: invalidationChannel(testApp.config), instance: name, logger: quiet });
  return { app, shared };
}

beforeAll(async () => {
  proxy = await startFaultProxy(6379);
  first = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
  secondDb = createDb(first.config);
  instances.push(await instanceOf(first, first.db, 'first'), await instanceOf(first, secondDb.db, 'second'));
});

afterAll(async () => {
  for (const { shared, app } of instances) {
    await shared.close();
    app.closeAllConnections();
    await new Promise((resolve) => app.close(resolve));
  }
  for (const client of clients) client.destroy();
  await secondDb?.destroy();
  await first?.close();
  await proxy?.close();
});

const url = '/fr/about';

/** Changes the about page's title in the database (what an editor's save does before it clears the caches). */
async function retitle(title: string): Promise<void> {
  await first.db.updateTable('page_translations').set({ title }).where('culture', '=', 'fr').where('slug', '=', 'about').execute();
}

/** Polls the page on an instance until it shows the text (or the deadline passes); answers the ms it took. */
async function shownWithin(instance: Instance, url: string, text: string, deadlineMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < deadlineMs) {
    const page = await request(instance.app).get(url);
    if (page.status === 200 && page.text.includes(text)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`"${text}" not shown at ${url} within ${deadlineMs} ms`);
}

const until = async (test: () => boolean, deadlineMs = 15_000) => {
  const started = Date.now();
  while (!test()) {
    if (Date.now() - started > deadlineMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

test('a change saved through one instance clears the kept page of the other', async () => {
  const [, two] = instances;
  const before = await request(two!.app).get(url);
  expect(before.status).toBe(200);
  // Kept: a change nobody announces is not seen (the page cache is real) …
  await retitle('Silent Name B');
  expect((await request(two!.app).get(url)).text).not.toContain('Silent Name B');
  // … and the first instance's announcement reaches the second.
  clearCatalogCaches(first.db);
  const took = await shownWithin(two!, url, 'Silent Name B', 5000);
  console.log(`cache clear announced by one instance, seen by the other after ${took} ms`);
});

test('Redis cut for a moment: pages without a session answer, a signed-in page is a 503, caches degrade and all recover', async () => {
  const [, two] = instances;
  const customer = await signedIn(first, demo.customer);
  expect((await customer.agent.get('/fr/account/orders')).status).toBe(200);

  proxy.cut();
  await until(() => !two!.shared.listening());
  expect((await request(two!.app).get(url)).status).toBe(200);
  expect((await request(two!.app).get('/fr/catalog')).status).toBe(200);
  const unavailable = await customer.agent.get('/fr/account/orders');
  expect(unavailable.status).toBe(503);
  expect(unavailable.headers['retry-after']).toBe('5');
  // Nobody can announce now; a kept page still follows the database within about a second.
  await retitle('Degraded Name C');
  await shownWithin(two!, url, 'Degraded Name C', 5000);

  proxy.restore();
  await until(() => instances.every(({ shared }) => shared.listening()));
  let answer = await customer.agent.get('/fr/account/orders');
  for (let attempt = 0; answer.status !== 200 && attempt < 100; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await customer.agent.get('/fr/account/orders');
  }
  expect(answer.status).toBe(200);
  await retitle('Recovered Name D');
  clearCatalogCaches(first.db);
  await shownWithin(two!, url, 'Recovered Name D', 5000);
}, 60_000);
