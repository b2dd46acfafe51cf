import { describe, expect, it } from 'vitest';
import { lineTitle, maskPhone, orEmpty } from './format.ts';

describe('maskPhone / orEmpty', () => {
  it('masks the middle four digits', () => expect(maskPhone('18800000002')).toBe('188****0002'));
  it('uses 无 for blank values', () => {
    expect(orEmpty('  ')).toBe('无');
    expect(orEmpty(0)).toBe('0');
  });
});

describe('lineTitle', () => {
  it('adds the spec to the name', () => {
    expect(lineTitle('聚合氯化铝', '规格 1号')).toBe('聚合氯化铝 规格 1号');
    expect(lineTitle('聚合氯化铝', null)).toBe('聚合氯化铝');
    expect(lineTitle('聚合氯化铝', '')).toBe('聚合氯化铝');
  });
  it('leaves out spec values the name already says', () => {
    expect(lineTitle('带式浓缩压滤一体机 带宽1.0m', '规格 带宽1.0m')).toBe('带式浓缩压滤一体机 带宽1.0m');
    expect(lineTitle('离心泵 50m³/h', '流量 50m³/h / 材质 304不锈钢')).toBe('离心泵 50m³/h 材质 304不锈钢');
    expect(lineTitle('活性炭 25kg/袋', '25kg/袋')).toBe('活性炭 25kg/袋');
    expect(lineTitle('活性炭', '25kg/袋')).toBe('活性炭 25kg/袋');
  });
});
