import net from 'node:net';

/**
 * A TCP proxy on loopback that a test can cut and restore, to play a Redis (or any server) going away without
 * stopping the real one other tests use:
 * - `cut('refuse')`: open connections are reset and new ones are closed at once (a stopped server);
 * - `cut('silent')`: open connections stay open but nothing crosses any more, and new ones are accepted and
 *   never answered (a dead network path, the slow case);
 * - `restore()`: everything is dropped once more and new connections go through again.
 */
export interface CuttableProxy {
  url(path?: string): string;
  port: number;
  cut(mode: 'refuse' | 'silent'): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(
  target: { host: string; port: number },
  scheme = 'redis',
): Promise<CuttableProxy> {
  let mode: 'open' | 'refuse' | 'silent' = 'open';
  const pairs = new Set<[net.Socket, net.Socket | null]>();
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
      if (mode === 'open') upstream.write(d);
    });
    upstream.on('data', (d) => {
      if (mode === 'open') client.write(d);
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
    },
    restore() {
      mode = 'open';
      dropAll();
    },
    async close() {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
