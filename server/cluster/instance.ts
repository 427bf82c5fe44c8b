import os from 'node:os';
import type { Config } from '../config';

/** How this process names itself in the job log and in cache messages: unique among the instances. */
export function instanceName(config: Pick<Config, 'INSTANCE_NAME'>): string {
  return config.INSTANCE_NAME ?? `${os.hostname()}:${process.pid}`;
}
