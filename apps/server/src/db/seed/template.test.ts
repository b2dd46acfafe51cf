import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyDemoTemplate, demoShiftDone, demoTemplateDir, pendingDemoShift, usableDemoTemplate } from './template.ts';

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
