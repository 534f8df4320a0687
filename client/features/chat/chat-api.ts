import type { StartConversationInput } from '@domain/chat/schemas';
import { HISTORY_PAGE } from '@domain/chat/limits';
import { api, apiGet, apiKey, apiPut } from '@client/lib/api';

/** GET /api/chat/conversations: mine, newest activity first. */
export const CONVERSATIONS_KEY = apiKey('/api/chat/conversations');
/** GET /api/chat/unread: {count}. */
export const UNREAD_KEY = apiKey('/api/chat/unread');

export type UnreadCount = { count: number };

/** POST /api/chat/conversations: 201 for a new conversation, 200 for the existing one. */
export async function startConversation(input: StartConversationInput) {
  const { data, response } = await api.POST('/api/chat/conversations', { body: input });
  return { conversation: data!, created: response.status === 201 };
}

export function fetchHistory(conversationId: number, before?: number) {
  return apiGet('/api/chat/conversations/{id}/messages', { params: { path: { id: conversationId }, query: { limit: HISTORY_PAGE, before: before || undefined } } });
}

export function markConversationRead(conversationId: number, upToId: number) {
  return apiPut('/api/chat/conversations/{id}/read', { params: { path: { id: conversationId } }, body: { upToId } });
}
