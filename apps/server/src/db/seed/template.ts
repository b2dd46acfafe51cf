import fs from 'node:fs';
import path from 'node:path';
import { chinaDay } from '@aquamall/shared';
import { lockDataDir } from '../client.ts';
import { chinaDaysBetween } from './shift.ts';

/**
 * The seeded demo data directory made by the build (scripts/build.mjs, target `demo`): `pgdata` and `files`
 * exactly as `npm run seed` leaves a fresh data directory, `seeded-at` (the seed's moment, ISO) and
 * `server-build` (the build stamp of the compiled server that seeded it, `.build-stamp-server`). A fresh
 * data directory copies it instead of seeding (docs/decisions/0193): a copy takes a fraction of a second where
 * the seed takes seconds. The demo data are relative to the seed's moment, so a copy made later the same day is
 * the marketplace of a server seeded this morning and restarted now (timed rules catch up as on any restart);
 * a copy made on a later China day has its dates moved by the whole days between (shift.ts, decision 0213), so
 * the dates are today's as if seeded today.
 */
export const DEMO_TEMPLATE_STAMP = 'seeded-at';

/** The template next to the embedded cluster template (both in apps/server/dist). */
export const demoTemplateDir = (pgTemplate: string): string => path.join(path.dirname(pgTemplate), 'demo-template');

/**
 * The seed moment of a usable template, or null: absent or unfinished, of a China day after `now`'s (a clock
 * set back: its dates cannot be moved back into the past meaningfully), or seeded by another build of the
 * server than the one in `dist` (its seed may differ). Only the compiled server uses it: run from source, the
 * sources may differ from the last build.
 */
export function usableDemoTemplate(dir: string, now = new Date()): Date | null {
  let seededAt: Date;
  try {
    const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8').trim();
    const serverStamp = fs.readFileSync(path.join(path.dirname(dir), '.build-stamp-server'), 'utf8').trim();
    if (!serverStamp || read('server-build') !== serverStamp) return null;
    seededAt = new Date(read(DEMO_TEMPLATE_STAMP));
  } catch {
    return null;
  }
  if (Number.isNaN(seededAt.getTime()) || !fs.existsSync(path.join(dir, 'pgdata', 'PG_VERSION'))) return null;
  return chinaDaysBetween(chinaDay(seededAt), chinaDay(now)) >= 0 ? seededAt : null;
}

/**
 * In a data directory made from the template: the template's seed moment, until its dates have been moved to
 * the day of the start that copied it (`pendingDemoShift`). Written before the cluster is renamed into place, so
 * a start interrupted before the shift committed shifts on the next start.
 */
export const DEMO_SHIFT_PENDING = 'demo-dates-of';

/**
 * Copies a usable template into a data directory that has no cluster yet (its lock held meanwhile): the files
 * first, then the cluster under another name and renamed, so an interrupted copy is never taken for a seeded
 * database. Returns false (nothing copied) when the template is not usable. The copy's dates are moved by the
 * caller (`pendingDemoShift`, `shiftDemoDates`) before the server opens it.
 */
export function copyDemoTemplate(dir: string, dataDir: string, now = new Date()): boolean {
  const seededAt = usableDemoTemplate(dir, now);
  if (!seededAt) return false;
  fs.mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const pgdata = path.join(dataDir, 'pgdata');
    if (fs.existsSync(pgdata)) return false;
    const files = path.join(dir, 'files');
    if (fs.existsSync(files)) fs.cpSync(files, path.join(dataDir, 'files'), { recursive: true });
    const partial = `${pgdata}.partial`;
    fs.rmSync(partial, { recursive: true, force: true });
    copyCluster(path.join(dir, 'pgdata'), partial);
    fs.writeFileSync(path.join(dataDir, DEMO_SHIFT_PENDING), seededAt.toISOString());
    fs.renameSync(partial, pgdata);
    return true;
  } finally {
    release();
  }
}

