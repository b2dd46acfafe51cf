import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');
/** The compiled server `npm start` runs (scripts/build.mjs). */
export const serverEntry = path.join(root, 'apps/server/dist/server/main.js');

/** Builds the compiled server and the embedded-database template when their sources changed. */
export function ensureServerBuilt(): void {
  const res = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), 'server', 'pgdata'], {
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`server build failed: ${res.stderr}`);
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote so far (JSON log lines and the banner). */
  output: () => string;
  /** SIGTERM (or the given signal) and wait for the exit. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * Starts the compiled server as a child process on a free port (PORT=0) and resolves once it listens.
 * `env` adds to (or, with undefined, removes from) the test process's environment.
 */
export async function startServer(
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
): Promise<ServerProcess> {
  const merged: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0' };
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete merged[k];
    else merged[k] = v;
  }
  // The test runner's own settings must not leak into the server.
  delete merged.VITEST;
  const child = spawn(process.execPath, [serverEntry], { env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not listen within ${timeoutMs} ms:\n${out}`)),
      timeoutMs,
    );
    const check = () => {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening:\n${out}`));
    });
  });
  return {
    child,
    url,
    output: () => out,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** The answer envelope of every API route. */
export type Envelope<T = unknown> = { code: number; message: string; data: T };

/** POST JSON and return the envelope. */
export async function postJson<T = unknown>(url: string, body: unknown, token?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** GET and return the envelope. */
export async function getJson<T = unknown>(url: string, token?: string): Promise<Envelope<T>> {
  const res = await fetch(url, { headers: token ? { 'x-token': token } : {} });
  return (await res.json()) as Envelope<T>;
}
