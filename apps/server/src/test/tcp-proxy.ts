import net from 'node:net';

/**
 * A TCP proxy on loopback that a test can cut and restore, to play a Redis (or any server) going away without
 * stopping the real one other tests use:
 * - `cut('refuse')`: open connections are reset and new ones are closed at once (a stopped server);
 * - `cut('silent')`: open connections stay open but nothing crosses them any more, ever, and new ones are
 *   accepted and never answered (a dead network path, the slow case);
 * - `restore()`: new connections go through again; the old ones are dropped, or with `{ drop: false }` left open
 *   and dead (a firewall or NAT that forgot them: only the client's own checks can notice).
 */
export interface CuttableProxy {
  url(path?: string): string;
  port: number;
  cut(mode: 'refuse' | 'silent'): void;
  restore(opts?: { drop?: boolean }): void;
  close(): Promise<void>;
}

export async function startTcpProxy(
  target: { host: string; port: number },
  scheme = 'redis',
): Promise<CuttableProxy> {
  let mode: 'open' | 'refuse' | 'silent' = 'open';
  const pairs = new Set<[net.Socket, net.Socket | null]>();
  const dead = new WeakSet<net.Socket>();
  const dropAll = () => {
    for (const [a, b] of pairs) {
      a.destroy();
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: (path = '') => `${scheme}://127.0.0.1:${port}${path}`,
    cut(m) {
      mode = m;
      if (m === 'refuse') dropAll();
      else for (const [client] of pairs) dead.add(client);
    },
    restore({ drop = true } = {}) {
      mode = 'open';
      if (drop) dropAll();
    },
    async close() {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
