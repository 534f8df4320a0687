import { useSyncExternalStore } from 'react';
import { toast } from '@client/ui/use-toast';

/**
 * The one place that knows whether the browser is offline, and what an action that needs the server says then
 * (issue 12: "says clearly that you are offline and keeps what you entered; nothing fails silently").
 */

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True unless the browser reports no network (navigator.onLine); re-renders on the online/offline events. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine !== false, () => true);
}

/** True when the browser says it has no network. */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export const OFFLINE_TITLE = 'You are offline';

/** "<Action> needs a connection. ..." for a toast or an inline notice. */
export function offlineMessage(action: string): string {
  const what = action.charAt(0).toUpperCase() + action.slice(1);
  return `${what} needs a connection to Go Live. What you entered is kept; try again when you are back online.`;
}

/** Shows the offline toast for `action` (e.g. "paying", "signing in"). */
export function notifyOffline(action: string): void {
  toast({ title: OFFLINE_TITLE, description: offlineMessage(action), variant: 'destructive' });
}

/**
 * Guard for an action that needs the server: offline, it shows the offline toast and returns true so the caller
 * stops without touching what the visitor entered; online it returns false.
 */
export function stopIfOffline(action: string): boolean {
  if (!isOffline()) return false;
  notifyOffline(action);
  return true;
}
