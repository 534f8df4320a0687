import type { ChatClientMessage, ChatMessage, ChatServerMessage, HistoryPage } from '@domain/chat/schemas';
import { CHAT_RATE, HISTORY_PAGE, TYPING_TTL_MS } from '@domain/chat/limits';
import { EMPTY_CONVERSATION, lastIncomingId, mergeMessages, type ConversationState } from './messages';
import type { Outbox, OutboxEntry } from './outbox';

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'closed';

export type ChatSnapshot = {
  state: ConnectionState;
  /** The browser says it has a network (navigator.onLine). */
  online: boolean;
  /** Connection attempts that failed since the last successful one (0 while connected). */
  failures: number;
};

/** One WebSocket as the client needs it; the browser adapter is in chat-provider.tsx, tests pass a fake. */
export type SocketHandle = { send(data: string): void; close(code?: number): void };
export type SocketHandlers = { onMessage(data: string): void; onClose(code: number): void };

export type ChatEnv = {
  connect(handlers: SocketHandlers): SocketHandle;
  isOnline(): boolean;
  /** Calls back on the browser's online / offline events; returns the unsubscribe. */
  onNetworkChange(listener: (online: boolean) => void): () => void;
  fetchHistory(conversationId: number, before: number | undefined): Promise<HistoryPage>;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
  random(): number;
  /** The clock the send pacing reads (Date.now when absent). */
  now?(): number;
};

/** Close code the server uses for "not signed in": reconnecting cannot help. */
export const UNAUTHORIZED_CLOSE = 4401;
/** Answer to a send that never came (the connection hung): send it again; the server drops the repeat. */
export const ACK_TIMEOUT_MS = 10_000;
/** Wait after the server said we are sending too fast. */
export const RATE_LIMIT_PAUSE_MS = 3_000;
/**
 * The outbox never sends more than the server's limit (CHAT_RATE) in a window stretched by this margin (the server
 * counts by the time it stores, a little later than we send): a queue written offline, or held up while the server
 * could not answer, drains at the allowed pace instead of tripping the limit.
 */
export const PACE_MARGIN_MS = 1_000;
const MAX_BACKOFF_MS = 15_000;

export function backoffDelay(attempt: number, random: number): number {
  const base = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);
  return Math.round(base * (0.75 + random * 0.5));
}

