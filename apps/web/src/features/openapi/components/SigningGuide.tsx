import { Collapse, Descriptions, Typography } from 'antd';
import { SIGN_HEADERS } from '@aquamall/shared';

/**
 * How an ERP signs a call, on the page itself (docs/operations.md#open-platform-signing): the API reference at
 * /api/docs is public only in demo mode or with DOCS_PUBLIC=1, so a company administrator of a deployment must be
 * able to hand the scheme to the ERP developer from here. Keep it in step with that section (a server test runs
 * the section's example: modules/openapi/signing-docs.test.ts).
 */
const NODE_EXAMPLE = `const crypto = require('node:crypto');
const h = (x) => crypto.createHash('sha256').update(x).digest('hex');
const canonical = [method, target, ts, nonce, h(body)].join('\\n');
const signature = crypto.createHmac('sha256', secret)
  .update(\`AQM1-HMAC-SHA256\\n\${h(canonical)}\`).digest('hex');`;

const pre = {
  margin: 0,
  padding: 12,
  background: 'rgba(0, 0, 0, 0.04)',
  borderRadius: 6,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  fontSize: 12,
} as const;

export function SigningGuide() {
  return (
    <Collapse
      size="small"
      style={{ marginBottom: 16 }}
      items={[
        {
          key: 'sign',
          label: '签名方法（交给 ERP 开发人员）',
          children: (
            <>
              <Descriptions column={1} size="small" bordered>
                <Descriptions.Item label={SIGN_HEADERS.key}>AccessKey ID（AK 开头）</Descriptions.Item>
                <Descriptions.Item label={SIGN_HEADERS.timestamp}>Unix 时间戳（秒），与服务器时间相差不超过 5 分钟</Descriptions.Item>
                <Descriptions.Item label={SIGN_HEADERS.nonce}>16–64 位随机串（字母、数字、_ -），每次请求不同</Descriptions.Item>
                <Descriptions.Item label={SIGN_HEADERS.signature}>下方签名的小写十六进制</Descriptions.Item>
              </Descriptions>
              <Typography.Paragraph style={{ marginTop: 12, marginBottom: 8 }}>
                待签名串：请求方法、请求路径（含查询串，与实际发送一致）、时间戳、随机串、请求体的 SHA-256（小写十六进制），以换行连接；
                签名 = HMAC-SHA256(Secret, &quot;AQM1-HMAC-SHA256\n&quot; + 待签名串的 SHA-256 十六进制)。GET 请求的请求体为空串。
              </Typography.Paragraph>
              <pre style={pre} aria-label="Node.js 签名示例">
                {NODE_EXAMPLE}
              </pre>
            </>
          ),
        },
      ]}
    />
  );
}
