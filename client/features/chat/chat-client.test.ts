import { describe, expect, it } from 'vitest';
import type { ChatClientMessage, ChatMessage, ChatServerMessage, HistoryPage } from '@domain/chat/schemas';
import { CHAT_RATE } from '@domain/chat/limits';
import { ChatClient, type ChatEnv, type SocketHandlers } from './chat-client';
import { MemoryOutboxStorage, Outbox } from './outbox';

const ME = 7;
const OTHER = 9;

type FakeSocket = { handlers: SocketHandlers; sent: ChatClientMessage[]; closed: number | null };

function fakeEnv() {
  const sockets: FakeSocket[] = [];
  const timers = new Map<number, { fn: () => void; ms: number }>();
  let timerId = 0;
  let online = true;
  let networkListener: ((online: boolean) => void) | null = null;
  const history: Array<{ conversationId: number; before: number | undefined }> = [];
  const env: ChatEnv = {
    connect(handlers) {
      const socket: FakeSocket = { handlers, sent: [], closed: null };
      sockets.push(socket);
      return {
        send: (data) => socket.sent.push(JSON.parse(data) as ChatClientMessage),
        close: (code) => {
          socket.closed = code ?? 1000;
        },
      };
    },
    isOnline: () => online,
    onNetworkChange: (listener) => {
      networkListener = listener;
      return () => (networkListener = null);
    },
    fetchHistory: async (conversationId, before): Promise<HistoryPage> => {
      history.push({ conversationId, before });
      return { messages: [msg(1, OTHER, 'oldest')], hasMore: false };
    },
    setTimeout: (fn, ms) => {
      timers.set(++timerId, { fn, ms });
      return timerId;
    },
    clearTimeout: (id) => timers.delete(id as number),
    random: () => 0.5,
  };
  return {
    env,
    sockets,
    timers,
    history,
    last: () => sockets[sockets.length - 1],
    serverSays: (message: ChatServerMessage, socket = sockets[sockets.length - 1]) => socket.handlers.onMessage(JSON.stringify(message)),
    runTimers: () => {
      const due = [...timers.entries()];
      timers.clear();
      for (const [, t] of due) t.fn();
    },
    setOnline: (value: boolean) => {
      online = value;
      networkListener?.(value);
    },
  };
}

function msg(id: number, senderId: number, text: string, clientMessageId: string | null = null): ChatMessage {
  return {
    id,
    conversationId: 5,
    senderId,
    senderType: senderId === ME ? 'user' : 'provider',
    message: text,
    messageType: 'text',
    isRead: false,
    createdAt: new Date(id * 1000).toISOString(),
    clientMessageId,
  };
}

async function setup() {
  const fake = fakeEnv();
  const outbox = new Outbox(new MemoryOutboxStorage(), ME);
  await outbox.ready;
  const client = new ChatClient(ME, outbox, fake.env);
  client.start();
  await Promise.resolve();
  return { ...fake, client, outbox };
}

