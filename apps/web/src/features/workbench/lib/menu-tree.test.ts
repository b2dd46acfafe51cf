import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@aquamall/shared';
import { ancestorsOf, buildMenuTree } from './menu-tree.ts';

const m = (sysNo: number, parentSysNo: number, name: string, linkPath = ''): MenuItem => ({
  sysNo,
  parentSysNo,
  name,
  icon: '',
  linkPath,
});

describe('buildMenuTree', () => {
  it('nests children under their parents in server order and keeps the flat list untouched', () => {
    const flat = [
      m(1, 0, '采购管理'),
      m(2, 1, '我的询价', '/customer/enquiry'),
      m(3, 0, '消息中心'),
      m(4, 1, '采购订单', '/customer/order'),
      m(5, 3, '我的消息', '/customer/message/index'),
    ];
    const tree = buildMenuTree(flat);
    expect(tree.map((n) => n.name)).toEqual(['采购管理', '消息中心']);
    expect(tree[0]!.children!.map((n) => n.name)).toEqual(['我的询价', '采购订单']);
    expect(tree[1]!.children!.map((n) => n.linkPath)).toEqual(['/customer/message/index']);
    expect(flat[0]).not.toHaveProperty('children');
  });

  it('shows an entry whose parent is missing at the top level', () => {
    expect(buildMenuTree([m(2, 99, '孤儿', '/x')]).map((n) => n.name)).toEqual(['孤儿']);
  });

  it('survives a cycle', () => {
    const tree = buildMenuTree([m(1, 2, 'a'), m(2, 1, 'b')]);
    expect(tree.length).toBeGreaterThan(0);
  });

  it('finds the parents of an entry, top first', () => {
    const flat = [m(1, 0, 'a'), m(2, 1, 'b'), m(3, 2, 'c')];
    expect(ancestorsOf(flat, 3).map((x) => x.sysNo)).toEqual([1, 2]);
    expect(ancestorsOf(flat, 1)).toEqual([]);
  });
});
