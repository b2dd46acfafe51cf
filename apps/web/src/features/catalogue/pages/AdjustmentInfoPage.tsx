import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Descriptions, Result, Skeleton, Space, Table, Tag } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { enumLabel, type AdjustmentLineView, formatChinaDateTime } from '@aquamall/shared';
import { useAdjustmentDetail } from '../api/stock.ts';
import './print.css';

/** inventory/adjustmentinfo: one adjustment document, printable (the print hides the workbench around it). */
export default function AdjustmentInfoPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const raw = Number(search.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const doc = useAdjustmentDetail(id);
  const back = <Button onClick={() => navigate('/customer/inventory/adjustment')}>返回列表</Button>;

  if (!id) return <Card variant="borderless"><Result status="404" title="调整单不存在" extra={back} /></Card>;
  if (doc.isLoading) return <Card variant="borderless"><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  if (doc.isError || !doc.data) {
    return <Card variant="borderless"><Result status="warning" title="调整单加载失败" subTitle={doc.error instanceof Error ? doc.error.message : undefined} extra={<Space><Button onClick={() => void doc.refetch()}>重试</Button>{back}</Space>} /></Card>;
  }
  const d = doc.data;
  const when = (v: string | null) => (v ? formatChinaDateTime(v) : '无');
  return (
    <Card
      variant="borderless"
      className="adjustment-print"
      title={`库存调整单 ${d.docNo}`}
      extra={<Space className="no-print">{back}<Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>打印</Button></Space>}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="企业">{d.companyName}</Descriptions.Item>
        <Descriptions.Item label="类型">{enumLabel('AdjustmentType', d.type)}</Descriptions.Item>
        <Descriptions.Item label="状态"><Tag color={d.status ? 'success' : 'default'}>{enumLabel('AdjustmentStatus', d.status)}</Tag></Descriptions.Item>
        <Descriptions.Item label="制单人">{d.createdByName || '无'}</Descriptions.Item>
        <Descriptions.Item label="制单时间">{when(d.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="确认">{d.confirmedByName ? `${d.confirmedByName} ${when(d.confirmedAt)}` : '未确认'}</Descriptions.Item>
        <Descriptions.Item label="备注" span={3}>{d.remark || '无'}</Descriptions.Item>
      </Descriptions>
      <Table<AdjustmentLineView>
        rowKey="sysNo"
        size="small"
        pagination={false}
        dataSource={d.lines}
        columns={[
          { title: '序号', key: 'i', width: 60, render: (_, __, i) => i + 1 },
          { title: '商品', dataIndex: 'productName' },
          { title: '规格', dataIndex: 'skuSpec', render: (v: string) => v || '默认规格' },
          { title: '规格编码', dataIndex: 'skuCode', width: 150 },
          { title: d.type === 3 ? '盘点数量' : '数量', dataIndex: 'quantity', width: 100, render: (q: number, l) => `${q} ${l.unit}` },
          { title: '调整前', dataIndex: 'onHandBefore', width: 90, render: (v: number | null) => v ?? '—' },
          { title: '调整后', dataIndex: 'onHandAfter', width: 90, render: (v: number | null) => v ?? '—' },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={4}>合计（{d.lineCount} 行）</Table.Summary.Cell>
            <Table.Summary.Cell index={4}>{d.totalQuantity}</Table.Summary.Cell>
            <Table.Summary.Cell index={5} colSpan={2} />
          </Table.Summary.Row>
        )}
      />
      <div className="print-only" style={{ marginTop: 32, display: 'flex', justifyContent: 'space-between' }}>
        <span>制单：{d.createdByName}</span><span>审核：__________</span><span>仓管：__________</span>
      </div>
    </Card>
  );
}
