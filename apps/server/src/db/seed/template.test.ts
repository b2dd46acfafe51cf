import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyDemoTemplate, demoTemplateDir, usableDemoTemplate } from './template.ts';

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

  it('is used on the China day it was seeded, and not on the next', () => {
    expect(usableDemoTemplate(template, new Date('2026-11-27T15:59:00Z'))).toEqual(seededAt); // 23:59 in China
    expect(usableDemoTemplate(template, new Date('2026-11-27T16:00:00Z'))).toBeNull(); // 00:00 the next day
    expect(usableDemoTemplate(template, new Date('2026-11-26T15:59:00Z'))).toBeNull();
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

  it('copies nothing on another day (the seed runs instead)', () => {
    const dataDir = path.join(dist, 'data');
    expect(copyDemoTemplate(template, dataDir, new Date('2026-11-28T02:00:00Z'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
  });
});
