import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getQueryFn } from '@client/lib/api';
import { socketUrl } from '@client/lib/live-socket';
import { AUTH_ME_KEY, useAuth } from '@client/features/accounts/use-auth';
import { CONVERSATIONS_KEY, fetchHistory, UNREAD_KEY, type UnreadCount } from './chat-api';
import { ChatClient, type ChatEnv, type ChatSnapshot } from './chat-client';
import { EMPTY_CONVERSATION, type ConversationState } from './messages';
import { MemoryOutboxStorage, Outbox, type OutboxEntry, type OutboxStorage } from './outbox';
import { indexedDbOutboxStorage } from './outbox-idb';

const ChatContext = createContext<ChatClient | null>(null);

const browserEnv: ChatEnv = {
  connect(handlers) {
    const ws = new WebSocket(socketUrl('/ws/chat'));
    ws.onmessage = (event) => handlers.onMessage(String(event.data));
    ws.onclose = (event) => handlers.onClose(event.code);
    return {
      send: (data) => ws.send(data),
      close: (code) => ws.close(code),
    };
  },
  isOnline: () => navigator.onLine !== false,
  onNetworkChange(listener) {
    const on = () => listener(true);
    const off = () => listener(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  },
  fetchHistory,
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (timer) => window.clearTimeout(timer as number),
  random: Math.random,
};

let storage: OutboxStorage | null = null;
/** IndexedDB when the browser has it; otherwise memory for the life of the tab. */
function outboxStorage(): OutboxStorage {
  storage ??= indexedDbOutboxStorage() ?? new MemoryOutboxStorage();
  return storage;
}

/**
 * The signed-in user's chat connection, app-wide: one WebSocket per tab while signed in (closed on sign-out), so
 * the header's unread badge stays live and messages queued offline leave as soon as the connection is back.
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
    const next = new ChatClient(userId, new Outbox(outboxStorage(), userId), browserEnv);
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
    setClient(next);
    return () => {
      unsubscribe();
      unwatch();
      next.stop();
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
