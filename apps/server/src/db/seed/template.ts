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
    fs.cpSync(path.join(dir, 'pgdata'), partial, { recursive: true });
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
