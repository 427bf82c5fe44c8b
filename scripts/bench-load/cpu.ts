// Where a row's CPU went, from /proc (Linux): the instances' own processes, the bench itself (its
// shoppers run on the same cores), and the whole machine (everything else too: PostgreSQL, Redis, nginx,
// and whatever else runs there). Clock ticks are 1/100 s on Linux.
import { readFileSync } from 'node:fs';

const TICK_MS = 10;

function processMs(pid: number | null): number {
  if (pid === null) return 0;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

function machineTicks(): { busy: number; total: number } {
  const numbers = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  const total = numbers.reduce((sum, value) => sum + value, 0);
  const idle = numbers[3] + (numbers[4] ?? 0);
  return { busy: total - idle, total };
}

export interface CpuUse {
  /** CPU seconds the instances used during the row. */
  appSeconds: number;
  /** CPU seconds the bench's own process used (the shoppers' HTTP clients). */
  benchSeconds: number;
  /** Share of all cores busy during the row, whoever used them (0..1). */
  machineBusy: number;
}

/** Starts counting; the answer stops and reports. */
export function countCpu(pids: () => (number | null)[]): () => CpuUse {
  const app = pids().reduce((sum: number, pid) => sum + processMs(pid), 0);
  const bench = process.cpuUsage();
  const machine = machineTicks();
  return () => {
    const appAfter = pids().reduce((sum: number, pid) => sum + processMs(pid), 0);
    const benchUsed = process.cpuUsage(bench);
    const machineAfter = machineTicks();
    return {
      appSeconds: (appAfter - app) / 1000,
      benchSeconds: (benchUsed.user + benchUsed.system) / 1e6,
      machineBusy: (machineAfter.busy - machine.busy) / Math.max(1, machineAfter.total - machine.total),
    };
  };
}
