import net from 'node:net';

/**
 * A TCP proxy on loopback between the server and PostgreSQL (test/tcp-proxy.ts is the cuttable one for Redis), for tests of a database going away: `outage(ms)`
 * cuts every open connection and refuses new ones (the port stops listening, so a connect fails with
 * ECONNREFUSED as when PostgreSQL restarts) until `ms` have passed.
 */
export interface TcpProxy {
  port: number;
  /** `url` (a postgres:// connection string) pointed at the proxy instead. */
  via(url: string): string;
  /** Connections passed through so far (both ends open). */
  readonly open: number;
  /** Cuts every connection and refuses new ones; resolves when it accepts again (`ms` later). */
  outage(ms: number): Promise<void>;
  /** Cuts every connection and refuses new ones until `resume`. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const cut = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', cut).on('close', cut);
    upstream.on('error', cut).on('close', cut);
    client.pipe(upstream);
    upstream.pipe(client);
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
  const cutAll = () => {
    for (const [a, b] of pairs) {
      // A reset, as when the PostgreSQL server process goes away.
      a.resetAndDestroy();
      b.destroy();
    }
    pairs.clear();
  };
  // The listener closes first, so nothing reconnects in between; close() resolves once the cut sockets are gone.
  const stopListening = () => {
    const closed = new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    cutAll();
    return closed;
  };
  return {
    port,
    via(url: string) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    get open() {
      return pairs.size;
    },
    down: stopListening,
    async resume() {
      if (!server.listening) await listen(port);
    },
    async outage(ms: number) {
      await stopListening();
      await new Promise((r) => setTimeout(r, ms));
      if (!server.listening) await listen(port);
    },
    async close() {
      await stopListening();
    },
  };
}
