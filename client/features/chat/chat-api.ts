import type { ChatConversation, HistoryPage, StartConversationInput } from '@domain/chat/schemas';
import { HISTORY_PAGE } from '@domain/chat/limits';
import { apiJson, apiRequest } from '@client/lib/api';

/** GET /api/chat/conversations: mine, newest activity first. */
export const CONVERSATIONS_KEY = ['/api/chat/conversations'] as const;
/** GET /api/chat/unread: {count}. */
export const UNREAD_KEY = ['/api/chat/unread'] as const;

export type UnreadCount = { count: number };

/** POST /api/chat/conversations: 201 for a new conversation, 200 for the existing one. */
export async function startConversation(input: StartConversationInput): Promise<{ conversation: ChatConversation; created: boolean }> {
  const res = await apiRequest('POST', '/api/chat/conversations', input);
  return { conversation: (await res.json()) as ChatConversation, created: res.status === 201 };
}

export function fetchHistory(conversationId: number, before?: number): Promise<HistoryPage> {
  const query = new URLSearchParams({ limit: String(HISTORY_PAGE) });
  if (before) query.set('before', String(before));
  return apiJson<HistoryPage>('GET', `/api/chat/conversations/${conversationId}/messages?${query.toString()}`);
}

export function markConversationRead(conversationId: number, upToId: number): Promise<{ conversationId: number; upToId: number }> {
  return apiJson('PUT', `/api/chat/conversations/${conversationId}/read`, { upToId });
}
