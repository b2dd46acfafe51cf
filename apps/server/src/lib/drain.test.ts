import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquamall-drain-'));
let child: ChildProcess | null = null;
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the real server (src/main.ts) on a free port of an embedded database; resolves with its port. */
function startServer(env: Record<string, string>): Promise<number> {
  child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    // Never the test runner's PostgreSQL: this test is about the process, the embedded database is enough.
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child!.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child!.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
}

const exited = (c: ChildProcess) => new Promise<number | null>((resolve) => c.on('exit', (code) => resolve(code)));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function get(port: number, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get({ port, host: '127.0.0.1', path: url, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
}

describe('graceful drain on SIGTERM', () => {
  it('answers ready 503, finishes the request in flight, closes, and exits 0', async () => {
    const port = await startServer({ DRAIN_DELAY_MS: '800', DRAIN_TIMEOUT_MS: '10000' });
    expect(await get(port, '/api/ready')).toBe(200);

    // A request in flight: headers and half of the body sent, the rest held back until after SIGTERM.
    const body = JSON.stringify({ account: '13900000000', password: 'Wrong@2026x' });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        { port, host: '127.0.0.1', method: 'POST', path: '/api/appuser/login', agent: false,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        req.end(body.slice(10));
      }, 2000);
    });
    await sleep(200);
    const exit = exited(child!);
    child!.kill('SIGTERM');
    await sleep(200);
    expect(await get(port, '/api/ready')).toBe(503); // draining: the load balancer is told to go away
    await sleep(1000);
    await expect(get(port, '/api/ready')).rejects.toThrow(); // the listener is closed after the delay

    const res = await answer; // completed after the listener closed
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ message: '账号或密码错误' });
    expect(await exit).toBe(0);
    // The database was closed cleanly: the data directory's lock is released.
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 120_000);
});
