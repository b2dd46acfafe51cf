import http from 'node:http';
import net from 'node:net';

/**
 * A tiny round-robin reverse proxy on loopback for the two-instance harness (what nginx does in
 * docs/operations.md): each HTTP request and each WebSocket upgrade goes to the next upstream in turn. Answers
 * carry `x-upstream: <index>` so a test can tell which instance served what. Keep-alive is off towards the
 * client, so every request is a fresh choice.
 */
export interface RoundRobinProxy {
  url: string;
  /** The index of the upstream the next request or upgrade goes to. */
  peek(): number;
  /** Which upstream served each request so far, in order (method, path, upstream). */
  log: { method: string; path: string; upstream: number }[];
  /**
   * Takes upstream `i` out of the rotation (nginx: `down` on its `server` line and `nginx -s reload`) and
   * resolves once the requests it was already serving have finished (nginx's old workers finish theirs too).
   */
  takeOut(i: number): Promise<void>;
  /** Puts upstream `i` back into the rotation, at a new address when given (a restarted instance). */
  putBack(i: number, url?: string): void;
  close(): Promise<void>;
}

export async function startProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const targets = upstreams.map((u) => new URL(u));
  const out = new Set<number>();
  const inFlight = targets.map(() => 0);
  let next = 0;
  const log: RoundRobinProxy['log'] = [];
  const advance = () => {
    do next = (next + 1) % targets.length;
    while (out.has(next) && out.size < targets.length);
  };
  const pick = (method: string, path: string) => {
    if (out.has(next)) advance();
    const i = next;
    advance();
    log.push({ method, path, upstream: i });
    return i;
  };
  const sockets = new Set<net.Socket>();

  const server = http.createServer((req, res) => {
    const i = pick(req.method ?? 'GET', req.url ?? '/');
    const t = targets[i]!;
    inFlight[i]!++;
    res.once('close', () => inFlight[i]!--);
    const upstream = http.request(
      {
        host: t.hostname,
        port: t.port,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          // Like nginx's $proxy_add_x_forwarded_for: the client's address appended to what it sent.
          'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '),
          connection: 'close',
        },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, { ...up.headers, 'x-upstream': String(i), connection: 'close' });
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end('bad gateway');
      else res.destroy();
    });
    req.pipe(upstream);
  });

  // WebSocket: pass the upgrade request through as raw bytes and splice the two sockets together.
  server.on('upgrade', (req, client: net.Socket, head: Buffer) => {
    const i = pick(`${req.method ?? 'GET'} (upgrade)`, req.url ?? '/');
    const t = targets[i]!;
    const up = net.connect(Number(t.port), t.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let k = 0; k < req.rawHeaders.length; k += 2)
        lines.push(`${req.rawHeaders[k]}: ${req.rawHeaders[k + 1]}`);
      lines.push(`x-upstream: ${i}`);
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) up.write(head);
      up.pipe(client);
      client.pipe(up);
    });
    for (const s of [up, client]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        up.destroy();
        client.destroy();
      });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    peek: () => (out.has(next) ? (advance(), next) : next),
    log,
    async takeOut(i) {
      out.add(i);
      while (inFlight[i]! > 0) await new Promise((r) => setTimeout(r, 10));
    },
    putBack(i, url) {
      if (url) targets[i] = new URL(url);
      out.delete(i);
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
