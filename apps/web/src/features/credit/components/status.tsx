import { Tag } from 'antd';
import { creditAccountMachine, creditRequestMachine, enumLabel, formatPrice, statementMachine } from '@aquamall/shared';

const ACCOUNT: Record<number, string> = { 0: 'orange', 1: 'success', 2: 'volcano', 3: 'error' };
const REQUEST: Record<number, string> = { 0: 'orange', 1: 'success', 2: 'error' };
const STATEMENT: Record<number, string> = { 0: 'orange', 1: 'success', 2: 'error' };

export const AccountStatusTag = ({ status }: { status: number }) => <Tag color={ACCOUNT[status]}>{creditAccountMachine.label(status)}</Tag>;
export const RequestStatusTag = ({ status }: { status: number }) => <Tag color={REQUEST[status]}>{creditRequestMachine.label(status)}</Tag>;
export const StatementStatusTag = ({ status }: { status: number }) => <Tag color={STATEMENT[status]}>{statementMachine.label(status)}</Tag>;
export const MovementTag = ({ kind }: { kind: number }) => <Tag>{enumLabel('CreditMovement', kind)}</Tag>;

/** A signed amount: green when money comes in, red when it goes out (zero shows a dash). */
export function Delta({ value, debt = false }: { value: string; debt?: boolean }) {
  const n = Number(value);
  if (!n) return <span style={{ color: '#bfbfbf' }}>—</span>;
  const good = debt ? n < 0 : n > 0;
  return <span style={{ color: good ? '#389e0d' : '#cf1322' }}>{n > 0 ? '+' : ''}{formatPrice(value)}</span>;
}
