import { describe, expect, it } from 'vitest';
import { actionLabel, targetLabel, toOptions, AUDIT_ACTIONS } from './audit-labels.ts';

describe('audit log labels', () => {
  it('shows Chinese names for known actions and targets, and the raw identifier for unknown ones', () => {
    expect(actionLabel('merchant.approve')).toBe('通过商家入驻');
    expect(actionLabel('invoice.issue')).toBe('开具发票');
    expect(actionLabel('rma.arbitrate.buyer')).toBe('售后仲裁：支持采购商');
    expect(targetLabel('merchant_application')).toBe('入驻申请');
    expect(actionLabel('something.new')).toBe('something.new');
    expect(targetLabel('thing')).toBe('thing');
  });

  it('offers every known action as a filter option whose value is the identifier the server filters on', () => {
    const options = toOptions(AUDIT_ACTIONS);
    expect(options).toContainEqual({ value: 'article.create', label: '发布资讯' });
    expect(options).toHaveLength(Object.keys(AUDIT_ACTIONS).length);
    for (const o of options) expect(o.label).toMatch(/[\u4e00-\u9fa5]/);
  });
});
