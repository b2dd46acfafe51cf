import { Link } from 'react-router';
import { Button, Input, Typography, type TableColumnsType } from 'antd';
import { agreementMachine, CompanyType, formatChinaDate, type AgreementRow } from '@aquamall/shared';
import { ListPage, ListTable, StatusTabs, useListParams, useStatusParam } from '../../../components/ListPage.tsx';
import { Price } from '../../../components/Format.tsx';
import { useSession } from '../../session/index.ts';
import { useAgreementList } from '../api/agreements.ts';
import { AGREEMENT_TABS, AgreementStatusTag } from '../components/status.tsx';

interface Filters {
  status?: number;
  keyword?: string;
}

/**
 * agreement/index (框架协议): the purchaser's agreements with its suppliers, or the supplier's with its purchasers,
 * with status tabs, a keyword filter and paging; the supplier enters a new one from here.
 */
export default function AgreementListPage() {
  const { user } = useSession();
  const supplier = user?.extension.CompanyType === CompanyType.SUPPLIER;
  const { params, filter, page } = useListParams<Filters>({ status: useStatusParam() });
  const list = useAgreementList({ ...params, keyword: params.keyword ?? '' });

  const columns: TableColumnsType<AgreementRow> = [
    {
      title: '协议编号',
      dataIndex: 'code',
      width: 170,
      render: (v: string, r) => (
        <Link to={`/customer/agreement/detail?id=${r.id}`} data-testid="agreement-code">
          {v}
        </Link>
      ),
    },
    { title: '协议名称', dataIndex: 'title', width: 180, ellipsis: true },
    { title: supplier ? '采购商' : '供应商', dataIndex: supplier ? 'buyerCompanyName' : 'sellerCompanyName', width: 180, ellipsis: true },
    {
      title: '有效期',
      key: 'period',
      width: 190,
      render: (_, r) => `${formatChinaDate(r.validFrom)} 至 ${formatChinaDate(r.validTo)}`,
    },
    { title: '协议金额', dataIndex: 'totalAmount', width: 120, align: 'right', render: (v: string) => <Price value={v} /> },
    { title: '已下达金额', dataIndex: 'usedAmount', width: 120, align: 'right', render: (v: string) => <Price value={v} /> },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <AgreementStatusTag status={s} /> },
    {
      title: '操作',
      key: 'a',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Link to={`/customer/agreement/detail?id=${r.id}`}>
          <Typography.Link>{!supplier && r.status === 1 ? '确认' : '查看'}</Typography.Link>
        </Link>
      ),
    },
  ];

  return (
    <ListPage
      title={supplier ? '框架协议 · 我录入的协议' : '框架协议 · 供应商协议'}
      extra={
        supplier && (
          <Link to="/customer/agreement/edit">
            <Button type="primary" data-testid="agreement-new">
              录入协议
            </Button>
          </Link>
        )
      }
      filters={
        <Input.Search
          allowClear
          placeholder={supplier ? '协议编号 / 名称 / 采购商' : '协议编号 / 名称 / 供应商'}
          maxLength={60}
          style={{ width: 260 }}
          onSearch={(v) => filter({ keyword: v.trim() || undefined })}
        />
      }
    >
      <StatusTabs
        value={params.status}
        statuses={AGREEMENT_TABS}
        label={(s) => agreementMachine.label(s)}
        count={() => 0}
        onChange={(status) => filter({ status })}
      />
      <ListTable<AgreementRow>
        rowKey="id"
        size="middle"
        query={list}
        params={params}
        onPage={page}
        columns={columns}
        scroll={{ x: 1100 }}
        errorTitle="框架协议列表加载失败"
        emptyText={supplier ? '暂无框架协议，可点击“录入协议”为采购商录入' : '暂无框架协议，供应商录入后会出现在这里等待您确认'}
      />
    </ListPage>
  );
}
