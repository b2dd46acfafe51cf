import { useEffect } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Skeleton, Space, Tag, Typography } from 'antd';
import {
  ENQUIRY_FILE_TYPES,
  QUOTE_ATTACHMENTS_MAX,
  threadPostInput,
  THREAD_MESSAGE_MAX,
  formatChina,
} from '@aquamall/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { formRules } from '../lib/form-rules.ts';
import { DocumentLinks, DocumentUpload, type DocFile } from './DocumentUpload.tsx';

const rules = formRules(threadPostInput);

/**
 * The message thread on one quotation, between the enquiry's purchaser and that supplier only (both sides use
 * it: quotation/detail and the purchaser's enquiry/offerDetail). Opening it marks the other side's messages
 * read; sending notifies the other company's inbox and refreshes the other side's open thread through the
 * live socket. Either side may attach PDFs and images (the enquiry attachments' types, at most
 * QUOTE_ATTACHMENTS_MAX a message; decision 0123) and both see them under the message; attachments alone are a
 * message (发送 waits for text or a file). The server refuses any
 * third company (报价不存在) and any upload not the sender's own.
 */
export function QuotationThread({
  quotationId,
  title = '报价沟通',
}: {
  quotationId: number;
  title?: string;
}) {
  const qc = useQueryClient();
  const [form] = Form.useForm<{ content?: string; attachments?: DocFile[] }>();
  // A message is text, attachments or both: 发送 waits for either (the server refuses neither).
  const draftText = Form.useWatch('content', form);
  const draftFiles = Form.useWatch('attachments', form);
  const sendable = Boolean(draftText?.trim()) || (draftFiles?.length ?? 0) > 0;
  const thread = useQuery({
    queryKey: ['quotations', 'thread', quotationId],
    queryFn: () => api.read('quotationThread', { quotationId }, { suppressError: true }),
    // Live: the workbench socket invalidates this query when either side posts (LiveInbox, decision 0122);
    // the slow poll only covers a socket that is down.
    refetchInterval: 120_000,
  });
  const unread = thread.data?.unreadCount ?? 0;
  const markRead = useMutation({
    mutationFn: () => api.read('quotationThreadRead', { id: quotationId }, { suppressError: true }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['quotations'] }),
  });
  useEffect(() => {
    if (unread > 0 && !markRead.isPending) markRead.mutate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per new batch of unread messages
  }, [unread]);
  const post = useMutation({
    mutationFn: (v: { content?: string; attachments?: DocFile[] }) =>
      api.read('quotationThreadPost', {
        quotationId,
        content: v.content ?? '',
        attachments: v.attachments ?? [],
      }),
    onSuccess: (data) => {
      qc.setQueryData(['quotations', 'thread', quotationId], data);
      form.resetFields();
    },
  });

  return (
    <Card title={title} variant="borderless" data-testid="quotation-thread">
      {thread.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : thread.isError ? (
        <Alert
          type="warning"
          showIcon
          message={thread.error instanceof Error ? thread.error.message : '消息加载失败'}
        />
      ) : (
        <>
          {thread.data!.messages.length === 0 ? (
            <Empty description={`还没有消息，可以在这里与${thread.data!.counterpartName || '对方'}沟通`} />
          ) : (
            <div style={{ maxHeight: 360, overflowY: 'auto', marginBottom: 12 }}>
              {thread.data!.messages.map((m) => (
                <div
                  key={m.id}
                  data-testid="thread-message"
                  style={{
                    display: 'flex',
                    justifyContent: m.mine ? 'flex-end' : 'flex-start',
                    marginBottom: 10,
                  }}
                >
                  <div style={{ maxWidth: '75%' }}>
                    <div style={{ fontSize: 12, color: '#8c8c8c', textAlign: m.mine ? 'right' : 'left' }}>
                      {m.side === 1 ? <Tag color="blue">采购商</Tag> : <Tag color="green">供应商</Tag>}
                      {m.companyName} {m.userName} · {formatChina(m.createdAt, 'MM-DD HH:mm')}
                      {m.mine && <span> · {m.readAt ? '已读' : '未读'}</span>}
                    </div>
                    <div
                      style={{
                        background: m.mine ? '#e6f4ff' : '#f5f5f5',
                        borderRadius: 6,
                        padding: '6px 10px',
                        whiteSpace: 'pre-wrap',
                        wordBreak: 'break-word',
                      }}
                    >
                      {m.content}
                      {m.attachments.length > 0 && (
                        <div style={{ marginTop: m.content ? 6 : 0 }} data-testid="thread-attachments">
                          <DocumentLinks docs={m.attachments} />
                        </div>
                      )}
                    </div>
                  </div>
                </div>
              ))}
            </div>
          )}
          <Form form={form} onFinish={(v) => sendable && post.mutate(v)}>
            <Form.Item name="content" rules={rules.content}>
              <Input.TextArea
                rows={3}
                maxLength={THREAD_MESSAGE_MAX}
                showCount
                placeholder="输入消息或只发附件，对方会收到站内信通知"
                aria-label="消息内容"
              />
            </Form.Item>
            <Form.Item name="attachments">
              <DocumentUpload
                folder="enquiry"
                types={ENQUIRY_FILE_TYPES}
                max={QUOTE_ATTACHMENTS_MAX}
                buttonText="添加附件（PDF / 图片）"
              />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={post.isPending} disabled={!sendable}>
                发送
              </Button>
              <Typography.Text type="secondary">仅询价方与该报价供应商可见</Typography.Text>
            </Space>
          </Form>
        </>
      )}
    </Card>
  );
}
