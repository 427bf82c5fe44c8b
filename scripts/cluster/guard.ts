// What a launcher that dies without stop() leaves behind is cleaned all the same: at its process's
// exit (an exception, process.exit) the instances, nginx and s3rver are killed at once, and a detached reaper
// (reaper.mjs) watching its pid ends whatever still runs (the launcher killed by a signal, which runs no
// exit handler), removes the scratch folders and drops the schema unless it is kept.
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export interface GuardState {
  instances: number[];
  nginx: number | null;
  s3: number | null;
  dirs: string[];
  databaseUrl: string;
  /** The schema to drop, or null when it is kept. */
  dropSchema: string | null;
}

export interface Guard {
  /** Records the pids as they are now (called whenever a process starts or ends). */
  changed(): void;
  /** After a clean stop: no exit handler, no reaper. */
  release(): void;
}

export function guardCluster(stateFile: string, state: () => GuardState): Guard {
  const record = () => {
    try {
      writeFileSync(stateFile, JSON.stringify(state()));
    } catch {
      // the scratch folder is being removed by stop(): nothing is left to reap
    }
  };
  record();
  const reaper: ChildProcess = spawn(process.execPath, [path.join(__dirname, 'reaper.mjs'), String(process.pid), stateFile], {
    detached: true,
    stdio: 'ignore',
  });
  reaper.unref();
  const killNow = () => {
    const { instances, nginx, s3 } = state();
    for (const pid of instances) tryKill(pid, 'SIGKILL');
    if (nginx) tryKill(nginx, 'SIGTERM');
    if (s3) tryKill(s3, 'SIGTERM');
  };
  process.on('exit', killNow);
  return {
    changed: record,
    release() {
      process.off('exit', killNow);
      reaper.kill('SIGTERM');
    },
  };
}

function tryKill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}
