import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  copyCluster,
  copyDemoTemplate,
  copyWithHoles,
  demoShiftDone,
  demoTemplateDir,
  dropRecycledWal,
  pendingDemoShift,
  usableDemoTemplate,
} from './template.ts';

// A fake build output: dist/.build-stamp-server, dist/pgdata-template and dist/demo-template (decision 0193).
let dist: string;
let template: string;
const seededAt = new Date('2026-11-27T01:00:00Z'); // 09:00 in China
const write = (p: string, text: string) => {
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
};

beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'aquamall-template-'));
  template = demoTemplateDir(path.join(dist, 'pgdata-template'));
  write(path.join(dist, '.build-stamp-server'), 'build-1');
  write(path.join(template, 'server-build'), 'build-1');
  write(path.join(template, 'seeded-at'), seededAt.toISOString());
  write(path.join(template, 'pgdata', 'PG_VERSION'), '17');
  write(path.join(template, 'pgdata', 'base', '5', '1259'), 'catalogue');
  write(path.join(template, 'files', 'seed', 'logo.png'), 'png');
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('the seeded demo template', () => {
  it('lives next to the embedded cluster template', () => {
    expect(template).toBe(path.join(dist, 'demo-template'));
  });

  it('is used on the China day it was seeded and later days (shifted), not before it', () => {
    expect(usableDemoTemplate(template, new Date('2026-11-27T15:59:00Z'))).toEqual(seededAt); // 23:59 in China
    expect(usableDemoTemplate(template, new Date('2026-11-27T16:00:00Z'))).toEqual(seededAt); // the next day
    expect(usableDemoTemplate(template, new Date('2027-02-01T02:00:00Z'))).toEqual(seededAt);
    expect(usableDemoTemplate(template, new Date('2026-11-26T15:59:00Z'))).toBeNull(); // a clock set back
  });

  it('is not used when another build of the server made it, or when it is unfinished', () => {
    const now = new Date('2026-11-27T02:00:00Z');
    write(path.join(dist, '.build-stamp-server'), 'build-2');
    expect(usableDemoTemplate(template, now)).toBeNull();
    write(path.join(dist, '.build-stamp-server'), 'build-1');
    fs.rmSync(path.join(template, 'pgdata', 'PG_VERSION'));
    expect(usableDemoTemplate(template, now)).toBeNull();
    write(path.join(template, 'pgdata', 'PG_VERSION'), '17');
    fs.rmSync(path.join(template, 'seeded-at'));
    expect(usableDemoTemplate(template, now)).toBeNull();
  });

  it('copies the cluster and the files into a fresh data directory, and leaves the lock free', () => {
    const dataDir = path.join(dist, 'data');
    expect(copyDemoTemplate(template, dataDir, new Date('2026-11-27T02:00:00Z'))).toBe(true);
    // Seeded the same China day: nothing to move, but the copy says where its dates are.
    expect(pendingDemoShift(dataDir, new Date('2026-11-27T02:00:00Z'))).toBe(0);
    expect(fs.readFileSync(path.join(dataDir, 'pgdata', 'base', '5', '1259'), 'utf8')).toBe('catalogue');
    expect(fs.readFileSync(path.join(dataDir, 'files', 'seed', 'logo.png'), 'utf8')).toBe('png');
    expect(fs.existsSync(path.join(dataDir, 'pgdata.partial'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    // The template itself is untouched, and a data directory that has a cluster is never overwritten.
    expect(fs.existsSync(path.join(template, 'pgdata', 'PG_VERSION'))).toBe(true);
    fs.writeFileSync(path.join(dataDir, 'pgdata', 'base', '5', '1259'), 'changed');
    expect(copyDemoTemplate(template, dataDir, new Date('2026-11-27T02:00:00Z'))).toBe(false);
    expect(fs.readFileSync(path.join(dataDir, 'pgdata', 'base', '5', '1259'), 'utf8')).toBe('changed');
  });

  it('on a later China day, copies and leaves the dates to move by the whole China days between', () => {
    const dataDir = path.join(dist, 'data');
    // 2026-11-30 07:59 in China: three China days after 11-27 09:00, though not 72 hours.
    const now = new Date('2026-11-29T23:59:00Z');
    expect(copyDemoTemplate(template, dataDir, now)).toBe(true);
    expect(pendingDemoShift(dataDir, now)).toBe(3);
    // Still pending on a restart until moved (an interrupted start moves them next time), then nothing.
    expect(pendingDemoShift(dataDir, now)).toBe(3);
    demoShiftDone(dataDir);
    expect(pendingDemoShift(dataDir, now)).toBeNull();
  });

  it('copies nothing for a day before the seed (the seed runs instead), and a seeded directory has no shift', () => {
    const dataDir = path.join(dist, 'data');
    expect(copyDemoTemplate(template, dataDir, new Date('2026-11-26T02:00:00Z'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
    expect(pendingDemoShift(dataDir)).toBeNull();
  });
});

describe('the template cluster, copied without its unused WAL (decision 0247)', () => {
  const segment = (n: number) => `00000001000000000000000${n}`;

  it('copies a file with zero-filled stretches as holes that read back the same', () => {
    const from = path.join(dist, 'wal');
    const to = path.join(dist, 'copy');
    // 16 MB like a WAL segment: written records, a zero-filled stretch, a record, then zeros to the end.
    const data = Buffer.alloc(16 * 1024 * 1024);
    data.fill(7, 0, 300_000);
    data.fill(9, 5_000_000, 5_000_100);
    fs.writeFileSync(from, data, { mode: 0o600 });
    copyWithHoles(from, to);
    expect(fs.readFileSync(to).equals(data)).toBe(true);
    const st = fs.statSync(to);
    expect(st.size).toBe(data.length);
    expect(st.mode & 0o777).toBe(0o600);
    // Only the written stretches take blocks (64 KB chunks): well under a megabyte of the 16.
    expect(st.blocks * 512).toBeLessThan(1024 * 1024);
  });

  it('removes only the segments after the one in use, and none when the last write was near its end', () => {
    const pgdata = path.join(dist, 'pgdata');
    const wal = path.join(pgdata, 'pg_wal');
    for (const n of [3, 4, 5, 6]) write(path.join(wal, segment(n)), 'x');
    write(path.join(wal, 'archive_status', 'x.done'), '');
    write(path.join(wal, '000000020000000000000007'), 'another timeline');
    const size = 16 * 1024 * 1024;
    expect(dropRecycledWal(pgdata, { segment: segment(4), offset: size - 512 * 1024, segmentBytes: size })).toEqual([]);
    expect(dropRecycledWal(pgdata, { segment: 'not a segment', offset: 0, segmentBytes: size })).toEqual([]);
    expect(fs.readdirSync(wal).filter((f) => f.startsWith('0000000100')).length).toBe(4);
    expect(dropRecycledWal(pgdata, { segment: segment(4), offset: 4096, segmentBytes: size }).sort()).toEqual([segment(5), segment(6)]);
    expect(fs.readdirSync(wal).sort()).toEqual([segment(3), segment(4), '000000020000000000000007', 'archive_status']);
  });

  it('a cluster without its recycled segments and copied with holes opens, keeps its rows and makes new segments', async () => {
    const snapshot = inject('pgliteSnapshot');
    const load = snapshot && fs.existsSync(snapshot) ? { loadDataDir: await fs.openAsBlob(snapshot) } : {};
    const from = path.join(dist, 'from');
    const to = path.join(dist, 'to');
    const src = new PGlite(from, load);
    await src.exec(`create table probe (n int, pad text);
      insert into probe select g, repeat('x', 200) from generate_series(1, 2000) g`);
    // Segments switched and checkpointed: PostgreSQL renames the old ones into future segments.
    for (let i = 0; i < 3; i++) {
      await src.query('select pg_switch_wal()');
      await src.exec(`insert into probe values (0, 'y'); checkpoint`);
    }
    const inUse = (
      await src.query<{ segment: string; offset: number; segmentBytes: number }>(
        `select w.file_name as segment, w.file_offset as "offset",
           pg_size_bytes(current_setting('wal_segment_size'))::int as "segmentBytes"
         from pg_walfile_name_offset(pg_current_wal_lsn()) w`,
      )
    ).rows[0]!;
    await src.close();
    const segments = () => fs.readdirSync(path.join(from, 'pg_wal')).filter((f) => /^[0-9A-F]{24}$/.test(f));
    expect(segments().some((f) => f > inUse.segment)).toBe(true);
    expect(dropRecycledWal(from, inUse).length).toBeGreaterThan(0);
    expect(segments().every((f) => f <= inUse.segment)).toBe(true);

    copyCluster(from, to);
    const kept = path.join('pg_wal', inUse.segment);
    expect(fs.readFileSync(path.join(to, kept)).equals(fs.readFileSync(path.join(from, kept)))).toBe(true);
    expect(fs.statSync(path.join(to, kept)).blocks * 512).toBeLessThan(inUse.segmentBytes / 2);

    const copy = new PGlite(to);
    const count = async (db: PGlite) => (await db.query<{ n: number }>('select count(*)::int as n from probe')).rows[0]!.n;
    expect(await count(copy)).toBe(2003);
    // Past the segment in use: PostgreSQL makes the next one itself.
    await copy.exec(`insert into probe values (1, 'z')`);
    await copy.query('select pg_switch_wal()');
    await copy.exec(`insert into probe values (2, 'z'); checkpoint`);
    await copy.close();
    const again = new PGlite(to);
    expect(await count(again)).toBe(2005);
    await again.close();
  });
});
