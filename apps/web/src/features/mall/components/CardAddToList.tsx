import { StarOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CompanyType, type GoodsItem } from '@aquamall/shared';
import { AddToShoppingList } from '../../../components/shopping-list/AddToShoppingList.tsx';
import { api } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../session/index.ts';
import { loginHref } from './meta.ts';
import { callerCompanyType } from './PurchaseBox.tsx';

/**
 * 加入清单 on a goods card (list, search results, shop pages): a goods row is a product, a list holds SKUs, so the
 * click reads the product's specs (the goods page's own cached answer) and offers them — one spec goes straight
 * into the dialog, several are listed to tick. A visitor is led to login and comes back to the list; a
 * supplier has no lists and sees no action.
 */
export function CardAddToList({ item }: { item: GoodsItem }) {
  const { token, user } = useSession();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const type = token ? callerCompanyType(user, token) : null;
  if (type !== null && type !== undefined && type !== CompanyType.PURCHASER) return null;
  const candidates = async () => {
    if (!token) {
      void navigate(loginHref());
      return null;
    }
    const goods = await qc
      .fetchQuery({
        queryKey: ['mall', 'goods-detail', item.id],
        queryFn: () => api.read('goodsDetail', { id: item.id }, { suppressError: true }),
        retry: false,
      })
      .catch(() => null);
    if (!goods) {
      notify.warning('商品已下架或不存在');
      return null;
    }
    if (!goods.skus.length) {
      notify.warning('该商品暂无可选规格，请到商品页询价');
      return null;
    }
    const quantity = Math.max(1, goods.minOrder);
    return goods.skus.map((s) => ({ skuId: s.sysNo, quantity, label: `${goods.name}${s.spec ? ` · ${s.spec}` : ''}` }));
  };
  return (
    <AddToShoppingList
      preselect={false}
      candidates={candidates}
      trigger={(open, busy) => (
        <button
          type="button"
          className="am-goods-list-add"
          onClick={open}
          disabled={busy}
          title="加入常购清单"
          aria-label={`将“${item.name}”加入常购清单`}
          data-testid="card-add-to-list"
        >
          <StarOutlined />
          <span className="am-goods-list-add-text">加入清单</span>
        </button>
      )}
    />
  );
}
