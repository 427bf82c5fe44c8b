// Background jobs (sweeps) that every instance schedules but only one runs per interval: each instance
// looks now and then, and the one whose conditional update moves the job's next_run_at forward runs it
// (a claim, like the order mail sweep's rows; no lock is held, so a runner killed by kill -9 leaves
// nothing behind: the next interval is claimed by whoever looks first). Jobs must still be safe to
// overlap (a run longer than its interval), which ours are: each claims its own rows.
import type { Db } from '../db';
import { toNumber } from '../db/normalise';
import type { Logger } from '../logger';

export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

export interface JobSchedulerOptions {
  db: Db;
  instance: string;
  jobs: Job[];
  logger: Pick<Logger, 'error'>;
  /** Every job's interval instead of its own (JOB_INTERVAL_MS). */
  everyMs?: number;
}

/** Claims the job's current interval for this instance; true when this instance is to run it now. */
export async function claimJob(db: Db, { name, instance, everyMs, now = Date.now() }: { name: string; instance: string; everyMs: number; now?: number }): Promise<boolean> {
  const claim = async () => {
    const result = await db
      .updateTable('scheduled_jobs')
      .set({ next_run_at: now + everyMs, holder: instance })
      .where('name', '=', name)
      .where('next_run_at', '<=', now)
      .executeTakeFirst();
    return toNumber(result.numUpdatedRows) === 1;
  };
  if (await claim()) return true;
  // A job's row is written once, by whoever looks first: every later look is the one update alone.
  const inserted = await db.insertInto('scheduled_jobs').values({ name, next_run_at: now, holder: '' }).onConflict((conflict) => conflict.column('name').doNothing()).executeTakeFirst();
  return toNumber(inserted.numInsertedOrUpdatedRows) === 1 && (await claim());
}

/** Runs the job once, logged in job_runs (start, end, failure). */
async function runLogged(db: Db, job: Job, instance: string): Promise<void> {
  const { id } = await db.insertInto('job_runs').values({ name: job.name, instance, started_at: Date.now(), finished_at: null }).returning('id').executeTakeFirstOrThrow();
  let failed = 0;
  try {
    await job.run();
  } catch (error) {
    failed = 1;
    throw error;
  } finally {
    await db.updateTable('job_runs').set({ finished_at: Date.now(), failed }).where('id', '=', id).execute();
  }
}

/** Looks for due jobs a few times per interval (with jitter, so instances do not all ask at once). */
export function scheduleJobs({ db, instance, jobs, logger, everyMs }: JobSchedulerOptions): { stop(): Promise<void> } {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;
  for (const job of jobs) {
    const interval = everyMs ?? job.everyMs;
    const later = () => timers.set(job.name, setTimeout(look, lookAgainIn(interval)).unref());
    const attempt = async () => {
      try {
        if (await claimJob(db, { name: job.name, instance, everyMs: interval })) await runLogged(db, job, instance);
      } catch (error) {
        logger.error({ err: error, job: job.name }, 'background job failed');
      }
    };
    const look = () => {
      const run = attempt();
      running.add(run);
      void run.finally(() => {
        running.delete(run);
        if (!stopped) later();
      });
    };
    later();
  }
  return {
    /** No new run starts; resolves once the runs under way are done (before the database closes). */
    async stop() {
      stopped = true;
      timers.forEach(clearTimeout);
      await Promise.all(running);
    },
  };
}

/** A quarter of the interval, at least 100 ms, at most a minute, give or take a fifth. */
function lookAgainIn(interval: number): number {
  const base = Math.min(60_000, Math.max(100, interval / 4));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** Prunes job_runs older than a week (the log is for watching, not for keeping). */
export async function pruneJobRuns(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('job_runs').where('started_at', '<', now - 7 * 24 * 60 * 60_000).execute();
}
