import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../../server/config';
import { mapSettings, mapTileOrigin } from '../../../server/pickup/map';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const secret = 'x'.repeat(32);

function failureOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret, ...env });
  } catch (error) {
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig defaults', () => {
  it('runs with nothing set: port 3000, no base path, SQLite under ./data, French, info logs', () => {
    const previous = process.cwd();
    process.chdir(dataDir);
    try {
      const config = loadConfig({});
      expect(config).toMatchObject({ PORT: 3000, BASE_PATH: '', DEFAULT_CULTURE: 'fr', LOG_LEVEL: 'info', NODE_ENV: 'development' });
      expect(config.DATA_DIR).toBe(path.join(process.cwd(), 'data'));
      expect(config.DATABASE_URL).toBeUndefined();
      expect(config.REDIS_URL).toBeUndefined();
    } finally {
      process.chdir(previous);
    }
  });

  it('treats a blank variable as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '', BASE_PATH: '', DATABASE_URL: '' });
    expect(config).toMatchObject({ PORT: 3000, BASE_PATH: '' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('accepts good values', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      BASE_PATH: '/shop',
      DATABASE_URL: 'postgres://user@db:5432/shop',
      REDIS_URL: 'redis://cache:6379',
      DEFAULT_CULTURE: 'nl',
      SESSION_SECRET: secret,
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({ PORT: 8080, BASE_PATH: '/shop', DEFAULT_CULTURE: 'nl', LOG_LEVEL: 'warn', SESSION_SECRET: secret });
    expect(config.DATA_DIR).toBe(dataDir);
  });
});

describe('the pickup map settings', () => {
  it('no map without a key; with one the key fills the tile address and the CSP gains its origin only', () => {
    const plain = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret });
    expect(mapSettings(plain)).toBeNull();
    expect(mapTileOrigin(plain)).toBeNull();
    const keyed = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret, MAPS_API_KEY: 'abc.DEF_1' });
    expect(mapSettings(keyed)).toEqual({
      tiles: 'https://api.maptiler.com/maps/streets-v2/256/{z}/{x}/{y}.png?key=abc.DEF_1',
      attribution: '© MapTiler © OpenStreetMap contributors',
      zoom: 13,
    });
    expect(mapTileOrigin(keyed)).toBe('https://api.maptiler.com');
    const own = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret, MAPS_API_KEY: 'k', MAPS_TILE_URL: 'http://127.0.0.1:8111/t/{z}/{x}/{y}.png?api_key={key}' });
    expect(mapSettings(own)!.tiles).toBe('http://127.0.0.1:8111/t/{z}/{x}/{y}.png?api_key=k');
    expect(mapTileOrigin(own)).toBe('http://127.0.0.1:8111');
  });
});

describe('loadConfig refuses a bad value with a one-line message naming the variable', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['BASE_PATH', 'shop'],
    ['BASE_PATH', '/shop/'],
    ['BASE_PATH', '/a shop'],
    ['DATABASE_URL', 'mysql://root@db/shop'],
    ['DATABASE_URL', 'shop.sqlite'],
    ['REDIS_URL', 'http://cache:6379'],
    ['DEFAULT_CULTURE', 'en'],
    ['DEFAULT_CULTURE', 'FR'],
    ['SESSION_SECRET', 'too-short'],
    ['LOG_LEVEL', 'verbose'],
    ['MAPS_API_KEY', 'a key with spaces'],
    ['MAPS_API_KEY', 'key&zoom=1'],
    ['MAPS_TILE_URL', 'tiles.example.net/{z}/{x}/{y}.png'],
    ['MAPS_TILE_URL', 'https://tiles.example.net/{z}/{y}.png'],
    ['MAPS_TILE_URL', 'javascript:alert(1)//{z}{x}{y}'],
    // Several hosts ({s}) would need a wildcard in the CSP's img-src.
    ['MAPS_TILE_URL', 'https://{s}.tile.example.org/{z}/{x}/{y}.png'],
    // Trusting every sender of X-Forwarded-For would let anyone choose the address the rate limits see.
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '*'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', 'loopback,proxy.internal'],
    ['TRUST_PROXY', ','],
  ])('%s=%s', (name, value) => {
    const error = failureOf({ [name]: value });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(new RegExp(`\\b${name}\\b`));
    expect(error.message).not.toContain('\n');
  });

  it('never repeats a rejected secret in the message', () => {
    expect(failureOf({ SESSION_SECRET: 'my-short-secret' }).message).not.toContain('my-short-secret');
  });

  it('DATA_DIR that cannot be a directory', () => {
    const file = path.join(dataDir, 'a-file');
    writeFileSync(file, '');
    const error = failureOf({ DATA_DIR: path.join(file, 'data') });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(/\bDATA_DIR\b/);
    expect(error.message).not.toContain('\n');
  });
});

describe('SESSION_SECRET when absent', () => {
  it('is generated once, kept under DATA_DIR readable by the owner only, and reused', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).SESSION_SECRET;
    const file = path.join(dataDir, 'session-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).SESSION_SECRET).toBe(first);
  });

  it('is not written when the environment gives one', () => {
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret }).SESSION_SECRET).toBe(secret);
    expect(() => statSync(path.join(dataDir, 'session-secret'))).toThrow();
  });

  it('differs between two data directories', () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'storefront-config-'));
    try {
      expect(loadConfig({ DATA_DIR: other }).SESSION_SECRET).not.toBe(loadConfig({ DATA_DIR: dataDir }).SESSION_SECRET);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('TRUST_PROXY', () => {
  it('trusts the loopback proxy by default, and the listed proxies when set', () => {
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret }).TRUST_PROXY).toEqual(['loopback']);
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret, TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::1/64' });
    expect(config.TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8', 'fd00::1/64']);
  });
});
