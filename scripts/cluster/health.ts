import http from 'node:http';

/** GET {base}/healthz's status, or 0 when nothing answers (a fresh connection each time: no pooled socket to a dead peer). */
export function healthStatus(base: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(`${base}/healthz`, { agent: false, timeout: 3000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(0));
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls until /healthz answers 200. `gone` is asked between polls: a reason (the process exited) ends
 * the wait at once instead of at the deadline, which is generous since up to 8 suites share 2 cores.
 */
export async function waitForHealth(base: string, what: string, gone: () => string | null, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await healthStatus(base)) === 200) return;
    const reason = gone();
    if (reason) throw new Error(`${what} stopped before answering ${base}/healthz: ${reason}`);
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${base}/healthz with 200 within ${timeoutMs / 1000} s`);
    await pause(200);
  }
}
