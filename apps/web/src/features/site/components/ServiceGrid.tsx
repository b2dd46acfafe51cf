import { Link } from 'react-router';
import { AuditOutlined, FileSearchOutlined, HeartOutlined, ReadOutlined, ShopOutlined, ShoppingCartOutlined } from '@ant-design/icons';

const SERVICES = [
  { icon: <ShoppingCartOutlined />, title: '水务商城', text: '水处理药剂、设备、膜组件、泵阀管件一站式采购，价格透明、源头直供。', to: '/mall/home', cta: '进入商城' },
  { icon: <FileSearchOutlined />, title: '采购询价', text: '发布采购需求，认证供应商在线报价，多家比价、择优成交。', to: '/mall/enquiry', cta: '查看询价' },
  { icon: <AuditOutlined />, title: '招标投标', text: '招标公告、中标结果在线公示，流程规范、公开透明。', to: '/mall/bidindex', cta: '查看招标' },
  { icon: <ReadOutlined />, title: '行业资讯', text: '政策法规、市场行情与技术动态，把握水务产业趋势。', to: '/mall/notice', cta: '阅读资讯' },
  { icon: <ShopOutlined />, title: '优选供应商', text: '生产厂家、经销商、服务商资质审核，店铺信息一目了然。', to: '/mall/shopList', cta: '找供应商' },
  { icon: <HeartOutlined />, title: '消费扶贫', text: '助农产品与大宗农资直采，源头好货，助力乡村振兴。', to: '/mall/goodsSearch', cta: '去看看' },
];

/** The platform's services, each leading into the mall. */
export function ServiceGrid() {
  return (
    <div className="am-site-services">
      {SERVICES.map((s) => (
        <Link key={s.to} to={s.to} className="am-site-service">
          <span className="am-site-service-icon">{s.icon}</span>
          <strong>{s.title}</strong>
          <p>{s.text}</p>
          <span className="am-site-service-cta">{s.cta} →</span>
        </Link>
      ))}
    </div>
  );
}
