// The bench's tables (markdown, pasted into docs/performance.md) and the machine they were measured on.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { CpuUse } from './cpu';
import { percentile, type Recorder, STEPS } from './stats';

export interface Row {
  instances: number;
  shoppers: number;
  seconds: number;
  recorder: Recorder;
  cpu: CpuUse;
  stockLines: string[];
  stockOk: boolean;
}

const ms = (value: number | null) => (value === null ? '–' : value < 1 ? '< 1' : String(Math.round(value)));
const times = (values: number[]) => `${ms(percentile(values, 0.5))} | ${ms(percentile(values, 0.95))} | ${ms(percentile(values, 0.99))}`;

function counts(map: Map<string, number>): string {
  return map.size === 0 ? '0' : [...map].map(([status, count]) => `${status} ×${count}`).join(', ');
}

/** One line per instance count and concurrency. */
export function summaryTable(rows: Row[]): string {
  const header = [
    '| instances | shoppers | orders/s | flows completed | refused: shown sold out / add / checkout | flows failed | errors by status | flow p50 ms | p95 | p99 | app CPU ms per order | cores used: app / bench / whole machine |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  const cores = os.availableParallelism();
  const lines = rows.map(({ instances, shoppers, seconds, recorder, cpu }) => {
    const refused = (['shown sold out', 'add refused', 'checkout refused (409)'] as const).map((reason) => recorder.refusals.get(reason) ?? 0).join(' / ');
    const rate = (recorder.orders.length / seconds).toFixed(1);
    const perOrder = recorder.orders.length ? String(Math.round((cpu.appSeconds * 1000) / recorder.orders.length)) : '–';
    const used = `${(cpu.appSeconds / seconds).toFixed(2)} / ${(cpu.benchSeconds / seconds).toFixed(2)} / ${(cpu.machineBusy * cores).toFixed(2)}`;
    return `| ${instances} | ${shoppers} | ${rate} | ${recorder.flows.length} | ${refused} | ${recorder.failedFlows} | ${counts(recorder.failuresByStatus())} | ${times(recorder.flows)} | ${perOrder} | ${used} |`;
  });
  return [...header, ...lines].join('\n');
}

/** Each step of one row: requests, p50/p95/p99, errors by status. */
export function stepTable(row: Row): string {
  const { recorder } = row;
  const header = [
    `${row.instances} instance${row.instances === 1 ? '' : 's'}, ${row.shoppers} shopper${row.shoppers === 1 ? '' : 's'}: ${recorder.orders.length} orders in ${row.seconds.toFixed(1)} s`,
    '',
    '| step | requests | p50 ms | p95 | p99 | errors |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
  ];
  const lines = STEPS.map((step) => `| ${step} | ${recorder.times.get(step)!.length} | ${times(recorder.times.get(step)!)} | ${counts(recorder.failuresByStatus(step))} |`);
  lines.push(`| whole flow (purchases completed) | ${recorder.flows.length} | ${times(recorder.flows)} | ${recorder.failedFlows} flows failed |`);
  const upstreams = [...recorder.upstreams].sort(([a], [b]) => a.localeCompare(b)).map(([address, count]) => `${address} ×${count}`).join(', ');
  lines.push('', `Shoppers' requests answered by (nginx's X-Upstream): ${upstreams || 'none'}`);
  return [...header, ...lines, '', ...row.stockLines.map((line) => `- ${line}`), `- stock and payments: ${row.stockOk ? 'ok' : 'WRONG'}`].join('\n');
}

/** nproc, the CPU model, memory and the load average now. */
export function machine(): { text: string; load: () => string } {
  const model = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown CPU';
  const memory = `${(os.totalmem() / 1024 ** 3).toFixed(1)} GB`;
  return {
    text: `${os.availableParallelism()} CPUs (nproc; ${model}), ${memory} of memory, Node ${process.version}`,
    load: () => os.loadavg().map((value) => value.toFixed(1)).join(' / '),
  };
}
