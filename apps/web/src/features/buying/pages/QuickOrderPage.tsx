import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Input, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import type { ResolvedLine } from '@aquamall/shared';
import { ResolvedLines } from '../../../components/ResolvedLines.tsx';
import { useQuickOrderAdd, useQuickOrderResolve } from '../api/buying.ts';
import { parseQuickOrder, type PasteProblem } from '../lib/quick-order.ts';
import { downloadQuickOrderTemplate, useQuickOrderSheet } from '../api/shopping-lists.ts';

/**
 * 快速下单 (/customer/quick-order): paste "SKU编码 数量" lines or open a CSV/TXT file, see each line resolved
 * (product, spec, today's price, stock, minimum order) or explained, then put every valid line into the cart.
 */
export default function QuickOrderPage() {
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<PasteProblem[]>([]);
  const [lines, setLines] = useState<ResolvedLine[] | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const resolve = useQuickOrderResolve();
  const sheet = useQuickOrderSheet();
  const [sheetErrors, setSheetErrors] = useState<string[]>([]);
  const add = useQuickOrderAdd();
  const valid = (lines ?? []).filter((l) => l.ok && l.skuId);

  const onResolve = async () => {
    const parsed = parseQuickOrder(text);
    setProblems(parsed.problems);
    setAdded(null);
    setLines(null);
    if (!parsed.lines.length) return;
    const r = await resolve.mutateAsync({ lines: parsed.lines }).catch(() => null);
    if (r) setLines(r.lines);
  };
  const onAdd = async () => {
    const r = await add
      .mutateAsync(valid.map((l) => ({ row: l.row, skuId: l.skuId!, quantity: l.quantity })))
      .catch(() => null);
    if (!r) return;
    // Lines the add refused (stock gone meanwhile, cart full) replace what the resolve said.
    const byRow = new Map(r.lines.map((l) => [l.row, l]));
    setLines((ls) => (ls ?? []).map((l) => byRow.get(l.row) ?? l));
    setAdded(r.added);
  };
  const readFile = (file: File) => {
    void file.text().then(setText);
    return false;
  };
  // An .xlsx is read by the server (lib/sheets.ts) and its rows resolved as a paste is.
  const readWorkbook = (file: File) => {
    setProblems([]);
    setSheetErrors([]);
    setAdded(null);
    setLines(null);
    void sheet.mutateAsync(file).then(
      (r) => {
        setSheetErrors(r.errors);
        setLines(r.lines.length ? r.lines : null);
      },
      () => undefined,
    );
    return false;
  };

  return (
    <Card title="快速下单" variant="borderless">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="每行一个商品：SKU编码 数量（用空格、Tab 或逗号分隔，不写数量按 1），一次最多 100 行。也可下载模板，填写后上传 Excel（.xlsx）或 CSV 文件。"
      />
      <Input.TextArea
        rows={8}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={'例如：\nPAC-001 5\nAC-200 10'}
        aria-label="SKU编码 数量"
        data-testid="quick-order-text"
      />
      <Space wrap style={{ margin: '12px 0' }}>
        <Button type="primary" onClick={() => void onResolve()} loading={resolve.isPending} disabled={!text.trim()} data-testid="quick-order-resolve">
          识别商品
        </Button>
        <Upload accept=".csv,.txt" showUploadList={false} beforeUpload={readFile} maxCount={1}>
          <Button icon={<UploadOutlined />}>打开 CSV/TXT 文件</Button>
        </Upload>
        <Upload accept=".xlsx" showUploadList={false} beforeUpload={readWorkbook} maxCount={1}>
          <Button icon={<FileExcelOutlined />} loading={sheet.isPending} data-testid="quick-order-xlsx">
            上传 Excel 文件
          </Button>
        </Upload>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadQuickOrderTemplate()}>
          下载模板
        </Button>
        <Button onClick={() => (setText(''), setLines(null), setProblems([]), setSheetErrors([]), setAdded(null))}>清空</Button>
      </Space>
      {problems.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`有 ${problems.length} 行无法读取`}
          description={problems.map((p) => (
            <div key={p.row}>
              第 {p.row} 行「{p.text}」：{p.message}
            </div>
          ))}
        />
      )}
      {sheet.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={sheet.error.message} />}
      {sheetErrors.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`文件中有 ${sheetErrors.length} 处无法读取`}
          description={sheetErrors.map((e) => <div key={e}>{e}</div>)}
          data-testid="quick-order-sheet-errors"
        />
      )}
      {resolve.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={resolve.error.message}
          action={
            <Button size="small" onClick={() => void onResolve()}>
              重试
            </Button>
          }
        />
      )}
      {lines && (
        <>
          <Typography.Paragraph>
            共 {lines.length} 行，可购买 {valid.length} 行
            {lines.length - valid.length > 0 && `，${lines.length - valid.length} 行不能购买（见说明）`}
          </Typography.Paragraph>
          <ResolvedLines lines={lines} showRow />
          <Space wrap style={{ marginTop: 12 }}>
            {added === null ? (
              <Button type="primary" disabled={!valid.length} loading={add.isPending} onClick={() => void onAdd()} data-testid="quick-order-add">
                全部加入购物车（{valid.length} 种）
              </Button>
            ) : (
              <>
                <Typography.Text type={added ? 'success' : 'warning'} data-testid="quick-order-added">
                  {added ? `已将 ${added} 种商品加入购物车` : '没有商品加入购物车'}
                </Typography.Text>
                <Link to="/customer/cart">
                  <Button type="primary">去购物车结算</Button>
                </Link>
              </>
            )}
          </Space>
        </>
      )}
    </Card>
  );
}
