import net from 'node:net';

/**
 * A TCP proxy on loopback that a test can cut and restore, to play a server (PostgreSQL, Redis) going away
 * without stopping the real one other tests use:
 * - `cut('refuse')`: open connections are reset and new ones are closed at once after the accept;
 * - `cut('silent')`: open connections stay open but nothing crosses them any more, ever, and new ones are
 *   accepted and never answered (a dead network path, the slow case);
 * - `restore()`: new connections go through again; the old ones are dropped, or with `{ drop: false }` left open
 *   and dead (a firewall or NAT that forgot them: only the client's own checks can notice);
 * - `down()` / `resume()` / `outage(ms)`: the port stops listening (a connect fails with ECONNREFUSED, as while
 *   PostgreSQL restarts) and every open connection is reset; then it listens again on the same port.
 */
export interface TcpProxy {
  port: number;
  /** `<scheme>://127.0.0.1:<port><path>`. */
  url(path?: string): string;
  /** `url` (a connection string) pointed at the proxy instead. */
  via(url: string): string;
  /** Connections passed through so far (both ends open). */
  readonly open: number;
  cut(mode: 'refuse' | 'silent'): void;
  restore(opts?: { drop?: boolean }): void;
  /** Stops listening and resets every connection; resolves once the listener is closed. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  resume(): Promise<void>;
  /** `down()`, then `resume()` after `ms`. */
  outage(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }, scheme = 'redis'): Promise<TcpProxy> {
  let mode: 'open' | 'refuse' | 'silent' = 'open';
  const pairs = new Set<[net.Socket, net.Socket | null]>();
  const dead = new WeakSet<net.Socket>();
  /** Ends every connection: a reset of the client's side plays the server process going away. */
  const dropAll = (reset = false) => {
    for (const [a, b] of pairs) {
      if (reset) a.resetAndDestroy();
      else a.destroy();
      b?.destroy();
    }
    pairs.clear();
  };
  const server = net.createServer((client) => {
    client.on('error', () => undefined);
    if (mode === 'refuse') {
      client.destroy();
      return;
    }
    if (mode === 'silent') {
      const pair: [net.Socket, net.Socket | null] = [client, null];
      pairs.add(pair);
      client.on('close', () => pairs.delete(pair));
      client.on('data', () => undefined);
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair: [net.Socket, net.Socket | null] = [client, upstream];
    pairs.add(pair);
    upstream.on('error', () => client.destroy());
    client.on('close', () => {
      upstream.destroy();
      pairs.delete(pair);
    });
    upstream.on('close', () => client.destroy());
    // Forward by hand so a silent cut can stop the bytes without closing anything.
    client.on('data', (d) => {
      if (mode === 'open' && !dead.has(client)) upstream.write(d);
    });
    upstream.on('data', (d) => {
      if (mode === 'open' && !dead.has(client)) client.write(d);
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  // The listener closes first, so nothing reconnects in between; resolves once the cut sockets are gone.
  const stopListening = (reset: boolean) => {
    const closed = new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    dropAll(reset);
    return closed;
  };
  const resume = async () => {
    if (!server.listening) await listen(port);
  };
  return {
    port,
    url: (path = '') => `${scheme}://127.0.0.1:${port}${path}`,
    via(url: string) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    get open() {
      return pairs.size;
    },
    cut(m) {
      mode = m;
      if (m === 'refuse') dropAll();
      else for (const [client] of pairs) dead.add(client);
    },
    restore({ drop = true } = {}) {
      mode = 'open';
      if (drop) dropAll();
    },
    down: () => stopListening(true),
    resume,
    async outage(ms: number) {
      await stopListening(true);
      await new Promise((r) => setTimeout(r, ms));
      await resume();
    },
    close: () => stopListening(false),
  };
}
