import type { ChatMessage } from '@domain/chat/schemas';
import { CHAT_MESSAGE_MAX } from '@domain/chat/limits';

/** What the client knows about one conversation's messages. */
export type ConversationState = {
  /** Oldest first, unique by id. */
  messages: readonly ChatMessage[];
  /** The server has answered a join (messages are current). */
  loaded: boolean;
  /** Older messages exist on the server ('Load earlier messages'). */
  hasMore: boolean;
  /** The other party is typing. */
  typing: boolean;
  /** The last of my messages the other party has read. */
  otherReadUpTo: number;
};

export const EMPTY_CONVERSATION: ConversationState = { messages: [], loaded: false, hasMore: false, typing: false, otherReadUpTo: 0 };

/** Adds messages (a join's batch, one new_message, an older page); a message seen again replaces the old copy. */
export function mergeMessages(existing: readonly ChatMessage[], incoming: readonly ChatMessage[]): readonly ChatMessage[] {
  if (incoming.length === 0) return existing;
  const byId = new Map<number, ChatMessage>();
  for (const m of existing) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function lastMessageId(messages: readonly ChatMessage[]): number {
  return messages.length > 0 ? messages[messages.length - 1].id : 0;
}

/** The newest message from the other party (what marking read is about), or 0. */
export function lastIncomingId(messages: readonly ChatMessage[], myId: number): number {
  for (let i = messages.length - 1; i >= 0; i -= 1) if (messages[i].senderId !== myId) return messages[i].id;
  return 0;
}

export type Tick = 'sent' | 'read';

/** ✓ once stored, ✓✓ once the other party has read it; none on their messages. */
export function tickOf(message: ChatMessage, myId: number, otherReadUpTo: number): Tick | null {
  if (message.senderId !== myId) return null;
  return message.isRead || message.id <= otherReadUpTo ? 'read' : 'sent';
}

export type DraftCheck = { ok: true; text: string } | { ok: false; reason: 'empty' | 'too-long'; length: number };

/** Spec 000 section 5: non-empty after trimming; at most CHAT_MESSAGE_MAX characters. */
export function checkDraft(draft: string): DraftCheck {
  const text = draft.trim();
  if (text.length === 0) return { ok: false, reason: 'empty', length: 0 };
  if (text.length > CHAT_MESSAGE_MAX) return { ok: false, reason: 'too-long', length: text.length };
  return { ok: true, text };
}

/** The counter shows from this many characters on. */
export const COUNTER_FROM = CHAT_MESSAGE_MAX - 200;
