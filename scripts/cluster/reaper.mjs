// The launcher's reaper, a detached process of its own: when the launcher's process is gone without
// having stopped its cluster (SIGKILL, a crash, a jest worker ended), it ends the instances, nginx and
// s3rver it left behind, removes the scratch folders and drops the schema unless kept, as stop() would.
// Usage (scripts/cluster/guard.ts starts it): node reaper.mjs <launcher pid> <state file>
import { readFileSync, rmSync } from 'node:fs';
import pg from 'pg';

const [launcherPid, stateFile] = [Number(process.argv[2]), process.argv[3]];

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

// A pid the launcher recorded is killed only while it still runs the same program (pids are reused).
const runs = (pid, program) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(program);
  } catch {
    return false;
  }
};

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function endNginx(pid) {
  if (!pid || !runs(pid, 'nginx')) return;
  process.kill(pid, 'SIGTERM');
  for (let waited = 0; waited < 5000 && alive(pid); waited += 100) await pause(100);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

async function clean() {
  let state;
  try {
    state = JSON.parse(readFileSync(stateFile, 'utf8'));
  } catch {
    return; // stop() got as far as removing the scratch folder: nothing left
  }
  for (const pid of state.instances) if (runs(pid, 'server/main.ts')) process.kill(pid, 'SIGKILL');
  if (state.s3 && runs(state.s3, 's3rver.mjs')) process.kill(state.s3, 'SIGTERM');
  await endNginx(state.nginx);
  for (const dir of state.dirs) rmSync(dir, { recursive: true, force: true });
  if (state.dropSchema) {
    const client = new pg.Client({ connectionString: state.databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists ${state.dropSchema} cascade`);
    await client.end();
  }
}

// The launcher ends this process itself once its cluster is stopped.
process.on('SIGTERM', () => process.exit(0));
const watching = setInterval(() => {
  if (alive(launcherPid)) return;
  clearInterval(watching);
  clean().then(
    () => process.exit(0),
    () => process.exit(1),
  );
}, 500);
