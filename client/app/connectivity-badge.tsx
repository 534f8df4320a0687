import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Globe, WifiOff } from 'lucide-react';
import { cn } from '@client/lib/cn';

/** Spec 002 section 9: the online message disappears 5 s after it is shown. */
export const ONLINE_BADGE_HIDE_MS = 5000;

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

/**
 * Small, non-blocking connectivity pill (spec 002 section 2). Online: worldwide-access message, hidden after
 * 5 s. Offline: stays while offline; queries and mutations pause and resume on reconnect (TanStack Query).
 */
export function ConnectivityBadge() {
  const online = useOnlineStatus();
  const [visible, setVisible] = useState(true);
  const wasOffline = useRef(false);
  const [reconnected, setReconnected] = useState(false);

  useEffect(() => {
    setVisible(true);
    if (!online) {
      wasOffline.current = true;
      return;
    }
    setReconnected(wasOffline.current);
    const timer = setTimeout(() => setVisible(false), ONLINE_BADGE_HIDE_MS);
    return () => clearTimeout(timer);
  }, [online]);

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed bottom-4 left-4 z-40 max-w-[calc(100vw-2rem)]">
      {visible ? (
        <p
          className={cn(
            'flex items-center gap-2 rounded-full px-3 py-1.5 text-xs font-medium shadow-lg ring-1 animate-fade-in',
            online ? 'bg-white text-emerald-800 ring-emerald-200' : 'bg-amber-50 text-amber-900 ring-amber-300',
          )}
        >
          {online ? (
            <Globe className="size-3.5 shrink-0 text-emerald-600" aria-hidden="true" />
          ) : (
            <WifiOff className="size-3.5 shrink-0 text-amber-700" aria-hidden="true" />
          )}
          <span>
            {online
              ? reconnected
                ? 'Back online: your changes are syncing.'
                : 'Online: Go Live is available worldwide, in 195+ countries.'
              : 'You are offline. The app still works and will sync when you reconnect.'}
          </span>
        </p>
      ) : null}
    </div>
  );
}
