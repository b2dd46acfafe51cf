import type { CheckoutSubmitInput } from '@aquamall/shared';

/** The checkout's 采购单号 / 成本中心 form: one pair for the submission, or one pair per supplier group. */
export interface OrderRefsValues {
  poNumber?: string;
  costCentre?: string;
  perGroup?: boolean;
  groups?: Record<string, { poNumber?: string; costCentre?: string } | undefined>;
}

type Refs = Pick<CheckoutSubmitInput, 'poNumber' | 'costCentre' | 'refs'>;

/**
 * The submit body's references from the form (docs/product/orders.md#po-numbers): per group only when 按供应商分别填写
 * is on, and only the groups that gave something (an empty group keeps the submission's pair).
 */
export function refsOf(v: OrderRefsValues, sellerIds: readonly number[]): Refs {
  const poNumber = v.poNumber?.trim() ?? '';
  const costCentre = v.costCentre?.trim() ?? '';
  if (!v.perGroup) return { poNumber, costCentre, refs: [] };
  const refs = sellerIds.flatMap((id) => {
    const g = v.groups?.[String(id)];
    const po = g?.poNumber?.trim() ?? '';
    const cc = g?.costCentre?.trim() ?? '';
    return po || cc ? [{ sellerCompanyId: id, poNumber: po, costCentre: cc }] : [];
  });
  return { poNumber, costCentre, refs };
}
