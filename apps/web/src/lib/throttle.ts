/**
 * Leading + trailing throttle: runs at once, then at most once per `ms`, always ending with the latest call
 * (so a scroll that stops inside the window still updates the state).
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = (args: A) => {
    last = Date.now();
    pending = undefined;
    fn(...args);
  };
  const throttled = (...args: A) => {
    const wait = ms - (Date.now() - last);
    if (wait <= 0 && !timer) return run(args);
    pending = args;
    if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        if (pending) run(pending);
      }, Math.max(wait, 0));
    }
  };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}
