import { MessageCategory } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { notify } from '../notifications/index.ts';

/** The workbench page of one purchase request (apps/web features/approvals). */
export const requestLink = (id: number) => `/customer/approval/request/${id}`;

interface RequestFacts {
  id: number;
  requestNo: string;
  requesterName: string;
  totalAmount: string;
}

/** Tells each approver of the step now waiting (their own inbox, 待我审批). */
export async function notifyApprovers(db: Db, companyId: number, r: RequestFacts, userIds: readonly number[]): Promise<void> {
  for (const userId of userIds) {
    await notify(
      db,
      companyId,
      {
        type: 'purchase_request',
        category: MessageCategory.ORDER,
        title: `采购申请 ${r.requestNo} 待您审批`,
        content: `${r.requesterName}提交的采购申请（合计¥${r.totalAmount}）等待您审批。`,
        linkPath: requestLink(r.id),
        event: 'approval.waiting',
        vars: { title: `采购申请${r.requestNo}` },
      },
      userId,
    );
  }
}

/** Tells the requester what became of the request. */
export async function notifyRequester(db: Db, companyId: number, r: { id: number; requestNo: string; requesterUserId: number }, title: string, content: string) {
  await notify(
    db,
    companyId,
    { type: 'purchase_request', category: MessageCategory.ORDER, title: `采购申请 ${r.requestNo} ${title}`, content, linkPath: requestLink(r.id) },
    r.requesterUserId,
  );
}
