import { useSyncExternalStore } from 'react';

/**
 * The current minute, shared by every restaurant card: one timer for the page, fired on each minute boundary (and
 * when the tab comes back into view, since timers sleep in a hidden tab), so 'Open now' turns into 'Closed' on time.
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function notify() {
  for (const listener of listeners) listener();
}

function schedule() {
  clearTimeout(timer);
  // A little past the boundary, so the new minute has begun when the snapshot is read.
  timer = setTimeout(() => {
    notify();
    schedule();
  }, 60_000 - (Date.now() % 60_000) + 50);
}

function onVisible() {
  if (document.visibilityState === 'visible') notify();
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  if (listeners.size === 1) {
    schedule();
    document.addEventListener('visibilitychange', onVisible);
  }
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    }
  };
}

const currentMinute = () => Math.floor(Date.now() / 60_000);

/**
 * Now, to the minute, re-rendering each minute; null while the page is rendered on the server and hydrated (the
 * build's clock is not the visitor's), so time-dependent text appears once the browser has taken over.
 */
export function useMinuteClock(): Date | null {
  const minute = useSyncExternalStore<number | null>(subscribe, currentMinute, () => null);
  return minute === null ? null : new Date(minute * 60_000);
}
