import { cn } from '@client/lib/cn';
import type { ChatSnapshot } from './chat-client';

/** What the connection means for the person writing (spec: connection status). */
export function connectionText(snapshot: ChatSnapshot): string {
  if (!snapshot.online) return 'Offline: messages you write are sent when you are back online';
  switch (snapshot.state) {
    case 'connected':
      return 'Connected';
    case 'connecting':
      return 'Connecting…';
    case 'reconnecting':
      return 'Reconnecting… messages you write are sent when the connection is back';
    case 'closed':
      return 'Not connected: sign in again to chat';
  }
}

export function ConnectionStatus({ snapshot, className }: { snapshot: ChatSnapshot; className?: string }) {
  const live = snapshot.online && snapshot.state === 'connected';
  return (
    <p role="status" className={cn('flex items-center gap-1.5 text-xs text-gray-600', className)} data-testid="chat-connection">
      <span
        aria-hidden="true"
        className={cn('size-2 shrink-0 rounded-full', live ? 'bg-emerald-500' : snapshot.online && snapshot.state !== 'closed' ? 'bg-amber-500' : 'bg-gray-400')}
      />
      <span className="min-w-0">{connectionText(snapshot)}</span>
    </p>
  );
}
