import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { PREVIEW_WIDTH } from '@aquamall/shared/constants';
import { Img } from './Img.tsx';

export interface ImagePreviewProps {
  /** The image to show (file key or URL); nothing is shown when empty. */
  src: string | null | undefined;
  alt?: string;
  onClose: () => void;
}

/** Full-screen image preview at 1080 px (docs/product/interface.md#shared-dialogs-and-widgets): a click anywhere or any key press closes it. */
export function ImagePreview({ src, alt = '', onClose }: ImagePreviewProps) {
  useEffect(() => {
    if (!src) return;
    const onKey = (e: KeyboardEvent) => {
      e.preventDefault();
      onClose();
    };
    window.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [src, onClose]);

  if (!src) return null;
  return createPortal(
    <div className="am-preview" role="dialog" aria-label="图片预览" onClick={onClose}>
      <Img src={src} width={PREVIEW_WIDTH} alt={alt} loading="eager" />
      <div className="am-preview-tip">点击任意位置或按任意键关闭</div>
    </div>,
    document.body,
  );
}
