import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button, Result } from 'antd';
import { notify } from '../../../lib/notify.ts';
import type { GateResult } from '../lib/gates.ts';

/** Shown instead of a page the user's membership level or company type may not open (docs/product/accounts.md#membership-gates, docs/product/workbench.md#company-type-pages). */
export function GateBlocked({ gate, where }: { gate: NonNullable<GateResult>; where: string }) {
  useEffect(() => {
    notify.warning(gate.message);
  }, [gate.message, where]);
  if (gate.kind === 'member') {
    return (
      <div data-testid="member-gate">
        <Result
          status="warning"
          title={gate.message}
          subTitle="当前会员等级不能查看此页面，开通相应会员后即可使用。"
          extra={
            <Link to="/customer/authentication/member">
              <Button type="primary">购买会员</Button>
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div data-testid="access-blocked">
      <Result
        status="403"
        title={gate.message}
        extra={
          <Link to="/customer/home">
            <Button>返回工作台</Button>
          </Link>
        }
      />
    </div>
  );
}
