import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while rendering on the server (the build's prerender, client/prerender.tsx) and while the browser hydrates
 * that markup, true in the browser from then on: for what only the browser can know, such as whether it is online.
 */
export function useIsClient(): boolean {
  return useBrowserValue(() => true, false);
}

/**
 * `prerendered` while rendering on the server and while the browser hydrates that markup, `browser()` from then on.
 * The component re-renders after hydration only when the two differ (e.g. the footer's year: the build's, then the
 * browser's, the same on most days).
 */
export function useBrowserValue<T>(browser: () => T, prerendered: T): T {
  return useSyncExternalStore(never, browser, () => prerendered);
}
