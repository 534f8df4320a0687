import type { ChatConversation, ChatMessage } from '@domain/chat/schemas';
import { formatMonthDay, formatTimeOfDay } from '@domain/format';

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** '2:05 PM' today, 'Mar 1, 2:05 PM' before; empty for an unreadable value. */
export function formatMessageTime(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const time = formatTimeOfDay(date);
  return sameDay(date, now) ? time : `${formatMonthDay(date)}, ${time}`;
}

/** '2:05 PM' today, 'Mar 1' before (the conversation list). */
export function formatListTime(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return sameDay(date, now) ? formatTimeOfDay(date) : formatMonthDay(date);
}

/** The list's one-line preview of the last message ('You: …' for mine). */
export function lastMessagePreview(conversation: Pick<ChatConversation, 'lastMessage'>, myId: number): string {
  const last: ChatMessage | null = conversation.lastMessage;
  if (!last) return 'No messages yet';
  const text = last.message.replace(/\s+/g, ' ').trim();
  return last.senderId === myId ? `You: ${text}` : text;
}

/** '3 unread messages' for screen readers. */
export function unreadLabel(count: number): string {
  return `${count} unread ${count === 1 ? 'message' : 'messages'}`;
}
