import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { defineMachine, Side } from '@aquamall/shared';
import { jobs } from '../db/schema/index.ts';
import { jobClocks } from '../modules/jobs/schedule.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { historyOf, transition } from './transition.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const machine = defineMachine<0 | 1 | 2, 'open' | 'close', undefined>({
  document: '测试单',
  states: { 0: '草稿', 1: '进行中', 2: '已关闭' },
  actions: {
    open: { from: [0], to: 1, by: ['buyer'], label: '开启', starts: ['test.transition_timeout'] },
    close: { from: [1], to: 2, by: ['seller', 'system'], label: '关闭', stops: ['test.transition_timeout'] },
  },
});
const actor = { side: Side.BUYER, userId: null, userName: '测试' };

describe('transition runner', () => {
  it('guards, applies, moves the clocks and writes one history row', async () => {
    const db = t.database.db;
    const applied: number[] = [];
    const due = new Date(Date.now() + 3_600_000);
    await db.transaction(async (tx) => {
      const to = await transition(tx, {
        machine,
        action: 'open',
        docType: 'test',
        docId: 7001,
        from: 0,
        actor,
        apply: async (s) => void applied.push(s),
        clocks: { 'test.transition_timeout': due },
        jobs: jobClocks,
        note: '开始',
      });
      expect(to).toBe(1);
    });
    expect(applied).toEqual([1]);
    const pending = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'test.transition_timeout'), eq(jobs.refId, 7001), eq(jobs.status, 0)));
    expect(pending).toHaveLength(1);

    await db.transaction((tx) =>
      transition(tx, { machine, action: 'close', docType: 'test', docId: 7001, from: 1, actor: { ...actor, side: Side.SYSTEM }, jobs: jobClocks }),
    );
    const still = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'test.transition_timeout'), eq(jobs.refId, 7001), eq(jobs.status, 0)));
    expect(still).toHaveLength(0);
    const h = await historyOf(db, 'test', 7001);
    expect(h.map((r) => [r.action, r.fromStatus, r.toStatus, r.side, r.note])).toEqual([
      ['open', 0, 1, Side.BUYER, '开始'],
      ['close', 1, 2, Side.SYSTEM, ''],
    ]);
  });

  it('refuses a wrong state in Chinese and writes nothing', async () => {
    const db = t.database.db;
    let applied = false;
    await expect(
      db.transaction((tx) =>
        transition(tx, {
          machine,
          action: 'close',
          docType: 'test',
          docId: 7002,
          from: 0,
          actor,
          apply: async () => void (applied = true),
        }),
      ),
    ).rejects.toMatchObject({ message: '测试单当前状态为草稿，不能关闭' });
    expect(applied).toBe(false);
    expect(await historyOf(db, 'test', 7002)).toHaveLength(0);
  });
});
