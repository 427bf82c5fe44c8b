// An S3-protocol server (s3rver) beside the instances, its bucket made: they keep uploads and renditions
// there, as they would in MinIO or AWS S3. It runs in a child process of the launcher (s3rver.mjs says why).
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { logTail } from './instance';

export const clusterBucket = 'storefront-assets';

export interface RunningS3 {
  endpoint: string;
  bucket: string;
  env: Record<string, string>;
  child(): ChildProcess | null;
  close(): Promise<void>;
}

/** s3rver keeping its objects under `directory` (kept between runs when the directory is). */
export async function startS3(directory: string, logFile: string, changed: () => void): Promise<RunningS3> {
  mkdirSync(directory, { recursive: true });
  const log = openSync(logFile, 'a');
  let child: ChildProcess | null;
  try {
    child = spawn(process.execPath, [path.join(__dirname, 's3rver.mjs'), directory, clusterBucket], { stdio: ['pipe', 'pipe', log], detached: true });
  } finally {
    closeSync(log);
  }
  const started = child;
  const exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));
  void exited.then(() => {
    child = null;
    changed();
  });
  changed();
  const close = async () => {
    child?.kill('SIGTERM');
    await exited;
  };
  const port = await listeningPort(started, logFile).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return { endpoint, bucket: clusterBucket, env: s3Environment(endpoint), child: () => child, close };
}

function listeningPort(child: ChildProcess, logFile: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (output.includes('\n')) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`s3rver ended (exit code ${code}); the end of ${logFile}:\n${logTail(logFile)}`)));
    child.once('error', reject);
  });
}

function s3Environment(endpoint: string): Record<string, string> {
  return {
    S3_BUCKET: clusterBucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
}
