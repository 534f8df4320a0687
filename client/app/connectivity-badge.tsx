import { useEffect, useState } from 'react';
import { Globe, WifiOff } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { useIsClient } from '@client/lib/use-is-client';
import { useOnlineStatus } from '@client/lib/online';
import { ONLINE_BADGE_HIDE_MS, connectivityMessage, type ConnectivityMessage } from './pwa/timing-rules';

const TEXT: Record<ConnectivityMessage, string> = {
  online: 'Online: Go Live is available worldwide, in 195+ countries.',
  'back-online': 'Back online: Go Live is syncing with the server again.',
  // Only what is true offline (issue 26): what was opened before shows as the device kept it (My bookings and tracking
  // say how old their copy is); nothing done offline is queued, so actions say they need a connection instead.
  offline: 'You are offline. What you opened before (lists, menus, My bookings, tracking) shows as this device saved it; booking, paying and signing in need a connection.',
};

/**
 * The connectivity badge of spec 002 section 2: online, a worldwide-access message hidden 5 s after mount (or after
 * a reconnect); offline, a message that stays until the connection is back. It is a strip in the page flow under
 * the header, not an overlay, so it never covers content or controls (at 390 px too). The live region itself is
 * always mounted so screen readers hear each change.
 *
 * Online or not is the browser's to say: the prerendered page (served offline too) keeps the strip's place with an
 * invisible copy of the online message, so the page does not move when the real message shows after hydration.
 */
export function ConnectivityBadge() {
  const isClient = useIsClient();
  const online = useOnlineStatus();
  const [wasOffline, setWasOffline] = useState(!online);
  const [expired, setExpired] = useState(false);

  useEffect(() => {
    setExpired(false);
    if (!online) {
      setWasOffline(true);
      return;
    }
    const timer = setTimeout(() => setExpired(true), ONLINE_BADGE_HIDE_MS);
    return () => clearTimeout(timer);
  }, [online]);

  const message = isClient ? connectivityMessage({ online, wasOffline, elapsedMs: expired ? ONLINE_BADGE_HIDE_MS : 0 }) : 'online';
  return (
    <div role="status" aria-live="polite" data-testid="connectivity-badge">
      {message ? (
        <p
          aria-hidden={isClient ? undefined : true}
          className={cn(
            'flex items-center justify-center gap-2 border-b px-4 py-1.5 text-center text-xs font-medium',
            !isClient && 'invisible',
            message === 'offline' ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-emerald-100 bg-emerald-50 text-emerald-900',
          )}
        >
          {message === 'offline' ? (
            <WifiOff className="size-3.5 shrink-0 text-amber-700" aria-hidden="true" />
          ) : (
            <Globe className="size-3.5 shrink-0 text-emerald-600" aria-hidden="true" />
          )}
          <span>{TEXT[message]}</span>
        </p>
      ) : null}
    </div>
  );
}
