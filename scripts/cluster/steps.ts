import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Instance } from './cluster';

/** What the start set up, undone in reverse order by stop() (or when the start fails half-way). */
export class Teardown {
  private readonly steps: Array<() => Promise<void>> = [];

  add(step: () => Promise<void>): void {
    this.steps.push(step);
  }

  /** Every step runs even when one before it failed; the first failure is thrown at the end. */
  async run(): Promise<void> {
    const failures: unknown[] = [];
    for (const step of this.steps.splice(0).reverse()) await step().catch((error: unknown) => failures.push(error));
    if (failures.length) throw failures[0];
  }
}

/** SIGTERM (the server's own graceful shutdown, at most 10 s), SIGKILL if it is still there after 15 s. */
export async function stopInstance(instance: Instance): Promise<void> {
  let late: NodeJS.Timeout | undefined;
  const overdue = new Promise<'late'>((resolve) => (late = setTimeout(() => resolve('late'), 15_000)));
  const result = await Promise.race([instance.kill('SIGTERM'), overdue]);
  clearTimeout(late);
  if (result === 'late') await instance.kill('SIGKILL');
}

/**
 * One secret for every instance, so a session or a CSRF token made by one is good on all. A kept
 * cluster keeps it beside its data, so signed-in visitors stay signed in across restarts.
 */
export function sessionSecret(keptDir: string | null): string {
  const fresh = () => randomBytes(48).toString('base64url');
  if (!keptDir) return fresh();
  const file = path.join(keptDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = fresh();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
