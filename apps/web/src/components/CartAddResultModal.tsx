import { Link } from 'react-router';
import { Button, Modal, Result } from 'antd';
import type { CartAddManyResult } from '@aquamall/shared';
import { ResolvedLines } from './ResolvedLines.tsx';

/**
 * What happened when many lines went into the cart at once (再次购买 of an order, 加入购物车 of a 常购清单): how
 * many were added at today's prices, then every line with what changed (price up/down, minimum adjusted, stock
 * short) or why it was left out, and the way to the cart.
 */
export function CartAddResultModal({
  result,
  title,
  emptyTitle,
  onClose,
}: {
  result: CartAddManyResult | null;
  title: string;
  /** The heading when nothing could be added. */
  emptyTitle: string;
  onClose: () => void;
}) {
  return (
    <Modal
      open={!!result}
      title={title}
      width={860}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Link key="cart" to="/customer/cart">
          <Button type="primary" disabled={!result?.added} data-testid="list-go-cart">
            去购物车结算
          </Button>
        </Link>,
      ]}
    >
      {result && (
        <>
          <Result
            status={result.added ? 'success' : 'warning'}
            title={result.added ? `已将 ${result.added} 种商品按今日价格加入购物车` : emptyTitle}
            style={{ padding: '8px 0 16px' }}
          />
          <ResolvedLines lines={result.lines} />
        </>
      )}
    </Modal>
  );
}
