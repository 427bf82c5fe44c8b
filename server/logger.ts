import pino from 'pino';
import type { Config } from './config';

export type Logger = pino.Logger;

/** The app's logger; `destination` (stdout when omitted) lets a test read what the app logs. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: pino.DestinationStream): Logger {
  const options = { level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]'] };
  return destination ? pino(options, destination) : pino(options);
}
