import { Image, Space } from 'antd';
import { fileUrl, thumbUrl } from '../../../lib/image.ts';

/** Transfer proofs as thumbnails with a preview. */
export function Proofs({ files }: { files: string[] }) {
  if (!files.length) return <span style={{ color: '#bfbfbf' }}>—</span>;
  return (
    <Image.PreviewGroup>
      <Space>
        {files.map((f) => (
          <Image key={f} src={thumbUrl(f)} preview={{ src: fileUrl(f) }} width={40} height={40} style={{ objectFit: 'cover' }} alt="转账凭证" />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