function isServerMessage(value: unknown): value is ChatServerMessage {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/**
 * The signed-in user's chat connection: one WebSocket to /ws/chat that reconnects with backoff (right away when the
 * network returns), re-joins every joined conversation with `sinceId` = the last message seen, keeps each joined
 * conversation's messages, typing and read state, and sends the outbox in order whenever it is connected.
 */
export class ChatClient {
  private socket: SocketHandle | null = null;
  /** Incremented per socket, so late events of a socket we gave up on are ignored. */
  private generation = 0;
  private ready = false;
  private attempt = 0;
  private reconnectTimer: unknown = null;
  private ackTimer: unknown = null;
  private paused = false;
  private pauseTimer: unknown = null;
  private paceTimer: unknown = null;
  /** When each recent message was sent (first sends; the server counts a resend of the same id once). */
  private readonly sentAt: number[] = [];
  private lastSentId: string | null = null;
  private stopped = true;
  private everConnected = false;
  private unlistenNetwork: (() => void) | null = null;
  private snapshot: ChatSnapshot;

  private readonly joined = new Map<number, number>();
  /** Joins sent without sinceId: their answer is the latest page, so it tells whether older messages exist. */
  private readonly freshJoins = new Set<number>();
  private readonly conversations = new Map<number, ConversationState>();
  private readonly typingTimers = new Map<number, unknown>();
  private readonly conversationListeners = new Map<number, Set<() => void>>();
  private readonly stateListeners = new Set<() => void>();
  private readonly messageListeners = new Set<(message: ChatServerMessage) => void>();

  constructor(
    readonly userId: number,
    readonly outbox: Outbox,
    private readonly env: ChatEnv,
  ) {
    this.snapshot = { state: 'connecting', online: env.isOnline(), failures: 0 };
  }

  // ---- lifecycle ----

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unlistenNetwork = this.env.onNetworkChange((online) => this.networkChanged(online));
    void this.outbox.ready.then(() => this.pump());
    this.open();
  }

  stop(): void {
    this.stopped = true;
    this.unlistenNetwork?.();
    this.unlistenNetwork = null;
    this.clearTimer('reconnectTimer');
    this.clearTimer('ackTimer');
    this.clearTimer('pauseTimer');
    this.clearTimer('paceTimer');
    this.paused = false;
    for (const timer of this.typingTimers.values()) this.env.clearTimeout(timer);
    this.typingTimers.clear();
    this.dropSocket(1000);
    this.setSnapshot({ state: 'closed' });
  }

  // ---- subscriptions ----

  getSnapshot = (): ChatSnapshot => this.snapshot;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  /** Every server message, after the client has applied it. */
  subscribe(listener: (message: ChatServerMessage) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  conversation(conversationId: number): ConversationState {
    return this.conversations.get(conversationId) ?? EMPTY_CONVERSATION;
  }

  subscribeConversation(conversationId: number, listener: () => void): () => void {
    let set = this.conversationListeners.get(conversationId);
    if (!set) this.conversationListeners.set(conversationId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.conversationListeners.delete(conversationId);
    };
  }

  // ---- actions ----

  get connected(): boolean {
    return this.ready;
  }

  /** Sends when connected; false otherwise (typing and read marks are simply skipped then). */
  send(message: ChatClientMessage): boolean {
    if (!this.ready || !this.socket) return false;
    try {
      this.socket.send(JSON.stringify(message));
      return true;
    } catch {
      return false;
    }
  }

  /** Follows a conversation (joins it now or once connected, and again after every reconnect); returns the leave. */
  join(conversationId: number): () => void {
    const count = this.joined.get(conversationId) ?? 0;
    this.joined.set(conversationId, count + 1);
    if (count === 0) {
      if (!this.conversations.has(conversationId)) this.conversations.set(conversationId, EMPTY_CONVERSATION);
      if (this.ready) this.sendJoin(conversationId);
    }
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const n = (this.joined.get(conversationId) ?? 1) - 1;
      if (n > 0) this.joined.set(conversationId, n);
      else this.joined.delete(conversationId);
    };
  }

  /** Queues a message (trimmed and checked by the caller) and sends it as soon as it can. */
  sendMessage(conversationId: number, text: string): OutboxEntry {
    const entry = this.outbox.add(conversationId, text);
    this.pump();
    return entry;
  }

  retry(clientMessageId: string): void {
    this.outbox.retry(clientMessageId);
    this.pump();
  }

  discard(clientMessageId: string): void {
    this.outbox.discard(clientMessageId);
    this.pump();
  }

  /** The other party's read mark as a listing reported it (never moves back). */
  seedReadUpTo(conversationId: number, upToId: number): void {
    const state = this.conversation(conversationId);
    if (upToId > state.otherReadUpTo) this.update(conversationId, { otherReadUpTo: upToId });
  }

  /** Loads the page before the oldest message held ('Load earlier messages'). */
  async loadEarlier(conversationId: number): Promise<void> {
    const state = this.conversation(conversationId);
    const before = state.messages[0]?.id;
    const page = await this.env.fetchHistory(conversationId, before);
    const now = this.conversation(conversationId);
    this.update(conversationId, { messages: mergeMessages(now.messages, page.messages), hasMore: page.hasMore });
  }

  // ---- connection ----

  private open(): void {
    if (this.stopped || this.socket) return;
    if (!this.env.isOnline()) {
      // Wait for the browser's online event instead of failing attempts.
      this.setSnapshot({ state: this.everConnected ? 'reconnecting' : 'connecting', online: false });
      return;
    }
    this.setSnapshot({ state: this.everConnected ? 'reconnecting' : 'connecting' });
    const generation = ++this.generation;
    this.socket = this.env.connect({
      onMessage: (data) => {
        if (generation === this.generation) this.received(data);
      },
      onClose: (code) => {
        if (generation === this.generation) this.closed(code);
      },
    });
  }

  /** Forgets the current socket at once (its late close event is ignored) and closes it. */
  private dropSocket(code: number): void {
    const socket = this.socket;
    this.generation += 1;
    this.socket = null;
    this.lostConnection();
    try {
      socket?.close(code);
    } catch {
      // already closed
    }
  }

  private lostConnection(): void {
    this.ready = false;
    this.freshJoins.clear();
    this.outbox.release();
    this.clearTimer('ackTimer');
    for (const [id, timer] of this.typingTimers) {
      this.env.clearTimeout(timer);
      this.update(id, { typing: false });
    }
    this.typingTimers.clear();
    // Conversations nobody follows now may miss messages while disconnected: reload them when next opened.
    for (const id of [...this.conversations.keys()]) if (!this.joined.has(id)) this.conversations.delete(id);
  }

  private closed(code: number): void {
    const wasReady = this.ready;
    this.socket = null;
    this.generation += 1;
    this.lostConnection();
    if (this.stopped) return;
    if (code === UNAUTHORIZED_CLOSE) {
      this.setSnapshot({ state: 'closed' });
      return;
    }
    this.setSnapshot({ state: this.everConnected ? 'reconnecting' : 'connecting', failures: wasReady ? 0 : this.snapshot.failures + 1 });
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.clearTimer('reconnectTimer');
    if (this.stopped || !this.env.isOnline()) return;
    const delay = backoffDelay(this.attempt, this.env.random());
    this.attempt += 1;
    this.reconnectTimer = this.env.setTimeout(() => {
      this.reconnectTimer = null;
      this.open();
    }, delay);
  }

  private networkChanged(online: boolean): void {
    this.setSnapshot({ online });
    if (this.stopped) return;
    if (!online) {
      // Browsers keep a WebSocket "open" for a long while after the network goes; stop trusting it now.
      this.clearTimer('reconnectTimer');
      if (this.socket) {
        this.dropSocket(1000);
        this.setSnapshot({ state: this.everConnected ? 'reconnecting' : 'connecting' });
      }
      return;
    }
    if (!this.socket) {
      this.clearTimer('reconnectTimer');
      this.attempt = 0;
      this.open();
    }
  }

  // ---- messages ----

  private received(data: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    if (!isServerMessage(parsed)) return;
    const message = parsed;
    switch (message.type) {
      case 'connected':
        this.ready = true;
        this.everConnected = true;
        this.attempt = 0;
        this.setSnapshot({ state: 'connected', failures: 0 });
        for (const id of this.joined.keys()) this.sendJoin(id);
        this.pump();
        break;
      case 'conversation_joined': {
        const fresh = this.freshJoins.delete(message.conversationId);
        const state = this.conversations.get(message.conversationId);
        if (state) {
          this.update(message.conversationId, {
            messages: mergeMessages(state.messages, message.messages),
            loaded: true,
            hasMore: fresh ? message.messages.length >= HISTORY_PAGE : state.hasMore,
          });
        }
        this.ackOwn(message.messages);
        break;
      }
      case 'new_message': {
        const m = message.message;
        const state = this.conversations.get(m.conversationId);
        if (state) {
          const patch: Partial<ConversationState> = { messages: mergeMessages(state.messages, [m]) };
          if (m.senderId !== this.userId) {
            patch.typing = false;
            this.clearTypingTimer(m.conversationId);
          }
          this.update(m.conversationId, patch);
        }
        this.ackOwn([m]);
        break;
      }
      case 'user_typing':
      case 'user_stop_typing': {
        if (message.userId === this.userId || !this.conversations.has(message.conversationId)) break;
        const typing = message.type === 'user_typing';
        this.clearTypingTimer(message.conversationId);
        if (typing) {
          // The server sends stop after TYPING_TTL_MS; this is the fallback if that is lost with the connection.
          this.typingTimers.set(
            message.conversationId,
            this.env.setTimeout(() => {
              this.typingTimers.delete(message.conversationId);
              this.update(message.conversationId, { typing: false });
            }, TYPING_TTL_MS + 1000),
          );
        }
        this.update(message.conversationId, { typing });
        break;
      }
      case 'messages_read':
        if (message.userId !== this.userId) this.seedReadUpTo(message.conversationId, message.upToId);
        break;
      case 'error':
        if (message.clientMessageId) this.refused(message.clientMessageId, message.message);
        break;
    }
    for (const listener of this.messageListeners) listener(message);
  }

  private sendJoin(conversationId: number): void {
    const state = this.conversations.get(conversationId);
    // The last message the other party's side pushed, not my own: my message comes back as the answer to my send at
    // once (even while pub/sub is down), so it may be newer than one of theirs this socket never got. A rejoin from
    // theirs returns my later messages again (merged by id), and nothing is skipped.
    const since = state?.loaded ? lastIncomingId(state.messages, this.userId) : 0;
    if (since > 0) {
      this.send({ type: 'join_conversation', conversationId, sinceId: since });
    } else {
      this.freshJoins.add(conversationId);
      this.send({ type: 'join_conversation', conversationId });
    }
  }

  /** My messages coming back with their clientMessageId acknowledge the outbox entries. */
  private ackOwn(messages: readonly ChatMessage[]): void {
    let acked = false;
    for (const m of messages) {
      if (m.senderId === this.userId && m.clientMessageId && this.outbox.ack(m.clientMessageId)) acked = true;
    }
    if (acked) {
      this.clearTimer('ackTimer');
      this.pump();
    }
  }

  private refused(clientMessageId: string, reason: string): void {
    this.clearTimer('ackTimer');
    if (/too fast/i.test(reason)) {
      // Rate limited: keep it queued and try again shortly.
      this.outbox.release();
      this.paused = true;
      this.clearTimer('pauseTimer');
      this.pauseTimer = this.env.setTimeout(() => {
        this.pauseTimer = null;
        this.paused = false;
        this.pump();
      }, RATE_LIMIT_PAUSE_MS);
      return;
    }
    this.outbox.fail(clientMessageId, reason);
    this.pump();
  }

  /** Sends the next outbox entry if connected, none is awaiting its answer and the pace allows it now. */
  private pump(): void {
    if (!this.ready || this.paused || this.paceTimer !== null) return;
    const wait = this.paceWait();
    if (wait > 0) {
      this.paceTimer = this.env.setTimeout(() => {
        this.paceTimer = null;
        this.pump();
      }, wait);
      return;
    }
    const entry = this.outbox.next();
    if (!entry) return;
    const sent = this.send({ type: 'send_message', conversationId: entry.conversationId, message: entry.message, clientMessageId: entry.clientMessageId });
    if (!sent) {
      this.outbox.release();
      return;
    }
    if (entry.clientMessageId !== this.lastSentId) {
      this.lastSentId = entry.clientMessageId;
      this.sentAt.push(this.now());
    }
    this.clearTimer('ackTimer');
    this.ackTimer = this.env.setTimeout(() => {
      this.ackTimer = null;
      this.outbox.release();
      this.pump();
    }, ACK_TIMEOUT_MS);
  }

  /** How long until another message may go without exceeding CHAT_RATE (0: now). */
  private paceWait(): number {
    const now = this.now();
    const window = CHAT_RATE.windowMs + PACE_MARGIN_MS;
    while (this.sentAt.length > 0 && this.sentAt[0] <= now - window) this.sentAt.shift();
    if (this.sentAt.length < CHAT_RATE.max) return 0;
    return this.sentAt[0] + window - now;
  }

  private now(): number {
    return this.env.now ? this.env.now() : Date.now();
  }

  // ---- helpers ----

  private update(conversationId: number, patch: Partial<ConversationState>): void {
    const state = this.conversations.get(conversationId);
    if (!state) return;
    this.conversations.set(conversationId, { ...state, ...patch });
    for (const listener of this.conversationListeners.get(conversationId) ?? []) listener();
  }

  private clearTypingTimer(conversationId: number): void {
    const timer = this.typingTimers.get(conversationId);
    if (timer !== undefined) this.env.clearTimeout(timer);
    this.typingTimers.delete(conversationId);
  }

  private clearTimer(name: 'reconnectTimer' | 'ackTimer' | 'pauseTimer' | 'paceTimer'): void {
    const timer = this[name];
    if (timer !== null) this.env.clearTimeout(timer);
    this[name] = null;
  }

  private setSnapshot(patch: Partial<ChatSnapshot>): void {
    const next = { ...this.snapshot, ...patch };
    if (next.state === this.snapshot.state && next.online === this.snapshot.online && next.failures === this.snapshot.failures) return;
    this.snapshot = next;
    for (const listener of this.stateListeners) listener();
  }
}
