import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * The kernel's range for the source ports of outgoing connections (Linux; the usual default elsewhere).
 * A port the kernel picked (listen on 0) lies in it, and while a killed instance is down, any outgoing
 * connection (nginx to another instance, a test's client) may take its port as source port: the restart
 * would then fail to listen. The cluster's ports are chosen below that range.
 */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 11_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/** Whether something already listens on `port`, on any address (as the server listens: app.listen(port)). */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(true));
    server.listen(port, () => server.close(() => resolve(false)));
  });
}

/** A port nobody listens on right now, at random between 10000 and the ephemeral range. */
export async function freePort(): Promise<number> {
  const low = 10_000;
  const high = ephemeralLow();
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (!(await portInUse(port))) return port;
  }
  throw new Error(`no free port found between ${low} and ${high}`);
}
