import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Modal, Result } from 'antd';
import type { CartAddManyResult } from '@aquamall/shared';
import { ResolvedLines } from '../../../components/ResolvedLines.tsx';
import { useReorder } from '../api/orders.ts';

/**
 * 再次购买 on a purchaser's order: its lines still on sale go into the cart at today's prices; the dialog then
 * shows every line with what changed (price up/down, minimum adjusted, stock short) or why it was left out.
 */
export function ReorderButton({ orderId, size }: { orderId: number; size?: 'small' | 'middle' }) {
  const reorder = useReorder();
  const [result, setResult] = useState<CartAddManyResult | null>(null);
  return (
    <>
      <Button
        size={size}
        type={size === 'small' ? 'link' : 'default'}
        loading={reorder.isPending}
        onClick={() => void reorder.mutateAsync(orderId).then(setResult, () => undefined)}
        data-testid="reorder"
      >
        再次购买
      </Button>
      <Modal
        open={!!result}
        title="再次购买"
        width={860}
        onCancel={() => setResult(null)}
        footer={[
          <Button key="close" onClick={() => setResult(null)}>
            关闭
          </Button>,
          <Link key="cart" to="/customer/cart">
            <Button type="primary" disabled={!result?.added}>
              去购物车结算
            </Button>
          </Link>,
        ]}
      >
        {result && (
          <>
            <Result
              status={result.added ? 'success' : 'warning'}
              title={result.added ? `已将 ${result.added} 种商品按今日价格加入购物车` : '没有可再次购买的商品'}
              style={{ padding: '8px 0 16px' }}
            />
            <ResolvedLines lines={result.lines} />
          </>
        )}
      </Modal>
    </>
  );
}
