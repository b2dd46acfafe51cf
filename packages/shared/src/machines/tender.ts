import { BidStatus } from '../enums.ts';
import { defineMachine } from '../state-machine.ts';
import { enumStates } from './labels.ts';

export type TenderState = (typeof BidStatus)[keyof typeof BidStatus];
export type TenderAction = 'edit' | 'amend' | 'publish' | 'close' | 'fail' | 'open' | 'evaluate' | 'publishResult' | 'endPublicity' | 'object';

/** What besides the status decides a tender action. */
export interface TenderContext {
  /** 中标公示期 still running (publicity end in the future and not yet ended). */
  inPublicity?: boolean;
}

const PURCHASER = ['bid:manage'];
const EDITABLE = '只有草稿或招标中的项目可以修改';
const AFTER_OPENING = '开标后才能评标和定标';

/**
 * The tender's state table (issue 27, docs/decisions/0194): the project (bids row of type 招标); its bids and lots
 * keep their own statuses inside modules/tenders (the sealed reader modules/tenders/sealed.ts reads bid contents).
 * The deadline, the opening and the end of the publicity period are the system's timed actions.
 */
export const tenderMachine = defineMachine<TenderState, TenderAction, TenderContext>({
  document: '招标项目',
  states: enumStates('BidStatus', BidStatus),
  actions: {
    edit: { from: [BidStatus.DRAFT], by: ['buyer'], permissions: PURCHASER, label: '编辑', refusal: EDITABLE },
    amend: { from: [BidStatus.OPEN], by: ['buyer'], permissions: PURCHASER, label: '修改招标', refusal: EDITABLE },
    publish: {
      from: [BidStatus.DRAFT],
      to: BidStatus.OPEN,
      by: ['buyer'],
      permissions: PURCHASER,
      label: '发布',
      refusal: '该项目已发布',
      starts: ['tender.close', 'tender.open'],
    },
    close: { from: [BidStatus.OPEN], to: BidStatus.CLOSED, by: ['system'], label: '投标截止' },
    fail: { from: [BidStatus.CLOSED], to: BidStatus.FAILED, by: ['system'], label: '流标', stops: ['tender.open'] },
    open: { from: [BidStatus.CLOSED], to: BidStatus.OPENED, by: ['system'], label: '开标' },
    evaluate: {
      from: [BidStatus.OPENED, BidStatus.EVALUATING],
      to: BidStatus.EVALUATING,
      by: ['buyer'],
      permissions: PURCHASER,
      label: '评标定标',
      refusal: AFTER_OPENING,
    },
    publishResult: {
      from: [BidStatus.OPENED, BidStatus.EVALUATING],
      to: BidStatus.AWARDED,
      by: ['buyer'],
      permissions: PURCHASER,
      label: '发布中标公告',
      refusal: '开标并定标后才能发布中标公告',
      starts: ['tender.publicity_end'],
    },
    endPublicity: { from: [BidStatus.AWARDED], by: ['system'], label: '公示期结束' },
    object: {
      from: [BidStatus.AWARDED],
      by: ['seller'],
      label: '提出异议',
      when: (c) => c?.inPublicity === true,
      refusal: '只能在中标公示期内提出异议',
    },
  },
});
