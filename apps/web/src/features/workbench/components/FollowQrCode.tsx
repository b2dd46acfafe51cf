import { useQuery } from '@tanstack/react-query';
import { QrcodeOutlined } from '@ant-design/icons';
import { QR_SIZE } from '@aquamall/shared';
import { Img } from '../../../components/Img.tsx';
import { siteDataQuery } from '../../../lib/site-content/site-data.ts';

/** The public-account QR code in the sider (site settings), or a placeholder until one is configured. */
export function FollowQrCode() {
  const { data } = useQuery({ ...siteDataQuery, retry: false });
  const qr = data?.settings?.qrCode;
  const size = Math.min(QR_SIZE, 120);
  return (
    <div
      style={{ textAlign: 'center', padding: '16px 0 24px', color: '#8c8c8c', fontSize: 12 }}
      data-testid="follow-qr"
    >
      {qr ? (
        <Img src={qr} alt="公众号二维码" width={size} style={{ width: size, height: size }} />
      ) : (
        <div
          aria-label="公众号二维码"
          style={{
            width: size,
            height: size,
            margin: '0 auto',
            display: 'grid',
            placeItems: 'center',
            background: '#f5f5f5',
            borderRadius: 6,
          }}
        >
          <QrcodeOutlined style={{ fontSize: 48, color: '#bfbfbf' }} />
        </div>
      )}
      <div style={{ marginTop: 8 }}>{data?.settings?.qrCodeTitle || '扫码关注公众号'}</div>
    </div>
  );
}
