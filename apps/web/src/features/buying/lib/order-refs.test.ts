import { describe, expect, it } from 'vitest';
import { refsOf } from './order-refs.ts';

describe('refsOf', () => {
  it('sends one trimmed pair for the submission when not per supplier', () => {
    expect(refsOf({ poNumber: ' PO-1 ', costCentre: '研发部', groups: { '7': { poNumber: 'X' } } }, [7])).toEqual({
      poNumber: 'PO-1',
      costCentre: '研发部',
      refs: [],
    });
  });
  it('sends the groups that gave something when per supplier', () => {
    expect(
      refsOf(
        { perGroup: true, poNumber: 'PO-1', groups: { '7': { poNumber: ' A-7 ' }, '8': { poNumber: ' ', costCentre: '' } } },
        [7, 8],
      ),
    ).toEqual({ poNumber: 'PO-1', costCentre: '', refs: [{ sellerCompanyId: 7, poNumber: 'A-7', costCentre: '' }] });
  });
  it('sends empty strings when nothing was typed', () => {
    expect(refsOf({}, [1])).toEqual({ poNumber: '', costCentre: '', refs: [] });
  });
});
