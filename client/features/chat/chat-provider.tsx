import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getQueryFn } from '@client/lib/api';
import { AUTH_ME_KEY, useAuth } from '@client/features/accounts/use-auth';
import { CONVERSATIONS_KEY, UNREAD_KEY, type UnreadCount } from './chat-api';
import type { ChatClient, ChatSnapshot } from './chat-client';
import { EMPTY_CONVERSATION, type ConversationState } from './messages';
import type { OutboxEntry } from './outbox';

const ChatContext = createContext<ChatClient | null>(null);

/** Starts a connection, wires it to the query cache, and returns how to stop it. */
function connect(next: ChatClient, queryClient: QueryClient): () => void {
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
  };
  const unsubscribe = next.subscribe((message) => {
    // 'connected' also follows a reconnect: anything that arrived meanwhile is in the counts now.
    if (message.type === 'new_message' || message.type === 'messages_read' || message.type === 'connected') refresh();
  });
  const unwatch = next.subscribeState(() => {
    // The server refused the session (it ended): let the app find out who is signed in now.
    if (next.getSnapshot().state === 'closed') void queryClient.invalidateQueries({ queryKey: AUTH_ME_KEY });
  });
  next.start();
  return () => {
    unsubscribe();
    unwatch();
    next.stop();
  };
}

/**
 * The signed-in user's chat connection, app-wide: one WebSocket per tab while signed in (closed on sign-out), so
 * the header's unread badge stays live and messages queued offline leave as soon as the connection is back. The
 * connection's code (chat-session.ts) loads when someone signs in, so a signed-out visit never fetches it.
 */
export function ChatProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  const [client, setClient] = useState<ChatClient | null>(null);

  useEffect(() => {
    if (userId === null) {
      setClient(null);
      return;
    }
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./chat-session').then(({ createChatClient }) => {
      if (cancelled) return;
      const next = createChatClient(userId);
      stop = connect(next, queryClient);
      setClient(next);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, queryClient]);

  return <ChatContext.Provider value={userId === null ? null : client}>{children}</ChatContext.Provider>;
}

/** The chat connection, or null while signed out (or in the moment before it exists). */
export function useChatClient(): ChatClient | null {
  return useContext(ChatContext);
}

const SIGNED_OUT: ChatSnapshot = { state: 'closed', online: true, failures: 0 };
const noop = () => () => undefined;

export function useChatConnection(): ChatSnapshot {
  const client = useChatClient();
  return useSyncExternalStore(client?.subscribeState ?? noop, client?.getSnapshot ?? (() => SIGNED_OUT), () => SIGNED_OUT);
}

/** One conversation's messages, typing and read state, kept live by the connection. */
export function useConversationState(conversationId: number | null): ConversationState {
  const client = useChatClient();
  const subscribe = useCallback(
    (listener: () => void) => (client && conversationId !== null ? client.subscribeConversation(conversationId, listener) : () => undefined),
    [client, conversationId],
  );
  const read = useCallback(() => (client && conversationId !== null ? client.conversation(conversationId) : EMPTY_CONVERSATION), [client, conversationId]);
  return useSyncExternalStore(subscribe, read, () => EMPTY_CONVERSATION);
}

const NO_ENTRIES: readonly OutboxEntry[] = [];

/** Messages written but not yet stored by the server ('Sending…'), oldest first. */
export function useOutbox(): readonly OutboxEntry[] {
  const client = useChatClient();
  const subscribe = useCallback((listener: () => void) => client?.outbox.subscribe(listener) ?? (() => undefined), [client]);
  const read = useCallback(() => client?.outbox.list() ?? NO_ENTRIES, [client]);
  return useSyncExternalStore(subscribe, read, () => NO_ENTRIES);
}

/** My unread messages across conversations (0 while signed out); kept live by the provider's invalidations. */
export function useUnreadCount(): number {
  const { user } = useAuth();
  const query = useQuery<UnreadCount | null>({
    queryKey: UNREAD_KEY,
    queryFn: getQueryFn<UnreadCount>({ on401: 'returnNull' }),
    enabled: user !== null,
  });
  return user ? (query.data?.count ?? 0) : 0;
}
