import { useEffect, useState } from 'react';
import { Button, Card, Drawer, Radio, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { BudgetOverMode, formatChinaDateTime, type BudgetRow } from '@aquamall/shared';
import { Price } from '../../../components/Format.tsx';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { useRuleList } from '../api/approvals.ts';
import { useBudgetEntries, useBudgetList, useBudgetSettings, useSaveBudgetSettings } from '../api/budgets.ts';
import { BudgetAdjustModal, BudgetFormModal } from '../components/BudgetFormModal.tsx';
import { BudgetFigures } from '../../../components/BudgetUsage.tsx';

/** 超预算处理: refuse, or route through an approval rule (docs/product/budgets.md#over-budget). */
function OverBudgetSetting() {
  const settings = useBudgetSettings();
  const rules = useRuleList({ pageIndex: 1, pageSize: 100 });
  const save = useSaveBudgetSettings();
  const [mode, setMode] = useState<number>(BudgetOverMode.REFUSE);
  const [ruleId, setRuleId] = useState<number | null>(null);
  useEffect(() => {
    if (settings.data) {
      setMode(settings.data.overMode);
      setRuleId(settings.data.ruleId);
    }
  }, [settings.data]);
  return (
    <Card size="small" title="超预算处理" style={{ marginBottom: 12 }} loading={settings.isLoading}>
      <Space wrap align="center">
        <Radio.Group
          value={mode}
          onChange={(e) => setMode(e.target.value as number)}
          options={[
            { value: BudgetOverMode.REFUSE, label: '拒绝下单' },
            { value: BudgetOverMode.APPROVE, label: '转审批' },
          ]}
        />
        {mode === BudgetOverMode.APPROVE && (
          <Select
            aria-label="超预算审批规则"
            style={{ width: 260 }}
            placeholder="选择审批规则（按其步骤审批）"
            value={ruleId ?? undefined}
            onChange={(v: number) => setRuleId(v)}
            loading={rules.isLoading}
            options={(rules.data?.list ?? []).map((r) => ({ value: r.sysNo, label: `${r.name}${r.active ? '' : '（仅用于超预算）'}` }))}
          />
        )}
        <Button type="primary" loading={save.isPending} onClick={() => void save.mutateAsync({ overMode: mode as 0 | 1, ruleId: mode === BudgetOverMode.APPROVE ? ruleId : null }).catch(() => undefined)}>
          保存设置
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        订单金额超过下单人或其部门当期（北京时间月度、季度、年度）剩余预算时：拒绝下单，或转为采购申请。已匹配其他审批规则的订单按该规则审批；停用的规则也可用于超预算审批。
      </Typography.Paragraph>
    </Card>
  );
}

/** A budget's ledger, newest first. */
function LedgerDrawer({ budget, onClose }: { budget: BudgetRow | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const entries = useBudgetEntries(budget ? { sysNo: budget.sysNo, pageIndex: page, pageSize: 10 } : null);
  return (
    <Drawer open={!!budget} onClose={onClose} size={720} title={budget ? `预算明细：${budget.targetName} ${budget.periodName}` : ''} destroyOnHidden>
      <Table
        rowKey="sysNo"
        size="small"
        loading={entries.isLoading}
        dataSource={entries.data?.list ?? []}
        locale={{ emptyText: entries.isError ? '预算明细加载失败' : '暂无明细' }}
        pagination={{ current: page, pageSize: 10, total: entries.data?.total ?? 0, onChange: setPage, showTotal: (n) => `共 ${n} 条` }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 160, render: (v: string) => formatChinaDateTime(v) },
          { title: '类型', dataIndex: 'kindText', width: 110 },
          { title: '金额', dataIndex: 'amount', width: 130, align: 'right', render: (v: string) => <Price value={v} /> },
          { title: '订单', dataIndex: 'orderNo', width: 160 },
          { title: '说明', dataIndex: 'note' },
          { title: '操作人', dataIndex: 'createdByName', width: 100 },
        ]}
        scroll={{ x: 720 }}
      />
    </Drawer>
  );
}

/**
 * approval/budgets (预算管理): the company's budgets per department or user and China period, with used and
 * remaining amounts from the ledger; the over-budget setting (docs/product/budgets.md).
 */
export default function BudgetPage() {
  const { params, page } = useListParams({});
  const list = useBudgetList(params);
  const [creating, setCreating] = useState(false);
  const [adjusting, setAdjusting] = useState<BudgetRow | null>(null);
  const [viewing, setViewing] = useState<BudgetRow | null>(null);
  const columns: TableColumnsType<BudgetRow> = [
    { title: '预算对象', dataIndex: 'targetName', width: 160 },
    {
      title: '期间',
      dataIndex: 'periodName',
      width: 150,
      render: (v: string, r) => (
        <Space>
          {v}
          {r.current && <Tag color="blue">当期</Tag>}
        </Space>
      ),
    },
    { title: '预算金额', dataIndex: 'allocated', width: 140, align: 'right', render: (v: string) => <Price value={v} /> },
    { title: '使用情况', key: 'usage', render: (_, r) => <BudgetFigures row={r} /> },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setAdjusting(r)}>
            调整
          </Button>
          <Button type="link" size="small" onClick={() => setViewing(r)}>
            明细
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <ListPage
      title="预算管理"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          下达预算
        </Button>
      }
    >
      <OverBudgetSetting />
      <ListTable<BudgetRow>
        rowKey="sysNo"
        columns={columns}
        query={list}
        params={params}
        onPage={page}
        errorTitle="预算加载失败"
        emptyText="暂无预算：下单不受预算限制"
        showTotal={(total) => `共 ${total} 条预算`}
      />
      <BudgetFormModal open={creating} onClose={() => setCreating(false)} />
      <BudgetAdjustModal budget={adjusting} onClose={() => setAdjusting(null)} />
      <LedgerDrawer budget={viewing} onClose={() => setViewing(null)} />
    </ListPage>
  );
}
