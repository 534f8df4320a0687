import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageCirclePlus, MessagesSquare, RefreshCw } from 'lucide-react';
import type { ChatConversation, ChatServiceType } from '@domain/chat/schemas';
import type { PublicUser } from '@domain/accounts/schemas';
import { getQueryFn, parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui/button';
import { FormAlert } from '@client/ui/form-field';
import { Skeleton } from '@client/ui/skeleton';
import { Spinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import { CONVERSATIONS_KEY, startConversation } from './chat-api';
import { formatListTime, lastMessagePreview, unreadLabel } from './chat-format';
import { useChatConnection } from './chat-provider';
import { ConnectionStatus } from './connection-status';
import { ConversationView } from './conversation-view';

/** What a chat was opened about. */
export type ChatTarget =
  /** A listing (restaurant card, a booking line): the customer can start a chat with its provider. */
  | { kind: 'service'; serviceType: ChatServiceType; serviceId: number; serviceName: string; bookingId?: number }
  /** A delivery or ride: the conversation between its customer and its driver. */
  | { kind: 'tracking'; trackingId: string };

/** Whose side of conversations to list: the customer's, or the provider's / driver's. */
export type InboxSide = 'customer' | 'provider';

type Props = {
  user: PublicUser;
  target?: ChatTarget;
  side?: InboxSide;
  /** Shown when there is no conversation to list. */
  empty?: ReactNode;
  className?: string;
};

function onSide(c: ChatConversation, side: InboxSide | undefined): boolean {
  if (!side) return true;
  return side === 'customer' ? c.myRole === 'user' : c.myRole !== 'user';
}

function matchesService(c: ChatConversation, target: ChatTarget | undefined): boolean {
  return target?.kind === 'service' && c.kind === 'provider' && c.myRole === 'user' && c.serviceType === target.serviceType && c.serviceId === target.serviceId;
}

function startErrorText(error: unknown): string {
  const parsed = parseApiError(error);
  return parsed.status === 409 && parsed.message ? parsed.message : 'Failed to start conversation';
}

/**
 * The chat: my conversations (other party, service, last message, unread badge) and the open one. Side by side
 * from md up; one at a time on phones, with Back. Opened about a listing, a customer gets Start New Chat (or the
 * existing chat about it); opened about a delivery, the chat with its driver opens by itself.
 */
export function ChatInbox({ user, target, side, empty, className }: Props) {
  const queryClient = useQueryClient();
  const connection = useChatConnection();
  const conversations = useQuery<ChatConversation[] | null>({
    queryKey: CONVERSATIONS_KEY,
    queryFn: getQueryFn<ChatConversation[]>({ on401: 'throw' }),
    // The list is cheap and changes with every message; read it fresh whenever a chat opens.
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const returnTo = useRef<number | null>(null);

  // The conversation just started, until the list (which may have been read a moment before) includes it.
  const [started, setStarted] = useState<ChatConversation | null>(null);
  const fetched = conversations.data ?? [];
  const all = started && !fetched.some((c) => c.id === started.id) ? [started, ...fetched] : fetched;
  const list = all.filter((c) => onSide(c, side) || c.id === selectedId);
  const selected = all.find((c) => c.id === selectedId) ?? null;

  const remember = (conversation: ChatConversation) => {
    queryClient.setQueryData<ChatConversation[] | null>(CONVERSATIONS_KEY, (old) => [conversation, ...(old ?? []).filter((c) => c.id !== conversation.id)]);
    setStarted(conversation);
    setSelectedId(conversation.id);
  };

  // Spec 000 section 8.
  const loadFailed = conversations.isError;
  useEffect(() => {
    if (loadFailed) toast({ title: 'Error', description: 'Failed to load conversations', variant: 'destructive' });
  }, [loadFailed]);
  const connectFailed = connection.failures > 0;
  useEffect(() => {
    if (connectFailed) toast({ title: 'Connection Error', description: 'Failed to connect to chat service', variant: 'destructive' });
  }, [connectFailed]);

  // Opened about a listing the customer already chats about: open that chat.
  const autoOpened = useRef(false);
  const existing = all.find((c) => matchesService(c, target));
  useEffect(() => {
    if (autoOpened.current || !existing) return;
    autoOpened.current = true;
    setSelectedId(existing.id);
  }, [existing]);

  const start = useMutation({
    mutationFn: startConversation,
    onSuccess: ({ conversation, created }) => {
      setStartError(null);
      if (created) toast({ title: 'Chat Started', description: 'New conversation created successfully', variant: 'success' });
      remember(conversation);
    },
    onError: (error) => {
      const text = startErrorText(error);
      setStartError(text);
      toast({ title: 'Error', description: text, variant: 'destructive' });
    },
  });

  // Opened about a delivery: the conversation with its driver exists once a driver took the order.
  const trackingId = target?.kind === 'tracking' ? target.trackingId : null;
  const startTracking = start.mutate;
  useEffect(() => {
    if (trackingId) startTracking({ trackingId });
  }, [trackingId, startTracking]);

  // Back on a phone: focus returns to the conversation that was open.
  useEffect(() => {
    if (selectedId !== null || returnTo.current === null) return;
    const id = returnTo.current;
    returnTo.current = null;
    listRef.current?.querySelector<HTMLElement>(`[data-conversation-id="${id}"]`)?.focus();
  }, [selectedId]);

  return (
    <div className={cn('grid min-h-0 overflow-hidden rounded-xl border border-gray-200 bg-white md:grid-cols-[minmax(15rem,18rem)_1fr]', 'h-[min(70vh,38rem)]', className)}>
      <section aria-label="Conversations" className={cn('min-h-0 flex-col border-gray-200 md:flex md:border-r', selected ? 'hidden' : 'flex')}>
        <div className="grid gap-2 border-b border-gray-200 p-3">
          <ConnectionStatus snapshot={connection} />
          {target?.kind === 'service' && user.role === 'user' ? (
            <Button
              onClick={() => start.mutate({ serviceType: target.serviceType, serviceId: target.serviceId, ...(target.bookingId ? { bookingId: target.bookingId } : {}) })}
              disabled={start.isPending}
            >
              <MessageCirclePlus className="size-4" aria-hidden="true" />
              {start.isPending ? 'Starting…' : 'Start New Chat'}
            </Button>
          ) : target?.kind === 'service' ? (
            <p className="text-xs text-gray-600">Chats about a listing are started by customers. Sign in with a customer account to ask {target.serviceName} something.</p>
          ) : null}
          {trackingId && start.isPending ? <Spinner label="Opening the chat…" showLabel /> : null}
          <FormAlert message={startError} />
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          {conversations.isPending ? (
            <div className="grid gap-2 p-3" aria-busy="true" aria-label="Loading conversations">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-14 w-full" />
              ))}
            </div>
          ) : conversations.isError ? (
            <div role="alert" className="grid justify-items-center gap-2 p-4 text-center text-sm text-red-700">
              <p>Failed to load conversations</p>
              <Button variant="outline" size="sm" onClick={() => void conversations.refetch()}>
                <RefreshCw className="size-3.5" aria-hidden="true" />
                Retry
              </Button>
            </div>
          ) : list.length === 0 ? (
            <div className="p-4 text-sm text-gray-600">{empty ?? 'No conversations yet.'}</div>
          ) : (
            <ul ref={listRef} className="grid" aria-label="Your conversations">
              {list.map((c) => (
                <li key={c.id}>
                  <ConversationRow conversation={c} myId={user.id} selected={c.id === selectedId} onSelect={() => setSelectedId(c.id)} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <div className={cn('min-h-0 min-w-0 flex-col', selected ? 'flex' : 'hidden md:flex')}>
        {selected ? (
          <ConversationView
            key={selected.id}
            conversation={selected}
            myId={user.id}
            onBack={() => {
              returnTo.current = selected.id;
              setSelectedId(null);
            }}
          />
        ) : (
          <div className="m-auto grid justify-items-center gap-2 p-6 text-center text-sm text-gray-600">
            <MessagesSquare className="size-10 text-gray-300" aria-hidden="true" />
            <p>Choose a conversation to read and reply.</p>
          </div>
        )}
      </div>
    </div>
  );
}

function ConversationRow({ conversation: c, myId, selected, onSelect }: { conversation: ChatConversation; myId: number; selected: boolean; onSelect: () => void }) {
  const when = c.lastMessage?.createdAt ?? c.updatedAt;
  return (
    <button
      type="button"
      data-conversation-id={c.id}
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'grid w-full grid-cols-[1fr_auto] gap-x-2 border-b border-gray-100 px-3 py-2.5 text-left transition-colors hover:bg-gray-50',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500',
        selected && 'bg-brand-50 hover:bg-brand-50',
      )}
    >
      <span className={cn('truncate text-sm text-gray-900', c.unreadCount > 0 ? 'font-bold' : 'font-semibold')}>{c.otherParty.name}</span>
      <span className="text-[11px] text-gray-500">{formatListTime(when)}</span>
      <span className="col-span-2 truncate text-xs text-brand-800">{c.serviceName}</span>
      <span className={cn('truncate text-xs', c.unreadCount > 0 ? 'font-medium text-gray-900' : 'text-gray-600')}>{lastMessagePreview(c, myId)}</span>
      {c.unreadCount > 0 ? (
        <span className="row-span-1 self-center justify-self-end rounded-full bg-red-600 px-1.5 text-[11px] leading-5 font-bold text-white" data-testid="conversation-unread">
          <span aria-hidden="true">{c.unreadCount > 99 ? '99+' : c.unreadCount}</span>
          <span className="sr-only">{unreadLabel(c.unreadCount)}</span>
        </span>
      ) : (
        <span />
      )}
    </button>
  );
}
