import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { PurchaseRequestStatus as P, type LiveEvent } from '@aquamall/shared';
import { messageEndpoints as m, purchaseRequestEndpoints as p } from '@aquamall/shared/endpoints';
import { purchaseRequestApprovers, userRoles } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/use-app.ts';
import { callEndpoint } from '../../test/http.ts';
import { checkoutApprovalCart, createApprovalRule, giveRole, makeApprovalCompany } from '../../test/factories/index.ts';

// A requester who is also an approver of the rule (decision 0241): never asked to approve their own request —
// not an approver of it, and no 待您审批 in their inbox or as a live pop-up; the other approver is asked.
const t = useTestApp();
const { db } = t;

let base = '';
async function socketBase() {
  base ||= (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  return base;
}

/** A live socket of `token`, collecting what it is sent; `hello` resolves once it is signed in. */
async function live(token: string) {
  const ws = new WebSocket(`${await socketBase()}/api/ws`);
  const events: LiveEvent[] = [];
  const hello = new Promise<void>((resolve) =>
    ws.on('message', (raw) => {
      const e = JSON.parse(String(raw)) as LiveEvent;
      events.push(e);
      if (e.type === 'hello') resolve();
    }),
  );
  ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
  await hello;
  return { ws, events };
}

const titles = async (token: string) =>
  (await callEndpoint(t.app, token, m.messageList, { pageIndex: 1, pageSize: 50 })).data.list.map((r) => r.title);

/** The buyer (administrator) also holds 财务; the rule ≥ ¥50,000 needs one 财务 — the buyer or the finance manager. */
async function scene(name: string) {
  const co = await makeApprovalCompany(db(), name);
  await giveRole(db(), co.buyer.id, co.financeRoleId);
  expect((await createApprovalRule(t.app, co.buyer.token, { name: '财务审批', minAmount: 50_000, steps: [{ kind: 'role', roleId: co.financeRoleId }] })).code).toBe(0);
  return co;
}

describe('a requester who is also an approver', () => {
  it('is not an approver of their own request and gets no 待您审批, in the inbox or live; the other approver does', async () => {
    const co = await scene('自审');
    const [mine, theirs, head] = await Promise.all([live(co.buyer.token), live(co.finance.token), live(co.head.token)]);
    const res = await checkoutApprovalCart(t.app, co, 6);
    expect(res.code).toBe(0);
    const { id, requestNo } = res.data.purchaseRequest!;
    const asked = `采购申请 ${requestNo} 待您审批`;

    // Only the finance manager decides it.
    const approvers = await db().select().from(purchaseRequestApprovers).where(eq(purchaseRequestApprovers.requestId, id));
    expect(approvers.map((a) => a.userId)).toEqual([co.finance.id]);
    const todo = async (token: string) => (await callEndpoint(t.app, token, p.purchaseRequestList, { pageIndex: 1, pageSize: 10, scope: 'todo' })).data.list;
    expect(await todo(co.buyer.token)).toEqual([]);
    expect((await todo(co.finance.token)).map((r) => r.sysNo)).toEqual([id]);

    // The approver is asked, live and in the inbox; the requester and the head (not an approver) are not.
    await expect.poll(() => theirs.events.some((e) => e.type === 'message' && e.message.title === asked), { timeout: 5000 }).toBe(true);
    expect(await titles(co.finance.token)).toContain(asked);
    await new Promise((r) => setTimeout(r, 300));
    for (const s of [mine, head]) expect(s.events.filter((e) => e.type === 'message').map((e) => e.type === 'message' && e.message.title)).not.toContain(asked);
    expect(await titles(co.buyer.token)).not.toContain(asked);
    expect(await titles(co.head.token)).not.toContain(asked);
    // The badge counts only what the member's inbox shows.
    const unread = async (token: string) => (await callEndpoint(t.app, token, m.messageUnreadCount)).data.count;
    expect(await unread(co.buyer.token)).toBe(0);
    expect(await unread(co.finance.token)).toBeGreaterThan(0);

    // Nor may the requester approve it, by the API.
    const self = await callEndpoint(t.app, co.buyer.token, p.purchaseRequestApprove, { sysNo: id, comment: '' });
    expect(self.message).toBe('当前审批步骤不需要您审批');
    // Reading or deleting another member's message by id changes nothing.
    const [theirMsg] = (await callEndpoint(t.app, co.finance.token, m.messageList, { pageIndex: 1, pageSize: 50 })).data.list.filter((r) => r.title === asked);
    expect((await callEndpoint(t.app, co.buyer.token, m.messageRead, { ids: [theirMsg!.id] })).data).toEqual({ updated: 0 });
    expect((await callEndpoint(t.app, co.buyer.token, m.messageDelete, { ids: [theirMsg!.id] })).data).toEqual({ deleted: 0 });

    // The approver decides; the requester is told, in their own inbox and live.
    const ok = await callEndpoint(t.app, co.finance.token, p.purchaseRequestApprove, { sysNo: id, comment: '同意' });
    expect(ok.data.status).toBe(P.APPROVED);
    const told = `采购申请 ${requestNo} 已审批通过`;
    await expect.poll(() => mine.events.some((e) => e.type === 'message' && e.message.title === told), { timeout: 5000 }).toBe(true);
    expect(await titles(co.buyer.token)).toContain(told);
    expect(await titles(co.finance.token)).not.toContain(told);
    for (const s of [mine, theirs, head]) s.ws.close();
  });

  it('a step only the requester could decide is passed over: the checkout orders at once, nobody is asked', async () => {
    const co = await makeApprovalCompany(db(), '自审唯一');
    // The finance manager leaves the role: the buyer is its only holder.
    await giveRole(db(), co.buyer.id, co.financeRoleId);
    await db().delete(userRoles).where(eq(userRoles.userId, co.finance.id));
    expect((await createApprovalRule(t.app, co.buyer.token, { name: '财务审批', minAmount: 50_000, steps: [{ kind: 'role', roleId: co.financeRoleId }] })).code).toBe(0);
    const res = await checkoutApprovalCart(t.app, co, 6);
    expect(res.code).toBe(0);
    expect(res.data.purchaseRequest).toBeUndefined();
    expect(res.data.orders).toHaveLength(1);
    expect((await titles(co.buyer.token)).some((x) => x.includes('待您审批'))).toBe(false);
  });
});
