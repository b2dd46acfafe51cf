import { BidStatus, TenderBidStatus, TenderLotStatus } from '../enums.ts';
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
 * The tender's state table (issue 27, docs/decisions/0194): the project (bids row of type 招标); a supplier's bid
 * and a lot have their own tables below (the sealed reader modules/tenders/sealed.ts reads bid contents).
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

export type TenderBidState = (typeof TenderBidStatus)[keyof typeof TenderBidStatus];

/**
 * A supplier's bid on a tender (tender_bids): 已报名 (no version yet) → 已投标; a change of the tender's documents
 * turns a submitted bid 待确认 until the supplier confirms it or submits a new version; 已撤回 by the supplier, or by
 * the system at the deadline when it was left unconfirmed or its supplier no longer qualifies. A withdrawn bid may
 * be submitted again before the deadline. The deadline itself is the project's rule (tenderMachine).
 */
export const tenderBidMachine = defineMachine<TenderBidState, 'submit' | 'withdraw' | 'reconfirm' | 'amend' | 'lapse', undefined>({
  document: '投标',
  states: enumStates('TenderBidStatus', TenderBidStatus),
  actions: {
    submit: {
      from: [TenderBidStatus.REGISTERED, TenderBidStatus.SUBMITTED, TenderBidStatus.TO_CONFIRM, TenderBidStatus.WITHDRAWN],
      to: TenderBidStatus.SUBMITTED,
      by: ['seller'],
      label: '提交投标',
    },
    withdraw: {
      from: [TenderBidStatus.SUBMITTED, TenderBidStatus.TO_CONFIRM],
      to: TenderBidStatus.WITHDRAWN,
      by: ['seller'],
      label: '撤回投标',
      refusal: (s) => (s === TenderBidStatus.WITHDRAWN ? '投标已撤回' : '贵公司尚未投标'),
    },
    reconfirm: {
      from: [TenderBidStatus.TO_CONFIRM],
      to: TenderBidStatus.SUBMITTED,
      by: ['seller'],
      label: '确认投标',
      refusal: '该投标无需重新确认',
    },
    amend: { from: [TenderBidStatus.SUBMITTED], to: TenderBidStatus.TO_CONFIRM, by: ['buyer'], label: '招标文件变更' },
    lapse: {
      from: [TenderBidStatus.SUBMITTED, TenderBidStatus.TO_CONFIRM],
      to: TenderBidStatus.WITHDRAWN,
      by: ['system'],
      label: '投标无效',
    },
  },
});

export type TenderLotState = (typeof TenderLotStatus)[keyof typeof TenderLotStatus];

/** What a lot's refusal names. */
export interface TenderLotContext {
  readonly name: string;
}

const lotOutcome = (s: TenderLotState) => (s === TenderLotStatus.FAILED ? '流标' : '定标');

/**
 * A lot of a tender (tender_lots): open for scoring and award until it is awarded (定标) or, at the deadline with
 * too few valid bids, failed (流标).
 */
export const tenderLotMachine = defineMachine<TenderLotState, 'score' | 'award' | 'fail', TenderLotContext>({
  document: '标段',
  states: enumStates('TenderLotStatus', TenderLotStatus),
  actions: {
    score: {
      from: [TenderLotStatus.OPEN],
      by: ['buyer'],
      permissions: PURCHASER,
      label: '评分',
      refusal: (s, c) => `标段「${c.name}」已${lotOutcome(s)}，不能再评分`,
    },
    award: {
      from: [TenderLotStatus.OPEN],
      to: TenderLotStatus.AWARDED,
      by: ['buyer'],
      permissions: PURCHASER,
      label: '定标',
      refusal: (s, c) => `标段「${c.name}」已${lotOutcome(s)}`,
    },
    fail: { from: [TenderLotStatus.OPEN], to: TenderLotStatus.FAILED, by: ['system'], label: '流标' },
  },
});
