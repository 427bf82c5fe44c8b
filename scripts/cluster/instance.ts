// One instance of the server: `node --import tsx server/main.ts` started straight from the launcher
// (no npm or tsx wrapper in between, so a kill -9 of its pid hits the server itself), its output
// appended to its own log file across restarts.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import type { Instance } from './cluster';
import { waitForHealth } from './health';

export interface InstanceSetup {
  index: number;
  port: number;
  root: string;
  env: Record<string, string>;
  logFile: string;
  /** Told whenever the process starts or ends (the launcher keeps its list of pids for the reaper). */
  changed: () => void;
}

export function logTail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export function createInstance({ index, port, root, env, logFile, changed }: InstanceSetup): Instance & { child(): ChildProcess | null } {
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let lastExit = '';
  const running = () => child !== null && child.exitCode === null && child.signalCode === null;

  const spawnServer = () => {
    const log = openSync(logFile, 'a');
    let started: ChildProcess;
    try {
      started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', log, log],
        // Its own process group: a Ctrl-C in the terminal reaches the launcher alone, which stops nginx first.
        detached: true,
      });
    } finally {
      closeSync(log);
    }
    child = started;
    exited = new Promise((resolve) => {
      const ended = (reason: string) => {
        lastExit = reason;
        if (child === started) child = null;
        changed();
        resolve();
      };
      started.once('exit', (code, signal) => ended(signal ? `killed by ${signal}` : `exit code ${code}`));
      started.once('error', (error) => ended(error.message));
    });
    changed();
  };

  return {
    index,
    port,
    url,
    logFile,
    pid: () => (running() ? (child?.pid ?? null) : null),
    running,
    child: () => (running() ? child : null),
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (!running()) return;
      child?.kill(signal);
      // A process stopped with SIGSTOP (a test holding requests on it) handles no signal until it goes on.
      if (signal !== 'SIGKILL') child?.kill('SIGCONT');
      await exited;
    },
    async start() {
      if (!running()) spawnServer();
      const gone = () => (running() ? null : `${lastExit}; the end of ${logFile}:\n${logTail(logFile)}`);
      await waitForHealth(url, `instance ${index}`, gone);
    },
  };
}
