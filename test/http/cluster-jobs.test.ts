// Background jobs on a shared database (server/cluster/jobs.ts): of several instances looking at once,
// one claims each interval; the schedulers together run a job about once per interval, never once per
// instance; a failed run is logged and the next interval runs again.
import { claimJob, scheduleJobs } from '../../server/cluster/jobs';
import { toNumber } from '../../server/db/normalise';
import { useTestApp } from '../support/app';

const testApp = useTestApp();
const quiet = { error: () => undefined };

async function runsOf(name: string) {
  return testApp.db.selectFrom('job_runs').selectAll().where('name', '=', name).orderBy('started_at').execute();
}

test('of instances claiming the same interval together, exactly one wins; the next interval is free again', async () => {
  const now = Date.now();
  const claims = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((instance) => claimJob(testApp.db, { name: 'together', instance, everyMs: 60_000, now })));
  expect(claims.filter(Boolean)).toHaveLength(1);
  expect(await claimJob(testApp.db, { name: 'together', instance: 'a', everyMs: 60_000, now: now + 30_000 })).toBe(false);
  expect(await claimJob(testApp.db, { name: 'together', instance: 'b', everyMs: 60_000, now: now + 60_000 })).toBe(true);
  const row = await testApp.db.selectFrom('scheduled_jobs').selectAll().where('name', '=', 'together').executeTakeFirstOrThrow();
  expect([row.holder, toNumber(row.next_run_at)]).toEqual(['b', now + 120_000]);
});

test('three schedulers run a job about once per interval in all, each run logged with its instance', async () => {
  const everyMs = 300;
  let running = 0;
  let overlapped = false;
  const job = {
    name: 'counted',
    everyMs,
    run: async () => {
      overlapped ||= running > 0;
      running++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
    },
  };
  const started = Date.now();
  const schedulers = ['one', 'two', 'three'].map((instance) => scheduleJobs({ db: testApp.db, instance, jobs: [job], logger: quiet }));
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
  const elapsed = Date.now() - started;
  const runs = await runsOf('counted');
  console.log(`${runs.length} runs of a ${everyMs} ms job in ${elapsed} ms across 3 schedulers (${new Set(runs.map((run) => run.instance)).size} instances took part)`);
  expect(runs.length).toBeGreaterThanOrEqual(1);
  expect(runs.length).toBeLessThanOrEqual(Math.floor(elapsed / everyMs) + 1);
  expect(overlapped).toBe(false);
  expect(runs.every((run) => run.finished_at !== null && toNumber(run.failed) === 0)).toBe(true);
});

test('a failing run is logged as failed and reported, and the job runs again at its next interval', async () => {
  const errors: unknown[] = [];
  let attempts = 0;
  const job = { name: 'failing', everyMs: 200, run: async () => void (attempts++, await Promise.reject(new Error('sweep failed'))) };
  const scheduler = scheduleJobs({ db: testApp.db, instance: 'one', jobs: [job], logger: { error: (entry: unknown) => void errors.push(entry) } });
  const deadline = Date.now() + 20_000;
  while (attempts < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  await scheduler.stop();
  const runs = await runsOf('failing');
  expect(attempts).toBeGreaterThanOrEqual(2);
  expect(runs.length).toBe(attempts);
  expect(runs.every((run) => toNumber(run.failed) === 1 && run.finished_at !== null)).toBe(true);
  expect(errors.length).toBe(attempts);
});

test('stop() waits for the run under way, so the database is not closed under it', async () => {
  let finished = false;
  const job = { name: 'slow', everyMs: 100, run: () => new Promise<void>((resolve) => setTimeout(() => resolve(void (finished = true)), 400)) };
  const scheduler = scheduleJobs({ db: testApp.db, instance: 'one', jobs: [job], logger: quiet });
  const deadline = Date.now() + 20_000;
  while ((await runsOf('slow')).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  await scheduler.stop();
  expect(finished).toBe(true);
  const [run] = await runsOf('slow');
  expect(run?.finished_at).not.toBeNull();
});
