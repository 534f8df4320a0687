import { RefreshCw } from 'lucide-react';
import type { LiveSocketState } from '@client/lib/live-socket';
import { useHasBeenTrue } from '@client/lib/use-has-been-true';

/**
 * 'Reconnecting…' while the live connection of a record that can still change is down after having been up (a server
 * restart, a network change): the socket comes back by itself and its first message brings the whole record, so
 * nothing stays missing. Nothing is shown before the first connection (the page has just loaded).
 */
export function ReconnectingNote({ socket, live }: { socket: LiveSocketState; live: boolean }) {
  const connectedOnce = useHasBeenTrue(socket === 'open');
  if (!live || !connectedOnce || socket === 'open') return null;
  return (
    <p role="status" className="flex items-center gap-1.5 text-xs text-amber-800" data-testid="tracking-connection">
      <RefreshCw className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      Reconnecting… the map catches up as soon as the connection is back
    </p>
  );
}
