import { useState } from 'react';
import { Space } from 'antd';
import { Img } from '../../../components/Img.tsx';
import { ImagePreview } from '../../../components/ImagePreview.tsx';

/** Document thumbnails; a click opens the full-screen preview. */
export function DocumentGallery({ paths }: { paths: string[] }) {
  const [open, setOpen] = useState<string | null>(null);
  if (!paths.length) return <span>无</span>;
  return (
    <>
      <Space wrap>
        {paths.map((p) => (
          <Img key={p} src={p} width={120} alt="证件" style={{ width: 96, height: 96, objectFit: 'cover', cursor: 'zoom-in', border: '1px solid #eee' }} onClick={() => setOpen(p)} />
        ))}
      </Space>
      <ImagePreview src={open} onClose={() => setOpen(null)} />
    </>
  );
}
