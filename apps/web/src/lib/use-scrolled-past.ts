import { useEffect, useState } from 'react';
import { SCROLL_FIX_THRESHOLD_PX, SCROLL_FIX_THROTTLE_MS } from '@aquamall/shared/constants';
import { throttle } from './throttle.ts';

/** True once the page has scrolled past `threshold` px; the scroll handler is throttled (docs/product/interface.md#constants: 40 px, 100 ms). */
export function useScrolledPast(threshold = SCROLL_FIX_THRESHOLD_PX, throttleMs = SCROLL_FIX_THROTTLE_MS): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const check = () => setPast(window.scrollY > threshold);
    const onScroll = throttle(check, throttleMs);
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      onScroll.cancel();
    };
  }, [threshold, throttleMs]);
  return past;
}