describe('chat client', () => {
  it('joins after the server says connected, and re-joins with sinceId after a reconnect', async () => {
    const t = await setup();
    expect(t.client.getSnapshot().state).toBe('connecting');
    t.client.join(5);
    expect(t.last().sent).toEqual([]);
    t.serverSays({ type: 'connected', userId: ME });
    expect(t.client.getSnapshot().state).toBe('connected');
    expect(t.last().sent).toEqual([{ type: 'join_conversation', conversationId: 5 }]);
    t.serverSays({ type: 'conversation_joined', conversationId: 5, messages: [msg(10, OTHER, 'hi'), msg(11, ME, 'hello')] });
    t.serverSays({ type: 'new_message', message: msg(12, OTHER, 'how are you') });
    expect(t.client.conversation(5).messages.map((m) => m.id)).toEqual([10, 11, 12]);

    t.last().handlers.onClose(1012);
    expect(t.client.getSnapshot().state).toBe('reconnecting');
    expect(t.sockets).toHaveLength(1);
    t.runTimers();
    expect(t.sockets).toHaveLength(2);
    t.serverSays({ type: 'connected', userId: ME });
    expect(t.last().sent).toEqual([{ type: 'join_conversation', conversationId: 5, sinceId: 12 }]);
    t.serverSays({ type: 'conversation_joined', conversationId: 5, messages: [msg(13, OTHER, 'missed while away')] });
    expect(t.client.conversation(5).messages.map((m) => m.id)).toEqual([10, 11, 12, 13]);
  });

  it('queues messages while disconnected and sends them once, in order, when connected; the echo acknowledges them', async () => {
    const t = await setup();
    const a = t.client.sendMessage(5, 'first');
    const b = t.client.sendMessage(5, 'second');
    expect(t.last().sent).toEqual([]);
    t.serverSays({ type: 'connected', userId: ME });
    expect(t.last().sent).toEqual([{ type: 'send_message', conversationId: 5, message: 'first', clientMessageId: a.clientMessageId }]);
    t.serverSays({ type: 'new_message', message: msg(20, ME, 'first', a.clientMessageId) });
    expect(t.last().sent.map((m) => m.type === 'send_message' && m.message)).toEqual(['first', 'second']);
    t.serverSays({ type: 'new_message', message: msg(21, ME, 'second', b.clientMessageId) });
    expect(t.outbox.list()).toEqual([]);
    expect(t.last().sent).toHaveLength(2);
  });

  it('sends the unacknowledged message again on the next connection only', async () => {
    const t = await setup();
    t.serverSays({ type: 'connected', userId: ME });
    const a = t.client.sendMessage(5, 'lost in transit');
    expect(t.last().sent).toHaveLength(1);
    t.last().handlers.onClose(1006);
    t.runTimers();
    t.serverSays({ type: 'connected', userId: ME });
    expect(t.last().sent).toEqual([{ type: 'send_message', conversationId: 5, message: 'lost in transit', clientMessageId: a.clientMessageId }]);
  });

  it('drops the socket when the browser goes offline and reconnects at once when it is back', async () => {
    const t = await setup();
    t.serverSays({ type: 'connected', userId: ME });
    t.setOnline(false);
    expect(t.last().closed).toBe(1000);
    expect(t.client.getSnapshot()).toMatchObject({ state: 'reconnecting', online: false });
    const queued = t.client.sendMessage(5, 'written offline');
    // The old socket's late events are ignored.
    t.serverSays({ type: 'connected', userId: ME }, t.sockets[0]);
    expect(t.sockets[0].sent).toEqual([]);
    expect(t.timers.size).toBe(0);
    t.setOnline(true);
    expect(t.sockets).toHaveLength(2);
    t.serverSays({ type: 'connected', userId: ME });
    expect(t.last().sent).toEqual([{ type: 'send_message', conversationId: 5, message: 'written offline', clientMessageId: queued.clientMessageId }]);
  });

  it('marks a refused message, and waits and retries after a rate limit', async () => {
    const t = await setup();
    t.serverSays({ type: 'connected', userId: ME });
    const a = t.client.sendMessage(5, 'too many');
    t.serverSays({ type: 'error', message: 'You are sending messages too fast. Wait a few seconds.', clientMessageId: a.clientMessageId, conversationId: 5 });
    expect(t.outbox.list()[0].error).toBeUndefined();
    expect(t.last().sent).toHaveLength(1);
    // The pause, then the send again (the ack timeout was cleared by the refusal).
    t.runTimers();
    expect(t.last().sent).toHaveLength(2);
    t.serverSays({ type: 'error', message: 'Conversation not found', clientMessageId: a.clientMessageId, conversationId: 5 });
    expect(t.outbox.list()[0].error).toBe('Conversation not found');
  });

  it('tracks typing and read receipts of the other party in joined conversations', async () => {
    const t = await setup();
    t.client.join(5);
    t.serverSays({ type: 'connected', userId: ME });
    t.serverSays({ type: 'conversation_joined', conversationId: 5, messages: [msg(30, ME, 'hi')] });
    t.serverSays({ type: 'user_typing', conversationId: 5, userId: OTHER });
    expect(t.client.conversation(5).typing).toBe(true);
    t.serverSays({ type: 'messages_read', conversationId: 5, userId: OTHER, upToId: 30 });
    expect(t.client.conversation(5).otherReadUpTo).toBe(30);
    t.serverSays({ type: 'new_message', message: msg(31, OTHER, 'reply') });
    expect(t.client.conversation(5).typing).toBe(false);
    t.serverSays({ type: 'user_typing', conversationId: 5, userId: OTHER });
    t.runTimers();
    expect(t.client.conversation(5).typing).toBe(false);
  });

  it('knows whether older messages exist and loads them', async () => {
    const t = await setup();
    t.client.join(5);
    t.serverSays({ type: 'connected', userId: ME });
    const page = Array.from({ length: 50 }, (_, i) => msg(100 + i, OTHER, `m${i}`));
    t.serverSays({ type: 'conversation_joined', conversationId: 5, messages: page });
    expect(t.client.conversation(5).hasMore).toBe(true);
    await t.client.loadEarlier(5);
    expect(t.history).toEqual([{ conversationId: 5, before: 100 }]);
    expect(t.client.conversation(5)).toMatchObject({ hasMore: false });
    expect(t.client.conversation(5).messages[0].id).toBe(1);
  });

  it('stops for good after the server refuses the session', async () => {
    const t = await setup();
    t.serverSays({ type: 'error', message: 'Sign in to chat' });
    t.last().handlers.onClose(4401);
    expect(t.client.getSnapshot().state).toBe('closed');
    expect(t.timers.size).toBe(0);
  });

  it('counts failed attempts for the connection error, and resets them once connected', async () => {
    const t = await setup();
    t.last().handlers.onClose(1006);
    expect(t.client.getSnapshot().failures).toBe(1);
    t.runTimers();
    t.serverSays({ type: 'connected', userId: ME });
    expect(t.client.getSnapshot().failures).toBe(0);
  });

  it('drains a queue written offline at the server’s pace: never more than its limit in a window, all in order', async () => {
    const t = await setup();
    let clock = 1_000_000;
    t.env.now = () => clock;
    const queued = Array.from({ length: 45 }, (_, n) => t.client.sendMessage(5, `m${n}`).clientMessageId);
    t.serverSays({ type: 'connected', userId: ME });
    const sentAt: number[] = [];
    const order: string[] = [];
    for (let guard = 0; guard < 1000 && order.length < queued.length; guard++) {
      const sends = t.last().sent.filter((m) => m.type === 'send_message');
      if (sends.length > order.length) {
        const m = sends[order.length];
        if (m.type !== 'send_message') throw new Error('unreachable');
        sentAt.push(clock);
        order.push(m.clientMessageId);
        // The server stores it and answers at once.
        t.serverSays({ type: 'new_message', message: msg(100 + order.length, ME, m.message, m.clientMessageId) });
        continue;
      }
      // Nothing in flight: the one timer is the pace's; let the clock run to it.
      const timers = [...t.timers.values()];
      expect(timers).toHaveLength(1);
      clock += timers[0].ms;
      t.runTimers();
    }
    expect(order).toEqual(queued);
    expect(sentAt.slice(0, CHAT_RATE.max).every((at) => at === 1_000_000)).toBe(true);
    // Any CHAT_RATE.max + 1 consecutive sends span more than the server's window: it never refuses one.
    for (let i = CHAT_RATE.max; i < sentAt.length; i++) expect(sentAt[i] - sentAt[i - CHAT_RATE.max]).toBeGreaterThan(CHAT_RATE.windowMs);
    expect(t.last().sent.filter((m) => m.type === 'send_message')).toHaveLength(45);
  });

  it('rejoins from the last message the other party’s side pushed, not from my own answered send', async () => {
    const t = await setup();
    t.client.join(5);
    t.serverSays({ type: 'connected', userId: ME });
    t.serverSays({ type: 'conversation_joined', conversationId: 5, messages: [msg(10, OTHER, 'hi')] });
    // My send's answer (id 12) arrives while their message 11 was never pushed to this socket.
    const mine = t.client.sendMessage(5, 'hello');
    t.serverSays({ type: 'new_message', message: msg(12, ME, 'hello', mine.clientMessageId) });
    t.last().handlers.onClose(1012);
    t.runTimers();
    t.serverSays({ type: 'connected', userId: ME });
    expect(t.last().sent).toEqual([{ type: 'join_conversation', conversationId: 5, sinceId: 10 }]);
    t.serverSays({ type: 'conversation_joined', conversationId: 5, messages: [msg(11, OTHER, 'missed'), msg(12, ME, 'hello', mine.clientMessageId)] });
    expect(t.client.conversation(5).messages.map((m) => m.id)).toEqual([10, 11, 12]);
  });
});
