import { Tag } from 'antd';
import { enumLabel, RmaStatus, rmaMachine, type RmaAction } from '@aquamall/shared';

const COLOR: Record<number, string> = {
  [RmaStatus.PENDING]: 'orange',
  [RmaStatus.TO_RETURN]: 'blue',
  [RmaStatus.RETURNED]: 'cyan',
  [RmaStatus.TO_SETTLE]: 'purple',
  [RmaStatus.CLOSED]: 'success',
  [RmaStatus.REJECTED]: 'error',
  [RmaStatus.CANCELLED]: 'default',
};

/** The after-sales status as a coloured tag. */
export const RmaStatusTag = ({ status }: { status: number }) => <Tag color={COLOR[status]}>{rmaMachine.label(status)}</Tag>;

/** The after-sales type (退货退款 / 仅退款 / 换货) as a tag. */
export const RmaTypeTag = ({ type }: { type: number }) => <Tag color={type === 3 ? 'geekblue' : type === 2 ? 'gold' : 'volcano'}>{enumLabel('RmaType', type)}</Tag>;

/** The button text of an action of the after-sales table (packages/shared/src/machines/rma.ts). */
export const rmaButton = (a: RmaAction): string => rmaMachine.actions[a].button ?? rmaMachine.actions[a].label;

/** Status tabs of the lists, in the order a request moves. */
export const STATUS_TABS = [
  RmaStatus.PENDING,
  RmaStatus.TO_RETURN,
  RmaStatus.RETURNED,
  RmaStatus.TO_SETTLE,
  RmaStatus.CLOSED,
  RmaStatus.REJECTED,
  RmaStatus.CANCELLED,
] as const;
