import { Router } from 'express';
import { ping } from '../db';

/** GET /healthz: 200 when the database answers, 503 otherwise (for load balancers and orchestrators). */
export function healthRoutes(): Router {
  const router = Router();
  router.get('/healthz', async (req, res) => {
    const { db, dialect, redis } = req.app.locals;
    try {
      await ping(db);
      if (redis) await redis.ping();
      res.set('Cache-Control', 'no-store').json({ status: 'ok', database: dialect, redis: Boolean(redis) });
    } catch {
      res.status(503).set('Cache-Control', 'no-store').json({ status: 'unavailable' });
    }
  });
  return router;
}
