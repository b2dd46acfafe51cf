import { MessageCategory } from '@aquamall/shared';

/** Inbox tabs (shared MessageCategory), in the order shown. */
export const CATEGORY_LABEL: Record<number, string> = {
  [MessageCategory.SYSTEM]: '系统',
  [MessageCategory.ORDER]: '订单',
  [MessageCategory.ENQUIRY]: '询价',
  [MessageCategory.TENDER]: '招标',
  [MessageCategory.FINANCE]: '财务',
};
export const CATEGORY_TABS = Object.entries(CATEGORY_LABEL).map(([id, label]) => ({ id: Number(id), label }));
