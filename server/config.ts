import { isIP } from 'node:net';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const cultures = ['fr', 'nl', 'es', 'de', 'it', 'pt'] as const;
export type Culture = (typeof cultures)[number];

const basePath = z
  .string()
  .regex(/^(\/[A-Za-z0-9._~-]+)*$/, 'must be empty or like /shop (no trailing slash)');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  BASE_PATH: basePath.default(''),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for the embedded SQLite)')
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  DEFAULT_CULTURE: z.enum(cultures).default('fr'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHOP_EMAIL: z.string().email().default('shop@example.com'),
  /** smtp://user:pass@host:port; unset, mail is written as .eml files to DATA_DIR/outbox. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// URL').optional(),
  /** The site's public origin for links in mail (https://shop.example); unset: http://localhost:PORT. */
  PUBLIC_URL: z.string().regex(/^https?:\/\/[^/?#]+$/, 'must be an origin like https://shop.example (no path)').optional(),
  /** Where a bank transfer goes (shown at checkout, on the confirmation and in its mail); the defaults are the demo shop's. */
  BANK_HOLDER: z.string().default('Storefront Demo SAS'),
  BANK_IBAN: z.string().default('FR76 3000 6000 0112 3456 7890 189'),
  BANK_BIC: z.string().default('AGRIFRPPXXX'),
  /** The payment provider's notification HMAC key (64 hex characters, or text); unset: derived from SESSION_SECRET. */
  PAYMENT_HMAC_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The maps provider's key: set, the pickup point search shows a map beside its list (unset: the list alone). */
  MAPS_API_KEY: z.string().regex(/^[\w.~-]+$/, 'must be the provider key itself (letters, digits, . _ ~ -)').optional(),
  /** The map's raster tiles, {z}/{x}/{y} and {key} filled in by the map (MapTiler's streets map by default). */
  MAPS_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#{}]+\/.*\{z\}.*\{x\}.*\{y\}/, 'must be an http(s) tile address with {z}, {x} and {y} (one host: no {s} in it)')
    .default('https://api.maptiler.com/maps/streets-v2/256/{z}/{x}/{y}.png?key={key}'),
  /** The tiles' credit line shown on the map (plain text). */
  MAPS_ATTRIBUTION: z.string().default('© MapTiler © OpenStreetMap contributors'),
  /**
   * The other sites allowed to read this site's widget fragments ({site}/widget/…, {app}/{culture}/widget/…)
   * from their pages' scripts (CORS), comma separated origins like https://partner.example; empty: none
   * (docs/embedding.md).
   */
  WIDGET_ORIGINS: z
    .string()
    .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
    .refine((entries) => entries.every(isOrigin), 'must list origins like https://partner.example (scheme, host and port only), comma separated')
    .default([]),
  /**
   * A geocoding service with Nominatim's API (GET {url}/search?format=json&q=): a typed address becomes
   * coordinates (pickup point search, map widget) and suggestions as one types. Unset: no geocoding,
   * the searches fall back to city and postal code (docs/maps.md).
   */
  GEOCODER_URL: z.string().regex(/^https?:\/\/[^?#]+$/, 'must be an http(s) address without query (Nominatim API)').optional(),
  /** How long a geocoding call may take before it is given up (a warning, never an error for the visitor). */
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /** Files (uploads, renditions) go to this S3-compatible bucket when set; unset: DATA_DIR/storage (docs/asset-library.md). */
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (lower case letters, digits, . and -)').optional(),
  /** The S3 service address (MinIO, s3rver, ...); unset: AWS. */
  S3_ENDPOINT: z.string().regex(/^https?:\/\/[^?#]+$/, 'must be an http(s) address').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addresses (bucket in the path, not the host): what most self-hosted services need. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  /**
   * The proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (Express's trust proxy), comma
   * separated: loopback, linklocal, uniquelocal, or addresses and subnets. Never "true": anyone reaching
   * the app directly could then choose the address the rate limits see (docs/reverse-proxy.md).
   */
  TRUST_PROXY: z
    .string()
    .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
    .refine((entries) => entries.length > 0 && entries.every(isProxyEntry), 'must list loopback, linklocal, uniquelocal or addresses/subnets, comma separated')
    .default(['loopback']),
  /**
   * Every background job's interval in ms instead of its own (minutes for most): for the scale-out and
   * crash suites, which watch jobs run across instances (server/cluster/jobs.ts). Unset in production.
   */
  JOB_INTERVAL_MS: z.coerce.number().int().min(100).max(24 * 60 * 60_000).optional(),
  /**
   * How long an order mail claimed by a sender stays its own before another sweep may take it again (a
   * process killed mid-send): 15 minutes; the crash suite shortens it rather than wait.
   */
  ORDER_MAIL_CLAIM_SECONDS: z.coerce.number().int().min(1).max(24 * 60 * 60).default(15 * 60),
  /**
   * Uploaded images this instance decodes at once (a 40-megapixel one takes seconds and its memory), and
   * how many more may wait for a turn; past that the upload is a 503 "busy" (docs/asset-library.md).
   */
  IMAGE_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  IMAGE_DECODE_QUEUE: z.coerce.number().int().min(0).max(1000).default(4),
  /** This instance's name in the job log and the cache messages (default: host name and process id). */
  INSTANCE_NAME: z.string().regex(/^[\w.:-]{1,100}$/, 'must be letters, digits, . _ : - (at most 100)').optional(),
});

/** scheme://host[:port] exactly as browsers send it in the Origin header (lower case, no default port, no path). */
function isOrigin(entry: string): boolean {
  try {
    const url = new URL(entry);
    return /^https?:$/.test(url.protocol) && url.origin === entry;
  } catch {
    return false;
  }
}

function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const bitsValid = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 6 ? 128 : 32));
  return rest.length === 0 && isIP(address) !== 0 && bitsValid;
}

export type Config = Omit<z.infer<typeof schema>, 'SESSION_SECRET'> & { SESSION_SECRET: string };

export class ConfigError extends Error {}

/** Reads and checks the environment; the first bad variable is named in the message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  try {
    mkdirSync(dataDir, { recursive: true });
    return { ...parsed.data, DATA_DIR: dataDir, SESSION_SECRET: parsed.data.SESSION_SECRET ?? keptSecret(dataDir) };
  } catch (error) {
    throw new ConfigError(`Invalid environment variable DATA_DIR: cannot use ${dataDir} (${(error as NodeJS.ErrnoException).code})`);
  }
}

/** A secret generated once and kept under DATA_DIR, so sessions survive a restart. */
function keptSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
