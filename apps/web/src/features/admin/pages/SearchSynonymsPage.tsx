import { formatChinaDateTime } from '@aquamall/shared';
import { useState } from 'react';
import { Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { AdminSynonymInput, AdminSynonymRow } from '@aquamall/shared';
import { adminSynonymInput, SYNONYM_WORD_MAX } from '@aquamall/shared/contracts/admin';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import { consoleCommand, useConsoleQuery } from '../api/admin.ts';
import { CrudModal } from '../components/CrudModal.tsx';
import { RowActions } from '../components/RowActions.tsx';

const rules = formRules(adminSynonymInput);
const saveSynonym = consoleCommand('adminSynonymSave');
const deleteSynonym = consoleCommand('adminSynonymDelete');

const words = (list: string[], color?: string) => (
  <Space size={[4, 4]} wrap>
    {list.map((w) => (
      <Tag key={w} color={color}>
        {w}
      </Tag>
    ))}
  </Space>
);

/** A list of words typed as tags (Enter, comma or space ends one). */
const WordsInput = (props: { value?: string[]; onChange?: (v: string[]) => void; placeholder: string }) => (
  <Select mode="tags" open={false} tokenSeparators={[',', '，', ' ', '、']} maxTagTextLength={SYNONYM_WORD_MAX} {...props} />
);

/**
 * Console 搜索同义词 (docs/decisions/0176): the words the goods search expands a keyword with. A row's 同义词 find
 * each other; its 对应商品词 are found by the 同义词, and find them back.
 */
export default function SearchSynonymsPage() {
  const { params, filter, page } = useListParams<{ keyword?: string }>({}, 20);
  const [edit, setEdit] = useState<Partial<AdminSynonymInput> | null>(null);
  const list = useConsoleQuery('adminSynonymList', params);
  const refetch = list.refetch;
  return (
    <ListPage
      variant="outlined"
      title="搜索同义词"
      extra={<Button type="primary" onClick={() => setEdit({ terms: [], related: [], note: '' })}>新增</Button>}
      filters={<Input.Search placeholder="按词查找，如 PAC" allowClear style={{ width: 260 }} onSearch={(v) => filter({ keyword: v.trim() || undefined })} />}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        买家搜索其中任一同义词，会同时找到含其他同义词和对应商品词的商品；搜索对应商品词，也会找到含同义词的商品（排在后面）。商品分类名称已自动参与搜索，无需在此重复。保存后立即生效。
      </Typography.Paragraph>
      <ListTable<AdminSynonymRow>
        rowKey="id"
        size="small"
        query={list}
        params={params}
        onPage={page}
        errorTitle="同义词列表加载失败"
        emptyText={params.keyword ? '没有包含该词的条目' : '暂无同义词'}
        columns={[
          { title: '同义词', dataIndex: 'terms', render: (v: string[]) => words(v, 'blue') },
          { title: '对应商品词', dataIndex: 'related', render: (v: string[]) => (v.length ? words(v) : '—') },
          { title: '备注', dataIndex: 'note', responsive: ['md'] },
          { title: '更新时间', dataIndex: 'updatedAt', responsive: ['lg'], render: (v: string) => formatChinaDateTime(v) },
          {
            title: '操作',
            width: 120,
            render: (_, r) => (
              <RowActions
                onEdit={() => setEdit(r)}
                confirm="删除后，这些词不再互相查找，确定删除？"
                onDelete={async () => {
                  await deleteSynonym({ id: r.id });
                  await refetch();
                }}
              />
            ),
          },
        ]}
      />
      <CrudModal<AdminSynonymInput>
        title={edit?.id ? '编辑同义词' : '新增同义词'}
        initial={edit}
        onClose={() => setEdit(null)}
        onSave={async (v) => {
          await saveSynonym({ id: v.id, terms: v.terms, related: v.related ?? [], note: v.note ?? '' });
          await refetch();
        }}
      >
        {() => (
          <>
            <Form.Item name="terms" label="同义词" extra="意思相同、可互相替代的词，如 絮凝剂、混凝剂、净水剂；拼音首字母至少3个字母" rules={rules.terms}>
              <WordsInput placeholder="输入后按回车" />
            </Form.Item>
            <Form.Item name="related" label="对应商品词（可选）" extra="同义词所指的具体商品或商品名，如 PAC、PFS、PAFC、PAM" rules={rules.related}>
              <WordsInput placeholder="输入后按回车" />
            </Form.Item>
            <Form.Item name="note" label="备注" rules={rules.note}>
              <Input maxLength={200} />
            </Form.Item>
          </>
        )}
      </CrudModal>
    </ListPage>
  );
}
