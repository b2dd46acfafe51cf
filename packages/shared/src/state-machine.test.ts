import { describe, expect, it } from 'vitest';
import { defineMachine, stateMatrix } from './state-machine.ts';

const Doc = { DRAFT: 0, OPEN: 1, DONE: 2, CANCELLED: 9 } as const;
type DocState = (typeof Doc)[keyof typeof Doc];

const machine = defineMachine<DocState, 'submit' | 'finish' | 'cancel' | 'note', { paid: boolean }>({
  document: '测试单',
  states: { [Doc.DRAFT]: '草稿', [Doc.OPEN]: '进行中', [Doc.DONE]: '已完成', [Doc.CANCELLED]: '已取消' },
  actions: {
    submit: {
      from: [Doc.DRAFT],
      to: Doc.OPEN,
      by: ['buyer'],
      permissions: ['doc:edit'],
      label: '提交',
      starts: ['doc.timeout'],
    },
    finish: {
      from: [Doc.OPEN],
      to: Doc.DONE,
      by: ['seller', 'system'],
      label: '完成',
      when: (c) => c.paid,
      whenRefusal: '尚未付款，不能完成',
      stops: ['doc.timeout'],
    },
    cancel: {
      from: [Doc.DRAFT, Doc.OPEN],
      to: Doc.CANCELLED,
      by: ['buyer', 'seller'],
      label: '取消',
      refusal: '该单据已结束，不能取消',
    },
    note: { from: [Doc.OPEN], by: ['seller'], permissions: ['doc:note', 'doc:edit'], label: '备注' },
  },
});

describe('state machine kernel', () => {
  it('refuses a wrong state with the table text or the default one', () => {
    expect(machine.refusal('submit', Doc.OPEN)).toBe('测试单当前状态为进行中，不能提交');
    expect(machine.refusal('cancel', Doc.DONE)).toBe('该单据已结束，不能取消');
    expect(machine.refusal('submit', Doc.DRAFT)).toBeNull();
    expect(machine.refusal('submit', 42)).toBe('测试单当前状态为42，不能提交');
  });

  it('checks the condition on the same context for the command and the button', () => {
    expect(machine.refusal('finish', Doc.OPEN, { paid: false })).toBe('尚未付款，不能完成');
    expect(machine.can('finish', Doc.OPEN, { paid: true })).toBe(true);
    expect(machine.available(Doc.OPEN, { side: 'seller' }, { paid: false })).toEqual(['cancel']);
    expect(
      machine.available(Doc.OPEN, { side: 'seller', permissions: ['doc:note'] }, { paid: true }),
    ).toEqual(['finish', 'cancel', 'note']);
  });

  it('derives buttons from side and permission', () => {
    expect(machine.available(Doc.DRAFT, { side: 'buyer' }, { paid: false })).toEqual(['cancel']);
    expect(
      machine.available(Doc.DRAFT, { side: 'buyer', permissions: new Set(['doc:edit']) }, { paid: false }),
    ).toEqual(['submit', 'cancel']);
    expect(machine.allows('finish', { side: 'system' })).toBe(true);
    expect(machine.allows('finish', { side: 'buyer' })).toBe(false);
  });

  it('leads to the table state, or stays for an action without one', () => {
    expect(machine.next('submit', Doc.DRAFT)).toBe(Doc.OPEN);
    expect(machine.next('note', Doc.OPEN)).toBe(Doc.OPEN);
    expect(machine.label(Doc.CANCELLED)).toBe('已取消');
  });

  it('lists every action and state pair for the table walk', () => {
    const m = stateMatrix(machine);
    expect(m).toHaveLength(4 * 4);
    expect(m.filter((r) => r.allowed).map((r) => `${r.action}@${r.state}`)).toEqual([
      'submit@0',
      'finish@1',
      'cancel@0',
      'cancel@1',
      'note@1',
    ]);
  });

  it('refuses a table that names an unknown state', () => {
    expect(() =>
      defineMachine<0 | 1, 'go', undefined>({
        document: '坏表',
        states: { 0: 'a', 1: 'b' },
        actions: { go: { from: [0], to: 5 as 1, by: ['buyer'], label: '走' } },
      }),
    ).toThrow(/unknown state 5/);
  });

  it('takes per-side states and permissions, a refusal built from the context, history names and labels', () => {
    const m = defineMachine<0 | 1 | 2, 'cancel' | 'settle', { days: number; open: boolean }>({
      document: '测试单',
      states: { 0: '新建', 1: '已付', 2: '已取消' },
      historyLabels: { create: '创建' },
      actions: {
        cancel: {
          from: [0, 1],
          fromBy: { buyer: [0] },
          to: 2,
          by: ['buyer', 'seller'],
          permissionsBy: { buyer: ['b:edit'], seller: ['s:edit'] },
          label: '取消',
          button: '取消单据',
          history: '取消单据',
          when: (c, by) => by === 'seller' || c.open,
          whenRefusal: (c) => `超过${c.days}天，不能取消`,
        },
        settle: { from: [1], by: ['seller'], label: '结算', historyAction: 'settle_done', alsoTo: [2] },
      },
    });
    const ctx = { days: 7, open: false };
    expect(m.refusal('cancel', 1, ctx, 'buyer')).toBe('测试单当前状态为已付，不能取消');
    expect(m.refusal('cancel', 0, ctx, 'buyer')).toBe('超过7天，不能取消');
    expect(m.refusal('cancel', 1, ctx, 'seller')).toBeNull();
    expect(m.fromOf('cancel', 'buyer')).toEqual([0]);
    expect(m.available(1, { side: 'seller', permissions: ['s:edit'] }, ctx)).toEqual(['cancel', 'settle']);
    expect(m.available(1, { side: 'seller', permissions: ['b:edit'] }, ctx)).toEqual(['settle']);
    expect(m.available(0, { side: 'buyer', permissions: ['b:edit'] }, { ...ctx, open: true })).toEqual([
      'cancel',
    ]);
    expect(m.historyLabel('cancel')).toBe('取消单据');
    expect(m.historyLabel('settle_done')).toBe('结算');
    expect(m.historyLabel('create')).toBe('创建');
    expect(m.historyLabel('other')).toBe('other');
    expect(stateMatrix(m, 'buyer').map((r) => `${r.action}@${r.state}:${r.allowed}`)).toEqual([
      'cancel@0:true',
      'cancel@1:false',
      'cancel@2:false',
    ]);
  });

  it('labels history rows: the action label, 创建<document> for a new one, an unknown action as it is', () => {
    expect(machine.historyLabel('submit')).toBe('提交');
    expect(machine.historyLabel('create')).toBe('创建测试单');
    expect(machine.historyLabel('import')).toBe('import');
  });
});
