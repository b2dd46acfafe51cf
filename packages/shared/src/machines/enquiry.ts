import { EnquiryStatus } from '../enums.ts';
import { defineMachine } from '../state-machine.ts';
import { enumStates } from './labels.ts';

export type EnquiryState = (typeof EnquiryStatus)[keyof typeof EnquiryStatus];
export type EnquiryAction = 'edit' | 'publish' | 'extend' | 'withdraw' | 'close' | 'compare' | 'award';

/** 密封报价 before the deadline: nobody but an offer's author sees its content (modules/quotations/sealed.ts). */
export const SEALED_MESSAGE = '密封报价，截止时间前不能查看报价内容';

/** What besides the status decides an enquiry action: whether its offers are still sealed. */
export interface EnquiryContext {
  /** 密封报价 before its deadline. */
  sealed: boolean;
}

const PURCHASER = ['enquiry:manage'];

/**
 * The enquiry's state table (issue 27, docs/decisions/0194). States are the status a purchaser sees: an enquiry
 * 报价中 whose deadline has passed is 已截止 before its deadline job has run (modules/enquiries/common.ts
 * `shownStatus`), so every command guards on the shown status.
 */
export const enquiryMachine = defineMachine<EnquiryState, EnquiryAction, EnquiryContext>({
  document: '询价单',
  states: enumStates('EnquiryStatus', EnquiryStatus),
  actions: {
    edit: {
      from: [EnquiryStatus.DRAFT],
      by: ['buyer'],
      permissions: PURCHASER,
      label: '编辑草稿',
      refusal: '只有草稿可以修改，已发布的询价可以延期或撤销',
    },
    publish: {
      from: [EnquiryStatus.DRAFT],
      to: EnquiryStatus.QUOTING,
      by: ['buyer'],
      permissions: PURCHASER,
      label: '发布',
      refusal: '只有草稿可以修改，已发布的询价可以延期或撤销',
      starts: ['enquiry.deadline'],
    },
    extend: {
      from: [EnquiryStatus.QUOTING],
      by: ['buyer'],
      permissions: PURCHASER,
      label: '延长截止时间',
      refusal: '只有报价中的询价可以延期',
      starts: ['enquiry.deadline'],
    },
    withdraw: {
      from: [EnquiryStatus.DRAFT, EnquiryStatus.QUOTING, EnquiryStatus.CLOSED],
      to: EnquiryStatus.REVOKED,
      by: ['buyer'],
      permissions: PURCHASER,
      label: '撤销询价',
      refusal: (s) => (s === EnquiryStatus.DEAL ? '询价已成交，不能撤销' : '询价已撤销'),
      stops: ['enquiry.deadline'],
    },
    close: {
      from: [EnquiryStatus.QUOTING],
      to: EnquiryStatus.CLOSED,
      by: ['system'],
      label: '截止',
      history: '到达报价截止时间',
    },
    compare: {
      from: [EnquiryStatus.QUOTING, EnquiryStatus.CLOSED, EnquiryStatus.DEAL, EnquiryStatus.REVOKED],
      by: ['buyer'],
      permissions: PURCHASER,
      label: '比价',
      refusal: '草稿尚未发布，没有报价',
    },
    award: {
      from: [EnquiryStatus.QUOTING, EnquiryStatus.CLOSED],
      to: EnquiryStatus.DEAL,
      by: ['buyer'],
      permissions: PURCHASER,
      label: '授标',
      when: (c) => !c.sealed,
      whenRefusal: SEALED_MESSAGE,
      refusal: (s) =>
        s === EnquiryStatus.REVOKED
          ? '询价已撤销，不能授标'
          : s === EnquiryStatus.DEAL
            ? '询价已授标，不能重复授标'
            : '询价尚未发布，不能授标',
      stops: ['enquiry.deadline'],
    },
  },
});
