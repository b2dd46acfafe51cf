import { Alert, Descriptions, Modal, Typography } from 'antd';

/** Shows a secret once (a created or rotated key, a new webhook endpoint): it is never shown again. */
export function SecretModal({
  shown,
  onClose,
}: {
  shown: { title: string; items: { label: string; value: string }[] } | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={!!shown}
      title={shown?.title}
      onOk={onClose}
      onCancel={onClose}
      okText="我已保存"
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      width={640}
    >
      <Alert type="warning" showIcon title="密钥只显示这一次，请立即复制并妥善保存。丢失后只能轮换生成新密钥。" style={{ marginBottom: 16 }} />
      <Descriptions column={1} bordered size="small">
        {shown?.items.map((i) => (
          <Descriptions.Item key={i.label} label={i.label}>
            <Typography.Text copyable code data-testid={`secret-${i.label}`}>
              {i.value}
            </Typography.Text>
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Modal>
  );
}
