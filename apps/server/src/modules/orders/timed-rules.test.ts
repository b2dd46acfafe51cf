import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { ORDER_CLOCKS, OrderStatus, Side, StockReason } from '@aquamall/shared';
import { build } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { jobs, messages, documentHistory, orders, productSkus, stockLedger } from '../../db/schema/index.ts';
import { createPgDatabase, testDbKind } from '../../test/app.ts';
import { useTestApp } from '../../test/use-app.ts';
import {
  advanceOrder,
  callerFor,
  makeOnSaleProduct,
  makeOrder,
  makePurchaser,
  makeSupplier,
  makeTradeOrder,
  proofFile,
} from '../../test/factories/index.ts';
import { addHours, scheduleJob } from '../jobs/schedule.ts';
import { registerJob, runDueJobs, MAX_ATTEMPTS } from '../jobs/runner.ts';
import { confirmOrder, payOrder } from './lifecycle.ts';

const t = useTestApp();
const { db } = t;
const T0 = new Date('2030-01-01T00:00:00Z');
const order = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const jobOf = async (id: number, kind: string) =>
  (
    await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.refId, id), eq(jobs.kind, kind)))
      .orderBy(jobs.id)
  ).at(-1)!;

async function scene(name: string, quantity = 6) {
  return makeTradeOrder(db(), name, { skus: [{ price: 10, stock: 100 }], quantity, now: T0, payee: true });
}

describe('timed rules of orders', () => {
  it('cancels an unconfirmed order after confirmHours (system side, stock released), once', async () => {
    const s = await scene('超时确认');
    const rules = t.app.config.orderRules;
    // An hour before: only the reminder (订单即将自动取消, decision 0211) and the events' dispatch have run.
    await runDueJobs(db(), addHours(T0, rules.confirmHours - 1));
    expect((await jobOf(s.id, ORDER_CLOCKS.CONFIRM_TIMEOUT)).status).toBe(0);
    expect((await order(s.id)).status).toBe(OrderStatus.TO_CONFIRM);
    await runDueJobs(db(), addHours(T0, rules.confirmHours));
    expect(await order(s.id)).toMatchObject({
      status: OrderStatus.CANCELLED,
      cancelledBy: Side.SYSTEM,
      cancelReason: '供应商超时未确认，系统自动取消',
    });
    const [skuRow] = await db().select().from(productSkus).where(eq(productSkus.id, s.skuId));
    expect(skuRow).toMatchObject({ onHand: 100, reserved: 0 });
    expect((await jobOf(s.id, ORDER_CLOCKS.CONFIRM_TIMEOUT)).status).toBe(1);
    await runDueJobs(db(), addHours(T0, 1000));
    const cancels = await db()
      .select()
      .from(documentHistory)
      .where(and(eq(documentHistory.docType, 'order'), eq(documentHistory.docId, s.id), eq(documentHistory.action, 'cancel')));
    expect(cancels).toHaveLength(1);
    const inbox = await db().select().from(messages).where(eq(messages.companyId, s.buyer.companyId));
    expect(inbox.some((m) => m.title.startsWith('订单已取消'))).toBe(true);
  });

  it('cancels an unpaid order after payHours, but not while a transfer proof waits', async () => {
    const rules = t.app.config.orderRules;
    const a = await scene('超时付款');
    await confirmOrder(db(), await callerFor(db(), a.seller.admin.id), a.id, rules, T0);
    await runDueJobs(db(), addHours(T0, rules.payHours));
    expect(await order(a.id)).toMatchObject({ status: OrderStatus.CANCELLED, cancelledBy: Side.SYSTEM });

    const b = await scene('凭证待确认');
    await confirmOrder(db(), await callerFor(db(), b.seller.admin.id), b.id, rules, T0);
    await payOrder(
      db(),
      await callerFor(db(), b.buyer.id),
      { orderId: b.id, method: 1, proofFiles: [await proofFile(db(), b.buyer.companyId, b.buyer.id)] },
      T0,
    );
    // Even a stray pending job (scheduled by hand) leaves an order with a waiting proof alone.
    await scheduleJob(db(), ORDER_CLOCKS.PAY_TIMEOUT, b.id, T0);
    await runDueJobs(db(), addHours(T0, rules.payHours * 2));
    expect((await order(b.id)).status).toBe(OrderStatus.TO_PAY);
  });

  it('receives automatically autoReceiveDays after the last shipment, and leaves an order that moved on alone', async () => {
    const rules = t.app.config.orderRules;
    const s = await scene('自动收货');
    await advanceOrder(db(), s.id, s.sides, OrderStatus.PART_SHIPPED, { now: T0 });
    expect(
      await db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.refId, s.id), eq(jobs.kind, ORDER_CLOCKS.AUTO_RECEIVE))),
    ).toEqual([]);
    const last = addHours(T0, 24);
    await advanceOrder(db(), s.id, s.sides, OrderStatus.TO_RECEIVE, { now: last });
    expect((await jobOf(s.id, ORDER_CLOCKS.AUTO_RECEIVE)).runAt.getTime()).toBe(
      addHours(last, rules.autoReceiveDays * 24).getTime(),
    );
    await runDueJobs(db(), addHours(last, rules.autoReceiveDays * 24 - 1));
    expect((await order(s.id)).status).toBe(OrderStatus.TO_RECEIVE);
    await runDueJobs(db(), addHours(last, rules.autoReceiveDays * 24));
    expect(await order(s.id)).toMatchObject({ status: OrderStatus.COMPLETED });

    // A confirm-timeout job left on a confirmed order does nothing.
    const moved = await scene('已确认');
    await advanceOrder(db(), moved.id, moved.sides, OrderStatus.TO_PAY, { now: T0 });
    await scheduleJob(db(), ORDER_CLOCKS.CONFIRM_TIMEOUT, moved.id, T0);
    await runDueJobs(db(), addHours(T0, 1));
    expect((await order(moved.id)).status).toBe(OrderStatus.TO_PAY);
    expect((await jobOf(moved.id, ORDER_CLOCKS.CONFIRM_TIMEOUT)).status).toBe(1);
  });
});

