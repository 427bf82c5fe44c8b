// A real S3-protocol server (s3rver) on the loopback for one test file: started before its tests, its
// bucket made, the app's S3_* settings written into `env` (read when the test app starts), closed after.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface S3Server {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
// s3rver ships no types: its constructor and the two methods used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: object) => S3Server;

export const testBucket = 'storefront-assets';

/** Declare it before the test app (useTestApp / useBrowserTestBed with the same env): hooks run in order. */
export function useS3rver(env: Record<string, string>): void {
  let server: S3Server | undefined;
  let directory = '';
  beforeAll(async () => {
    directory = mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: testBucket }] });
    const { port } = await server.run();
    Object.assign(env, {
      S3_BUCKET: testBucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await server?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });
}
