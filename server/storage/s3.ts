import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { checkedKey, type Storage, storageCall, StorageUnavailable, type StoredObject } from './storage';

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const notFound = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/**
 * How long a call may wait, so an unreachable service costs a request seconds, not minutes (the SDK's
 * defaults wait without limit): the connection 2 s; the answer's headers 3 s for a read (an image
 * request is waiting) and 30 s for a write (up to 10 MB sent first); and no byte either way for 5 s ends it.
 * One retry (the SDK's backoff) rides over a dropped keep-alive connection; more would only wait longer.
 */
export const s3Timeouts = { connectionMs: 2000, readMs: 3000, writeMs: 30_000, idleMs: 5000, attempts: 2, quietMs: 5000 };
const read = { requestTimeout: s3Timeouts.readMs };
const write = { requestTimeout: s3Timeouts.writeMs };

/**
 * Objects in one bucket of any S3-compatible service (AWS, MinIO, s3rver in the tests). Every failure
 * but a missing object is a StorageUnavailable; the client itself reconnects once the service is back.
 * After a call that timed out, calls fail at once for quietMs: a service that takes connections and
 * never answers would otherwise cost every picture of a page its full timeouts. (A refused or reset
 * connection fails fast by itself, so it does not count.)
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private quietUntil = 0;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    const credentials = settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined;
    // Checksums only where S3 requires them: many S3-compatible services reject the SDK's newer defaults.
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: s3Timeouts.attempts,
      requestHandler: { connectionTimeout: s3Timeouts.connectionMs, requestTimeout: s3Timeouts.writeMs, throwOnRequestTimeout: true, socketTimeout: s3Timeouts.idleMs },
    });
  }

  async put(key: string, bytes: Buffer, contentType = 'application/octet-stream'): Promise<void> {
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: checkedKey(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length });
    await this.call(() => this.client.send(command, write));
  }

  async get(key: string): Promise<Buffer | null> {
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) });
    // The body is read inside the call: a connection cut halfway through is a fault too.
    return this.call(async () => {
      const body = await this.found(() => this.client.send(command, read));
      return body ? Buffer.from(await body.Body!.transformToByteArray()) : null;
    });
  }

  async stream(key: string): Promise<Readable | null> {
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) });
    const answer = await this.call(() => this.found(() => this.client.send(command, read)));
    return answer ? (answer.Body as Readable) : null;
  }

  async delete(key: string): Promise<void> {
    const command = new DeleteObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) });
    await this.call(() => this.client.send(command, write));
  }

  async exists(key: string): Promise<boolean> {
    const command = new HeadObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) });
    return Boolean(await this.call(() => this.found(() => this.client.send(command, read))));
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const found: StoredObject[] = [];
    // ListObjects (v1), its pages of 1,000 following each other by Marker (the last key): s3rver answers
    // any truncated ListObjectsV2 with a DES-enciphered token, which Node's OpenSSL 3 refuses (a 500).
    let after: string | undefined;
    do {
      const command = new ListObjectsCommand({ Bucket: this.bucket, Prefix: prefix, Marker: after });
      const page = await this.call(() => this.client.send(command, read));
      for (const item of page.Contents ?? []) {
        if (item.Key) found.push({ key: item.Key, size: item.Size ?? 0, modifiedAt: item.LastModified?.getTime() ?? 0 });
      }
      after = page.IsTruncated && page.Contents?.length ? page.Contents[page.Contents.length - 1].Key : undefined;
    } while (after);
    return found;
  }

  private async call<Answer>(send: () => Promise<Answer>): Promise<Answer> {
    if (Date.now() < this.quietUntil) throw new StorageUnavailable(new Error('S3 timed out less than a moment ago'));
    return storageCall(() =>
      send().catch((error: unknown) => {
        if ((error as Error).name === 'TimeoutError') this.quietUntil = Date.now() + s3Timeouts.quietMs;
        throw error;
      }),
    );
  }

  /** The call's answer, or null for a missing object. */
  private async found<Answer>(call: () => Promise<Answer>): Promise<Answer | null> {
    return call().catch((error: unknown) => (notFound(error) ? null : Promise.reject(error)));
  }
}
