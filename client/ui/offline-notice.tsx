import { WifiOff } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { OFFLINE_TITLE, offlineMessage, useOnlineStatus } from '@client/lib/online';

/**
 * Inline notice above a form or button whose action needs the server; renders nothing while online. Pair it
 * with `stopIfOffline(action)` in the submit handler.
 */
export function OfflineNotice({ action, className }: { action: string; className?: string }) {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div role="alert" className={cn('flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900', className)}>
      <WifiOff className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
      <p>
        <span className="font-semibold">{OFFLINE_TITLE}.</span> {offlineMessage(action)}
      </p>
    </div>
  );
}
