/**
 * The process guard of a server process (lib/process-guard.ts), in a child process so the test runner's own
 * handlers stay out of it: a lost database connection escaping as an 'error' event or an unhandled rejection
 * is logged and the process lives on; a programming error is logged as fatal and the process exits 1.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const guard = path.join(import.meta.dirname, 'process-guard.ts');

function runChild(body: string) {
  const script = `
    import { EventEmitter } from 'node:events';
    import { installProcessGuards } from ${JSON.stringify(guard)};
    const line = (level) => (obj, msg) => console.log(JSON.stringify({ level, msg, err: String(obj.err?.message ?? '') }));
    installProcessGuards({ warn: line('warn'), error: line('error'), fatal: line('fatal') });
    ${body}
    setTimeout(() => { console.log('alive'); process.exit(0); }, 200);
  `;
  const res = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    cwd: path.join(import.meta.dirname, '../..'),
  });
  const lines = res.stdout.trim().split('\n').filter(Boolean);
  return { status: res.status, lines, stderr: res.stderr };
}

describe('process guard', () => {
  it('survives a lost database connection emitted as an unhandled error event', () => {
    const res = runChild(`
      const client = new EventEmitter();
      setTimeout(() => client.emit('error', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })), 10);
      setTimeout(() => client.emit('error', new Error('Connection terminated unexpectedly')), 20);
    `);
    expect(res.status, res.stderr).toBe(0);
    expect(res.lines.at(-1)).toBe('alive');
    expect(res.lines.filter((l) => l.includes('"warn"'))).toHaveLength(2);
  });

  it('survives and logs an unhandled rejection (a lost connection as a warning, anything else as an error)', () => {
    const res = runChild(`
      Promise.reject(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
      Promise.reject(new Error('a forgotten await'));
    `);
    expect(res.status, res.stderr).toBe(0);
    expect(res.lines.at(-1)).toBe('alive');
    expect(res.lines.map((l) => (l === 'alive' ? l : (JSON.parse(l) as { level: string }).level))).toEqual(['warn', 'error', 'alive']);
    expect(res.lines[1]).toContain('a forgotten await');
  });

  it('exits 1 after logging a programming error as fatal', () => {
    const res = runChild(`setTimeout(() => { throw new TypeError('x is not a function'); }, 10);`);
    expect(res.status).toBe(1);
    expect(res.lines).toHaveLength(1);
    expect(JSON.parse(res.lines[0]!)).toMatchObject({ level: 'fatal', err: 'x is not a function' });
  });
});
