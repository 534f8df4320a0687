import { socketUrl } from '@client/lib/live-socket';
import { fetchHistory } from './chat-api';
import { ChatClient, type ChatEnv } from './chat-client';
import { MemoryOutboxStorage, Outbox, type OutboxStorage } from './outbox';
import { indexedDbOutboxStorage } from './outbox-idb';

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

/** A chat connection for the signed-in user over /ws/chat, with their offline outbox (not started yet). */
export function createChatClient(userId: number): ChatClient {
  return new ChatClient(userId, new Outbox(outboxStorage(), userId), browserEnv);
}
