import { Link } from 'react-router';
import { Tag } from 'antd';
import { SafetyCertificateFilled, ShopOutlined } from '@ant-design/icons';
import { THUMB_WIDTH, type ShopCard } from '@aquamall/shared';
import { Img } from '../../../components/Img.tsx';

const LEVELS = ['普通会员', '一级会员', '二级会员', '三级会员'];

export function ShopBadges({ shop }: { shop: Pick<ShopCard, 'certified' | 'shopTypeName' | 'memberLevel'> }) {
  return (
    <span className="am-badges">
      {shop.certified ? (
        <Tag color="blue" icon={<SafetyCertificateFilled />}>
          企业认证
        </Tag>
      ) : null}
      {shop.shopTypeName ? <Tag color="orange">{shop.shopTypeName}</Tag> : null}
      {shop.memberLevel > 0 ? <Tag color="gold">{LEVELS[shop.memberLevel]}</Tag> : null}
    </span>
  );
}

/** The supplier's shop card (goods detail side panel). */
export function ShopCardBox({ shop }: { shop: ShopCard }) {
  const years = Math.max(1, new Date().getFullYear() - new Date(shop.openedAt).getFullYear() + 1);
  return (
    <div className="am-shopcard" data-testid="shop-card">
      <div className="am-shopcard-head">
        <Img src={shop.logo} width={THUMB_WIDTH} alt={shop.shopName} className="am-shopcard-logo" />
        <div>
          <Link to={`/mall/shopHome?id=${shop.id}`} className="am-shopcard-name">
            {shop.shopName}
          </Link>
          <div className="am-muted am-small">{shop.companyName}</div>
        </div>
      </div>
      <ShopBadges shop={shop} />
      <dl className="am-shopcard-facts">
        {shop.areaName ? (
          <div>
            <dt>所在地区</dt>
            <dd>{shop.areaName}</dd>
          </div>
        ) : null}
        <div>
          <dt>在售商品</dt>
          <dd>{shop.productCount} 件</dd>
        </div>
        <div>
          <dt>入驻年限</dt>
          <dd>第 {years} 年</dd>
        </div>
        <div>
          <dt>主营业务</dt>
          <dd className="am-clamp-2">{shop.mainBusiness || '无'}</dd>
        </div>
      </dl>
      <Link to={`/mall/shopHome?id=${shop.id}`} className="am-btn am-btn-block">
        <ShopOutlined /> 进入店铺
      </Link>
    </div>
  );
}
