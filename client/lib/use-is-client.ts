import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while rendering on the server (the build's prerender, client/prerender.tsx) and while the browser hydrates
 * that markup, true in the browser from then on: for what only the browser can know, such as whether it is online.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
