import './site-blocks.css';
import { useEffect, useState } from 'react';
import type { Banner } from '@aquamall/shared';
import { Img } from '../Img.tsx';
import { NavAnchor } from '../NavAnchor.tsx';
import { SkeletonBlock } from '../Skeletons.tsx';

export interface BannerCarouselProps {
  banners: Banner[] | undefined;
  loading?: boolean;
  height: number;
  /** Milliseconds between slides. */
  interval?: number;
  /** Shown when there are no banners. */
  fallback?: React.ReactNode;
  /** Show each banner's title over the image. */
  caption?: boolean;
}

/** A light carousel: cross-fading slides, dots, pauses while hovered. */
export function BannerCarousel({ banners, loading, height, interval = 5000, fallback, caption }: BannerCarouselProps) {
  const list = banners ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused || list.length < 2) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % list.length), interval);
    return () => clearInterval(t);
  }, [paused, list.length, interval]);

  if (loading) return <SkeletonBlock height={height} radius={0} />;
  if (!list.length) return <div style={{ height }}>{fallback}</div>;
  return (
    <div className="am-carousel" style={{ height }} onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)} data-testid="banner-carousel">
      {list.map((b, i) => (
        <div key={b.sysNo} className={`am-carousel-slide${i === index % list.length ? ' is-active' : ''}`} aria-hidden={i !== index % list.length}>
          <NavAnchor href={b.linkUrl} target={b.target} title={b.title}>
            <Img src={b.imgUrl} alt={b.title} loading={i === 0 ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : undefined} />
            {caption && b.title ? <span className="am-carousel-caption">{b.title}</span> : null}
          </NavAnchor>
        </div>
      ))}
      {list.length > 1 ? (
        <div className="am-carousel-dots">
          {list.map((b, i) => (
            <button key={b.sysNo} type="button" aria-label={`第${i + 1}张`} className={i === index % list.length ? 'is-active' : ''} onClick={() => setIndex(i)} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
