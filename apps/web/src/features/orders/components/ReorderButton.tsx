import { useState } from 'react';
import { Button } from 'antd';
import type { CartAddManyResult } from '@aquamall/shared';
import { CartAddResultModal } from '../../../components/CartAddResultModal.tsx';
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
      <CartAddResultModal result={result} title="再次购买" emptyTitle="没有可再次购买的商品" onClose={() => setResult(null)} />
    </>
  );
}
