import { lazy, Suspense, useState } from 'react';
import { MessageCircle } from 'lucide-react';
import { Button } from '@client/ui/button';
import { SimpleTooltip } from '@client/ui/tooltip';
import { useAuth } from '@client/features/accounts/use-auth';
import { useUnreadCount } from './chat-provider';
import { unreadLabel } from './chat-format';

// The dialog (and the whole chat screen) loads when first opened.
const ChatDialog = lazy(() => import('./chat-dialog').then((m) => ({ default: m.ChatDialog })));

/** Header entry for signed-in users: Messages with my live unread count, opening my inbox. */
export function MessagesButton() {
  const { user } = useAuth();
  const count = useUnreadCount();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  if (!user) return null;
  return (
    <>
      <SimpleTooltip label="Messages">
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={count > 0 ? `Messages, ${unreadLabel(count)}` : 'Messages'}
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
        >
          <MessageCircle className="size-5" aria-hidden="true" />
          {count > 0 ? (
            <span
              aria-hidden="true"
              data-testid="messages-badge"
              className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-white"
            >
              {count > 99 ? '99+' : count}
            </span>
          ) : null}
        </Button>
      </SimpleTooltip>
      {loaded ? (
        <Suspense fallback={null}>
          <ChatDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
