import { describe, expect, it } from 'vitest';
import { frameRefusal, menuAccessGate, routeGate, safeEmbedUrl, shellGate, type GateSubject } from './gates.ts';

const supplier = (memberLv: number, isMemberVail = 1): GateSubject => ({
  CompanyType: 2,
  isMemberVail,
  memberLv,
});

describe('routeGate (membership, docs/product/accounts.md#membership-gates)', () => {
  it('blocks quotation detail and order detail type 8 for levels 0 and 1', () => {
    for (const lv of [0, 1]) {
      expect(routeGate({ memberGate: 'levels23' }, '', supplier(lv))).toEqual({
        kind: 'member',
        message: '请购买二级/三级会员',
      });
      expect(routeGate({ memberGate: 'orderType' }, '?type=8', supplier(lv))?.message).toBe(
        '请购买二级/三级会员',
      );
    }
    expect(routeGate({ memberGate: 'levels23' }, '', supplier(2))).toBeNull();
    expect(routeGate({ memberGate: 'levels23' }, '', supplier(3))).toBeNull();
  });

  it('blocks order detail type 6, adjustment info and product detail for level 0 (levels are cumulative)', () => {
    for (const lv of [0]) {
      expect(routeGate({ memberGate: 'orderType' }, '?type=6', supplier(lv))?.message).toBe(
        '请购买一级/三级会员',
      );
      expect(routeGate({ memberGate: 'levels13' }, '', supplier(lv))?.message).toBe('请购买一级/三级会员');
    }
    for (const lv of [1, 2, 3]) {
      expect(routeGate({ memberGate: 'levels13' }, '', supplier(lv))).toBeNull();
      expect(routeGate({ memberGate: 'orderType' }, '?type=6', supplier(lv))).toBeNull();
    }
    expect(routeGate({ memberGate: 'orderType' }, '?type=0', supplier(0))).toBeNull();
  });

  it('applies only with isMemberVail 1 and never to purchasers', () => {
    expect(routeGate({ memberGate: 'levels23' }, '', supplier(0, 0))).toBeNull();
    expect(
      routeGate({ memberGate: 'levels23' }, '', { CompanyType: 4, isMemberVail: 1, memberLv: 0 }),
    ).toBeNull();
  });

  it('keeps report/saleAmount for suppliers and report/payAmount for purchasers', () => {
    const purchaser = { CompanyType: 4, isMemberVail: 0, memberLv: 0 };
    expect(routeGate({ report: 'saleAmount' }, '', supplier(3))).toBeNull();
    expect(routeGate({ report: 'saleAmount' }, '', purchaser)?.kind).toBe('type');
    expect(routeGate({ report: 'payAmount' }, '', purchaser)).toBeNull();
    expect(routeGate({ report: 'payAmount' }, '', supplier(3))?.message).toBe('应付账款报表仅对采购商开放');
  });
});

describe('safeEmbedUrl', () => {
  it('allows only http(s) pages', () => {
    expect(safeEmbedUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeEmbedUrl(encodeURIComponent('http://example.com/x'))).toBe('http://example.com/x');
    expect(safeEmbedUrl('javascript:alert(1)')).toBeNull();
    expect(safeEmbedUrl('data:text/html,hi')).toBeNull();
    expect(safeEmbedUrl('/customer/home')).toBeNull();
    expect(safeEmbedUrl(null)).toBeNull();
  });
});

describe('menuAccessGate', () => {
  const visible = [{ sysNo: 1, parentSysNo: 0, name: '商品列表', icon: '', linkPath: '/customer/product' }];
  it('blocks a page whose menu entry the roles do not grant', () => {
    expect(menuAccessGate('/customer/saleOrder', visible, ['/customer/saleOrder'])?.kind).toBe('access');
  });
  it('lets through granted pages, pages outside the menu and administrators', () => {
    expect(menuAccessGate('/customer/product', visible, ['/customer/saleOrder'])).toBeNull();
    expect(menuAccessGate('/customer/order/detail', visible, ['/customer/saleOrder'])).toBeNull();
    expect(menuAccessGate('/customer/saleOrder', visible, [])).toBeNull();
    expect(menuAccessGate('/customer/saleOrder', undefined, ['/customer/saleOrder'])).toBeNull();
  });
  it('tells a user that a page belongs to the other company type', () => {
    const purchaserOnly = [{ linkPath: '/customer/bid/bidindex', companyType: 4 }];
    expect(menuAccessGate('/customer/bid/bidindex', visible, [], purchaserOnly)).toEqual({
      kind: 'type',
      message: '该页面仅对采购商开放',
    });
    expect(menuAccessGate('/customer/product', visible, [], purchaserOnly)).toBeNull();
    expect(menuAccessGate('/customer/message/index', visible, [], purchaserOnly)).toBeNull();
  });
});

describe('shellGate', () => {
  const purchaserMenu = [{ sysNo: 1, parentSysNo: 0, name: '我的询价', icon: '', linkPath: '/customer/enquiry' }];
  const supplierOnly = { hiddenLinks: [], otherTypeLinks: [{ linkPath: '/customer/quotation', companyType: 2 }] };
  const member = { kind: 'member' as const, message: '请购买二级/三级会员' };
  const report = { kind: 'type' as const, message: '应收账款报表仅对供应商开放' };

  it('waits for the menu and the access list before showing a page (no flash of a page the user may not open)', () => {
    expect(shellGate(null, '/customer/quotation', undefined, undefined, true)).toBe('loading');
    expect(shellGate(null, '/customer/quotation', purchaserMenu, undefined, true)).toBe('loading');
    expect(shellGate(null, '/customer/quotation', undefined, supplierOnly, true)).toBe(
      'loading',
    );
    expect(shellGate(null, '/customer/quotation', purchaserMenu, supplierOnly, false)).toEqual({
      kind: 'type',
      message: '该页面仅对供应商开放',
    });
  });
  it("shows a page's own company-type message at once, then the menu's, then membership", () => {
    expect(shellGate(report, '/customer/report/saleAmount', undefined, undefined, true)).toBe(
      report,
    );
    expect(shellGate(member, '/customer/quotation', purchaserMenu, supplierOnly, false)).toEqual({
      kind: 'type',
      message: '该页面仅对供应商开放',
    });
    expect(shellGate(member, '/customer/enquiry', purchaserMenu, supplierOnly, false)).toBe(member);
    expect(shellGate(null, '/customer/enquiry', purchaserMenu, supplierOnly, false)).toBeNull();
  });
  it('lets the page decide when the menu or the access list failed to load (the server still refuses)', () => {
    expect(shellGate(null, '/customer/quotation', undefined, undefined, false)).toBeNull();
    expect(shellGate(member, '/customer/enquiry', purchaserMenu, undefined, false)).toBe(member);
  });
});

describe('frameRefusal', () => {
  it('frames only the configured origins', () => {
    expect(frameRefusal('https://bi.example.com/report?id=1', ['https://bi.example.com'])).toBeNull();
    expect(frameRefusal('http://bi.example.com/report', ['https://bi.example.com'])).toMatch(/不在允许嵌入的站点之列/);
    expect(frameRefusal('https://evil.example.net/', ['https://bi.example.com'])).toMatch(/evil\.example\.net/);
    expect(frameRefusal('https://bi.example.com/', [])).toMatch(/尚未配置/);
  });
});
