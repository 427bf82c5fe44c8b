// A TCP proxy on the loopback in front of any host:port, to make a service (S3, Redis, PostgreSQL …)
// unreachable for a moment without stopping it: point the app at `127.0.0.1:{proxy.port}` instead of
// the service. `cut()` resets every open connection and refuses new ones (each is accepted and reset
// at once, so a client sees ECONNRESET quickly instead of waiting on a timeout); `restore()` lets
// connections through again (the service itself never noticed). `hold()` is the other kind of outage,
// a service that takes connections and never answers (a black hole): open connections are reset, new
// ones accepted and kept silent until `restore()` (which then resets them), so only the client's own
// timeouts end its wait. `close()` stops listening and drops everything. Bytes pass untouched.
import net from 'node:net';

export interface FaultProxy {
  /** The loopback port to connect to instead of the service's. */
  readonly port: number;
  /** Connections currently piped to the service. */
  readonly open: number;
  cut(): void;
  hold(): void;
  restore(): void;
  close(): Promise<void>;
}

/** Resets (RST) where Node can, so the peer's read fails at once rather than seeing a clean end. */
function drop(socket: net.Socket): void {
  if (socket.destroyed) return;
  if (typeof socket.resetAndDestroy === 'function' && socket.readyState !== 'opening') socket.resetAndDestroy();
  else socket.destroy();
}

export async function startFaultProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<FaultProxy> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  const held = new Set<net.Socket>();
  let mode: 'open' | 'cut' | 'hold' = 'open';
  const server = net.createServer((client) => {
    client.on('error', () => undefined);
    if (mode === 'cut') return drop(client);
    if (mode === 'hold') {
      held.add(client.pause());
      return void client.on('close', () => held.delete(client));
    }
    const upstream = net.connect(targetPort, targetHost);
    upstream.on('error', () => undefined);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      drop(client);
      drop(upstream);
    };
    client.on('close', end);
    upstream.on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const dropAll = () => {
    for (const [client, upstream] of pairs) {
      drop(client);
      drop(upstream);
    }
    pairs.clear();
    held.forEach(drop);
    held.clear();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    get open() {
      return pairs.size;
    },
    cut() {
      mode = 'cut';
      dropAll();
    },
    hold() {
      mode = 'hold';
      dropAll();
    },
    restore() {
      mode = 'open';
      held.forEach(drop);
      held.clear();
    },
    close() {
      mode = 'cut';
      dropAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
