import { useEffect, useState } from 'react';

/** How long to wait for an idle moment after the page's load before going ahead anyway. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * False on the first renders, true once the page has loaded and the browser has had an idle moment: for what is not
 * part of the first screen but should be in place before the visitor needs it.
 */
export function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let handle: number | undefined;
    const schedule = () => {
      handle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS })
          : window.setTimeout(() => setIdle(true), 0);
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      window.removeEventListener('load', schedule);
      if (handle === undefined) return;
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, []);
  return idle;
}
