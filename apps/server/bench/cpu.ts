import fs from 'node:fs';

/**
 * CPU time spent serving a load, read from /proc (Linux): the server's process tree (the cluster primary and
 * its workers) and the PostgreSQL backends connected to the server's database. On a machine shared with other
 * work, requests per second follow the neighbours' load; the CPU time each request costs does much less, so
 * `npm run bench` reports both (decision 0086).
 */

/** Kernel clock ticks per second (USER_HZ); 100 on every Linux this runs on. */
const TICK_MS = 10;

/** utime + stime of one process in milliseconds, 0 when it is gone or /proc is not there. */
function cpuMsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after it follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** `root` and every process below it. */
export function processTree(root: number): number[] {
  const parentOf = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return [root];
  }
  for (const d of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parentOf.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* exited meanwhile */
    }
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const [pid, ppid] of parentOf) if (ppid === out[i]) out.push(pid);
  return out;
}

/** Process ids of the PostgreSQL backends connected to the database of `url` (local server only). */
export async function pgBackends(url: string): Promise<number[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/** CPU milliseconds by process id, for the server's processes and the database's backends. */
export interface CpuSample {
  server: Map<number, number>;
  database: Map<number, number>;
}

/** Milliseconds spent between two samples; a process that appeared in between counts from its start. */
export function cpuSpent(from: CpuSample, to: CpuSample): { serverMs: number; databaseMs: number } {
  const spent = (a: Map<number, number>, b: Map<number, number>) =>
    [...b].reduce((sum, [pid, ms]) => sum + Math.max(0, ms - (a.get(pid) ?? 0)), 0);
  return { serverMs: spent(from.server, to.server), databaseMs: spent(from.database, to.database) };
}

/**
 * Samples the CPU time of a server (its process tree) and of its database's backends; both lists are read
 * again at each sample, so pool connections opened during a load count too.
 */
export class CpuMeter {
  private constructor(
    private readonly serverPid: number,
    private readonly databaseUrl: string | undefined,
  ) {}

  /** Null when the server's process is unknown (an external `--url` without `--pid`) or /proc is missing. */
  static open(serverPid: number | undefined, databaseUrl: string | undefined): CpuMeter | null {
    if (!serverPid || !fs.existsSync(`/proc/${serverPid}/stat`)) return null;
    return new CpuMeter(serverPid, databaseUrl);
  }

  async sample(): Promise<CpuSample> {
    const backends = this.databaseUrl ? await pgBackends(this.databaseUrl).catch(() => []) : [];
    const read = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuMsOf(pid)]));
    return { server: read(processTree(this.serverPid)), database: read(backends) };
  }
}

/** Resident memory of one process in MB (null when it is gone). */
export function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** `primary 56 MB, workers 118 / 121 MB` (or the single process's RSS) for a server's process tree. */
export function describeIdleMemory(serverPid: number): string {
  const [root, ...children] = processTree(serverPid);
  const mb = (pid: number) => `${(rssMb(pid) ?? 0).toFixed(0)}`;
  if (!children.length) return `one process ${mb(root!)} MB`;
  return `primary ${mb(root!)} MB, workers ${children.map(mb).join(' / ')} MB`;
}
