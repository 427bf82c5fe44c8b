// What one row of the bench measured: each step's times and failures, whole flows, refusals.

/** The purchase path's requests, in the order a shopper makes them. */
export const STEPS = [
  'category list',
  'product page',
  'add to cart (POST)',
  'cart page',
  'checkout page',
  'place order (POST)',
  'payment page',
  'card 4111… (POST)',
  'payment result page',
  'provider notification (POST)',
] as const;

export type StepName = (typeof STEPS)[number];

/** Why a flow ended without an order, cleanly (the shop said no, as it should when stock runs out). */
export type Refusal = 'shown sold out' | 'add refused' | 'checkout refused (409)';

export class Recorder {
  readonly times = new Map<StepName, number[]>(STEPS.map((step) => [step, []]));
  readonly failures = new Map<StepName, Map<string, number>>(STEPS.map((step) => [step, new Map()]));
  readonly flows: number[] = [];
  readonly refusals = new Map<Refusal, number>();
  readonly orders: string[] = [];
  /** Answers per instance, from nginx's X-Upstream header (the last address when nginx retried). */
  readonly upstreams = new Map<string, number>();
  failedFlows = 0;

  timed(step: StepName, ms: number): void {
    this.times.get(step)!.push(ms);
  }

  failed(step: StepName, status: string): void {
    const counts = this.failures.get(step)!;
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }

  answeredBy(upstream: string | null): void {
    const address = upstream?.split(',').pop()?.trim() || 'unknown';
    this.upstreams.set(address, (this.upstreams.get(address) ?? 0) + 1);
  }

  refused(reason: Refusal): void {
    this.refusals.set(reason, (this.refusals.get(reason) ?? 0) + 1);
  }

  /** Every failure of the row by status, e.g. "500 ×2, 502 ×1" (empty: none). */
  failuresByStatus(step?: StepName): Map<string, number> {
    const total = new Map<string, number>();
    for (const [name, counts] of this.failures) {
      if (step && name !== step) continue;
      for (const [status, count] of counts) total.set(status, (total.get(status) ?? 0) + count);
    }
    return total;
  }
}

/** The value below which `share` of the sorted times fall (nearest rank). */
export function percentile(values: number[], share: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
}