/**
 * The whole China days the dates of a data directory copied from the template must still move to be `now`'s,
 * or null when nothing is pending (not a copy, or already moved). Call `demoShiftDone` once moved.
 */
export function pendingDemoShift(dataDir: string, now = new Date()): number | null {
  let seededAt: Date;
  try {
    seededAt = new Date(fs.readFileSync(path.join(dataDir, DEMO_SHIFT_PENDING), 'utf8').trim());
  } catch {
    return null;
  }
  if (Number.isNaN(seededAt.getTime())) return null;
  return Math.max(0, chinaDaysBetween(chinaDay(seededAt), chinaDay(now)));
}

/** The copy's dates are today's: nothing pending any more. */
export function demoShiftDone(dataDir: string): void {
  fs.rmSync(path.join(dataDir, DEMO_SHIFT_PENDING), { force: true });
}

/** A WAL segment file's name (timeline and segment number, 24 hex digits), as in `pg_wal`. */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;
const isWalSegment = (file: string) => WAL_SEGMENT.test(path.basename(file)) && path.basename(path.dirname(file)) === 'pg_wal';

/**
 * Copies an embedded cluster's directory. Its WAL segments are copied without their zero-filled tails: a
 * segment is a fixed 16 MB file that PostgreSQL fills with zeros before writing, and the template's is mostly
 * unwritten, so those parts become holes of the copy (read back as the same zeros) instead of being written
 * (decision 0247). Every other file is copied whole.
 */
export function copyCluster(from: string, to: string): void {
  const segments: string[] = [];
  fs.cpSync(from, to, {
    recursive: true,
    filter: (src) => {
      if (!isWalSegment(src)) return true;
      segments.push(src);
      return false;
    },
  });
  for (const src of segments) copyWithHoles(src, path.join(to, path.relative(from, src)));
}

const CHUNK = 64 * 1024;
const ZEROS = Buffer.alloc(CHUNK);

/** Copies a file, leaving its all-zero 64 KB chunks as holes; the copy reads back byte for byte the same. */
export function copyWithHoles(from: string, to: string): void {
  const source = fs.openSync(from, 'r');
  try {
    const target = fs.openSync(to, 'w', fs.fstatSync(source).mode & 0o777);
    try {
      const buf = Buffer.allocUnsafe(CHUNK);
      let at = 0;
      for (;;) {
        const n = fs.readSync(source, buf, 0, CHUNK, at);
        if (n === 0) break;
        if (!buf.subarray(0, n).equals(ZEROS.subarray(0, n))) fs.writeSync(target, buf, 0, n, at);
        at += n;
      }
      fs.ftruncateSync(target, at);
    } finally {
      fs.closeSync(target);
    }
  } finally {
    fs.closeSync(source);
  }
}

/**
 * The build's template keeps only the WAL it needs: the segment holding its last checkpoint (`inUse`, taken
 * after a CHECKPOINT with nothing written since, then the cluster closed) and those before it. The later ones
 * are segments PostgreSQL recycled ahead of use — 16 MB each of old WAL that every copy would carry; it makes
 * a new one when it needs it. Nothing is removed when the last write was near the segment's end
 * (`offset` within 1 MB of `segmentBytes`), where closing the cluster may have begun the next one.
 * Answers the names removed.
 */
export function dropRecycledWal(pgdata: string, inUse: { segment: string; offset: number; segmentBytes: number }): string[] {
  if (!WAL_SEGMENT.test(inUse.segment) || inUse.offset > inUse.segmentBytes - 1024 * 1024) return [];
  const dir = path.join(pgdata, 'pg_wal');
  const timeline = inUse.segment.slice(0, 8);
  const later = fs.readdirSync(dir).filter((f) => WAL_SEGMENT.test(f) && f.startsWith(timeline) && f > inUse.segment);
  for (const f of later) fs.rmSync(path.join(dir, f));
  return later;
}
