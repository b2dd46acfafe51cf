import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('readiness on a working server', () => {
  it('reports every check ok on a migrated database with working storage', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      message: '',
      data: { status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } },
    });
    // The storage probe leaves nothing behind.
    expect(fs.readdirSync(`${t.filesDir}/health`)).toEqual([]);
  });

  it('stays ready under concurrent probes (each probe writes its own storage object)', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => t.app.inject({ method: 'GET', url: '/api/ready' })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 12 }, () => 200));
  });

  it('answers 503 naming the storage when files cannot be written', async () => {
    fs.rmSync(t.filesDir, { recursive: true, force: true });
    fs.writeFileSync(t.filesDir, 'not a directory');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        message: '服务未就绪：文件存储异常',
        data: { status: 'unready', checks: { database: 'ok', migrations: 'ok', storage: 'failed' } },
      });
    } finally {
      fs.rmSync(t.filesDir, { force: true });
      fs.mkdirSync(t.filesDir);
    }
  });

  it('counts a migration missing from the database as not ready', async () => {
    const [last] = (
      (await t.database.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`)) as unknown as {
        rows: { id: number; hash: string; created_at: string }[];
      }
    ).rows;
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ data: { checks: { migrations: expect.stringMatching(/^pending 1 of \d+$/) } } });
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('answers 503 while the server drains', async () => {
    t.app.lifecycle.draining = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 503, message: '服务正在停止', data: { status: 'draining' } });
    } finally {
      t.app.lifecycle.draining = false;
    }
  });
});

describe('with the database closed', () => {
  let closed: TestApp;
  beforeAll(async () => {
    closed = await createTestApp();
    await closed.database.close();
  });
  afterAll(async () => closed?.close().catch(() => undefined)); // the database is already closed

  it('health still answers: liveness never touches the database', async () => {
    const res = await closed.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { status: 'ok' } });
  });

  it('ready answers 503 naming the database', async () => {
    const res = await closed.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    const body = res.json() as { code: number; message: string; data: { checks: Record<string, string> } };
    expect(body.code).toBe(503);
    expect(body.message).toContain('数据库');
    expect(body.data.checks.database).not.toBe('ok');
    expect(body.data.checks.storage).toBe('ok');
  });
});