describe('job runner', () => {
  it('rolls a failing handler back to its savepoint, retries later with backoff and gives up after MAX_ATTEMPTS', async () => {
    const seller = await makeSupplier(db(), '失败任务供应商');
    registerJob('test.fail', async (tx, job) => {
      await tx.insert(messages).values({ companyId: job.refId, type: 'test', title: '不应留下' });
      throw new Error('boom');
    });
    await scheduleJob(db(), 'test.fail', seller.id, T0);
    let now = T0;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const r = await runDueJobs(db(), now);
      expect(r.failed).toBe(1);
      const job = await jobOf(seller.id, 'test.fail');
      expect(job).toMatchObject({
        attempts: attempt,
        lastError: 'boom',
        status: attempt < MAX_ATTEMPTS ? 0 : 3,
      });
      expect(job.runAt.getTime()).toBeGreaterThan(now.getTime());
      now = job.runAt;
    }
    expect((await runDueJobs(db(), addHours(now, 1000))).failed).toBe(0);
    expect(
      await db()
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, seller.id), eq(messages.type, 'test'))),
    ).toEqual([]);
  });

  it('runs the due jobs once at start and stops cleanly on close (JOBS_RUNNER=1)', async () => {
    const s = await scene('启动运行');
    await db()
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.refId, s.id), inArray(jobs.kind, Object.values(ORDER_CLOCKS))));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: t.filesDir,
      LOG_LEVEL: 'silent',
      DEMO: '1',
      JOBS_RUNNER: '1',
      JOBS_POLL_MS: '3600000',
    });
    const app = await build({ config, database: t.database, logger: false });
    await app.ready();
    await app.close();
    expect((await order(s.id)).status).toBe(OrderStatus.CANCELLED);
  });
});

describe('two app instances on one database', () => {
  let dbs: Database[] = [];
  let drop = async () => {};
  afterAll(async () => {
    for (const d of dbs) await d.close();
    await drop();
  });

  it('fire each due job exactly once when both run at the same time, and pending rows survive a restart', async () => {
    let open: () => Promise<Database>;
    if (testDbKind === 'pg') {
      const created = await createPgDatabase();
      drop = created.drop;
      open = () => openDatabase({ url: created.url, poolSize: 4 });
    } else {
      open = async () => t.database; // one embedded database: both instances share it
    }
    const first = await open();
    dbs = testDbKind === 'pg' ? [first] : [];
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.filesDir, LOG_LEVEL: 'silent', DEMO: '1' });
    const appA = await build({ config, database: first, logger: false });
    await appA.ready();
    const seller = await makeSupplier(first.db, '并发任务供应商');
    const buyer = await makePurchaser(first.db, '并发任务采购商');
    const { skuIds } = await makeOnSaleProduct(first.db, seller, { skus: [{ price: 10, stock: 1000 }] });
    const ids: number[] = [];
    for (let i = 0; i < 30; i++)
      ids.push(
        (await makeOrder(first.db, buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 2 }], { now: T0 })).id,
      );
    // A restart: instance A goes away with every job still pending; A' and B come up on the same database.
    await appA.close();
    const second = await open();
    const third = await open();
    if (testDbKind === 'pg') dbs.push(second, third);
    const [appA2, appB] = [
      await build({ config, database: second, logger: false }),
      await build({ config, database: third, logger: false }),
    ];
    await Promise.all([appA2.ready(), appB.ready()]);
    // On the shared embedded database the previous test's runner scheduled recurring jobs (the counters'
    // compaction, decision 0113, and other modules' housekeeping); this test counts the orders' timed rules only.
    await third.db.delete(jobs).where(notInArray(jobs.kind, Object.values(ORDER_CLOCKS)));
    const due = addHours(T0, 1000);
    const [ra, rb] = await Promise.all([
      runDueJobs(second.db, due),
      runDueJobs(third.db, due),
    ]);
    // Each order's clock ran once (the cancellations' domain events are dispatched in the same runs: decision 0211).
    const fired = await third.db
      .select({ n: sql<number>`count(*)::int`, attempts: sql<number>`sum(attempts)::int` })
      .from(jobs)
      .where(and(eq(jobs.kind, ORDER_CLOCKS.CONFIRM_TIMEOUT), inArray(jobs.refId, ids), eq(jobs.status, 1)));
    expect(fired[0]).toEqual({ n: 30, attempts: 30 });
    expect(ra.done + rb.done).toBeGreaterThanOrEqual(30);
    const cancels = await third.db
      .select({ n: sql<number>`count(*)::int` })
      .from(documentHistory)
      .where(and(eq(documentHistory.docType, 'order'), inArray(documentHistory.docId, ids), eq(documentHistory.action, 'cancel')));
    expect(cancels[0]!.n).toBe(30);
    const releases = await third.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockLedger)
      .where(
        and(
          inArray(stockLedger.docId, ids),
          eq(stockLedger.docType, 'order'),
          eq(stockLedger.reason, StockReason.RELEASE),
        ),
      );
    expect(releases[0]!.n).toBe(30);
    const [skuRow] = await third.db.select().from(productSkus).where(eq(productSkus.id, skuIds[0]!));
    expect(skuRow).toMatchObject({ onHand: 1000, reserved: 0 });
    await appA2.close();
    await appB.close();
  });
});
