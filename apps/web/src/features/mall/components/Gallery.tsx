import { useState } from 'react';
import { THUMB_WIDTH } from '@aquamall/shared';
import { Img } from '../../../components/Img.tsx';
import { ImagePreview } from '../../../components/ImagePreview.tsx';

/** The product images: a large view, thumbnails, and the full-screen 1080 px preview on click. */
export function Gallery({ images, alt }: { images: string[]; alt: string }) {
  const [index, setIndex] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const current = images[index] ?? '';
  return (
    <div className="am-gallery">
      <button
        type="button"
        className="am-gallery-main"
        onClick={() => current && setPreview(current)}
        aria-label="查看大图"
      >
        <Img src={current} alt={alt} loading="eager" />
      </button>
      {images.length > 1 ? (
        <div className="am-gallery-thumbs">
          {images.map((src, i) => (
            <button
              key={`${src}-${i}`}
              type="button"
              className={i === index ? 'is-active' : ''}
              onMouseEnter={() => setIndex(i)}
              onClick={() => setIndex(i)}
              aria-label={`第${i + 1}张图片`}
            >
              <Img src={src} width={THUMB_WIDTH} alt="" />
            </button>
          ))}
        </div>
      ) : null}
      {current ? <div className="am-gallery-tip">点击图片查看大图</div> : null}
      <ImagePreview src={preview} alt={alt} onClose={() => setPreview(null)} />
    </div>
  );
}
