import { useState, type ImgHTMLAttributes } from 'react';
import { DEFAULT_AVATAR, DEFAULT_IMAGE, fileUrl } from '../lib/image.ts';

export interface ImgProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  /** A file-host key, a /f/ path, a site asset or an absolute URL. */
  src?: string | null;
  /** Resized copy from the file host (120 thumbnails, 1080 previews). */
  width?: number;
  /** Fall back to the default avatar instead of the default image. */
  avatar?: boolean;
}

/** An image that falls back to the default image (or avatar) when missing or broken (docs/product/interface.md#images). */
export function Img({ src, width, avatar, alt = '', loading = 'lazy', ...rest }: ImgProps) {
  const fallback = avatar ? DEFAULT_AVATAR : DEFAULT_IMAGE;
  const url = fileUrl(src, width) || fallback;
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === url ? fallback : url;
  return (
    <img
      {...rest}
      src={shown}
      alt={alt}
      loading={loading}
      data-fallback={shown === fallback ? 'true' : undefined}
      onError={() => {
        if (shown !== fallback) setFailed(url);
      }}
    />
  );
}
