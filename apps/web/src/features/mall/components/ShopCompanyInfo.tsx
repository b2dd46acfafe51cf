import { formatChinaDate } from '@aquamall/shared';
import { Descriptions } from 'antd';
import { LoadError, SkeletonBlock } from '../../../components/Skeletons.tsx';
import { useCompanyOpenInfo } from '../api/shops.ts';

/** 公司介绍: the public registration facts (GET /api/queryCompanyOpenInfo/{id}). */
export function ShopCompanyInfo({ id }: { id: number }) {
  const q = useCompanyOpenInfo(id);
  if (q.isPending) return <SkeletonBlock height={240} />;
  if (q.isError) return <LoadError onRetry={() => void q.refetch()} />;
  const c = q.data;
  return (
    <div className="am-box am-box-pad" data-testid="company-info">
      <Descriptions
        title="企业信息"
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'name', label: '企业名称', children: c.companyName },
          { key: 'code', label: '统一社会信用代码', children: c.creditCode || '无' },
          { key: 'legal', label: '法定代表人', children: c.legalPerson || '无' },
          { key: 'type', label: '店铺类型', children: c.shopTypeName || '无' },
          // A shop's region comes from its merchant application; one without it shows no line rather than 无.
          ...(c.areaName ? [{ key: 'area', label: '所在地区', children: c.areaName }] : []),
          { key: 'cert', label: '企业认证', children: c.certified ? '已认证' : '未认证' },
          { key: 'since', label: '入驻时间', children: formatChinaDate(c.registeredAt) },
          { key: 'addr', label: '地址', children: c.address || '无' },
          { key: 'main', label: '主营业务', children: c.mainBusiness || '无', span: 2 },
        ]}
      />
      <h3 style={{ margin: '20px 0 8px' }}>公司简介</h3>
      <p style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8 }}>{c.introduction || '暂无简介'}</p>
    </div>
  );
}
