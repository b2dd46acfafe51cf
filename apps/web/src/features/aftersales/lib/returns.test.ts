import { describe, expect, it } from 'vitest';
import { AddressKind, ReturnDisposition, type AddressRow, type RmaLineView } from '@aquamall/shared';
import { addressText, approveBody, dispositionSummary, initialApprove, initialDispositions, receiptLines, returnAddresses } from './returns.ts';

const address = (sysNo: number, kind: number, isDefault = false): AddressRow => ({
  sysNo,
  kind,
  isDefault,
  receiver: '张三',
  phone: '13800000000',
  area: [110000, 110100, 110101],
  areaName: '北京市 北京市 东城区',
  detail: '东城区一号',
});
const line = (id: number, quantity: number) => ({ id, quantity }) as RmaLineView;

describe('approve dialog', () => {
  it('offers only return addresses, the default first, and opens on it', () => {
    const list = [address(1, AddressKind.SHIP_FROM, true), address(2, AddressKind.RETURN), address(3, AddressKind.RETURN, true)];
    const saved = returnAddresses(list);
    expect(saved.map((a) => a.sysNo)).toEqual([3, 2]);
    expect(initialApprove(saved)).toEqual({ mode: 'saved', addressId: 3, note: '' });
    expect(initialApprove([])).toEqual({ mode: 'new', save: true, note: '' });
  });

  it('sends either the chosen address or the typed one, never both', () => {
    expect(approveBody(5, { mode: 'saved', addressId: 3, receiver: '残留', note: ' 请尽快 ' })).toEqual({ id: 5, note: '请尽快', addressId: 3 });
    expect(approveBody(5, { mode: 'new', addressId: 3, receiver: '李四', phone: '13900000000', area: [110000, 110100], detail: '仓库', save: false })).toEqual({
      id: 5,
      note: '',
      save: false,
      address: { receiver: '李四', phone: '13900000000', area: [110000, 110100], detail: '仓库' },
    });
  });

  it('copies an address as one line', () => {
    expect(addressText({ receiver: '张三', phone: '138', areaName: '北京市 东城区', detail: '一号' })).toBe('张三 138 北京市 东城区 一号');
  });
});

describe('receipt dialog', () => {
  it('defaults quality faults to 不良品 and other reasons to 良品入库', () => {
    const lines = [line(7, 2), line(8, 1)];
    expect(initialDispositions(lines, '质量问题')).toEqual({ 7: ReturnDisposition.DEFECT, 8: ReturnDisposition.DEFECT });
    expect(initialDispositions(lines, '包装或商品破损')).toEqual({ 7: ReturnDisposition.DEFECT, 8: ReturnDisposition.DEFECT });
    expect(initialDispositions(lines, '不想要了')).toEqual({ 7: ReturnDisposition.GOOD, 8: ReturnDisposition.GOOD });
  });

  it('turns the choices into lines and sums the units per disposition', () => {
    const choices = { 7: ReturnDisposition.SCRAP, 8: ReturnDisposition.GOOD, 9: ReturnDisposition.GOOD };
    expect(receiptLines(choices)).toEqual([{ id: 7, disposition: 3 }, { id: 8, disposition: 1 }, { id: 9, disposition: 1 }]);
    const label = (d: number) => ({ 1: '良品入库', 2: '不良品', 3: '报废' })[d]!;
    expect(dispositionSummary([line(7, 2), line(8, 1), line(9, 4)], choices, label)).toBe('良品入库 5，报废 2');
  });
});
