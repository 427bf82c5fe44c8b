import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logger';

/** One structured line per answered page or API request: method, path, status, duration (no query, no cookies). */
export function requestLog(logger: Logger) {
  const logAnswer = answerLogger(logger);
  return (req: Request, res: Response, next: NextFunction) => {
    logAnswer(req, res);
    next();
  };
}

/**
 * Logs the answer to this request when it is finished (also used by the page cache's front door, which
 * answers from node:http's own request and answer, before Express: so only their fields are read).
 */
export function answerLogger(logger: Logger) {
  return (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse): void => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const level = res.statusCode >= 500 ? 'error' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
      const entry = { method: req.method, path: (req.originalUrl ?? req.url ?? '').split('?')[0], status: res.statusCode, durationMs };
      logger[level]({ ...entry, htmx: req.headers['hx-request'] === 'true' }, 'request');
    });
  };
}
