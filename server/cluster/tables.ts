import type { Generated } from 'kysely';

/** Background jobs shared by the app instances (migration 025_jobs); times are epoch ms. */
export interface JobTables {
  scheduled_jobs: {
    name: string;
    next_run_at: number | string;
    holder: Generated<string>;
  };
  job_runs: {
    id: Generated<number>;
    name: string;
    instance: string;
    started_at: number | string;
    finished_at: number | string | null;
    failed: Generated<number>;
  };
}
