import { z } from 'zod';
import { assertExact } from '../exact';
import { idParam } from '../ids';

import { CHAT_SERVICE_TYPES, HISTORY_PAGE } from './limits';

export { CHAT_MESSAGE_MAX, CHAT_RATE, CHAT_SERVICE_TYPES, HISTORY_PAGE, TYPING_TTL_MS, type ChatServiceType } from './limits';

export const MISSING_CHAT_INFO = 'Missing required information to start conversation';

/**
 * POST /api/chat/conversations. A customer starts (or reopens) a chat about a listing: serviceType + serviceId; or,
 * with `trackingId`, the chat with the driver of that delivery. userId / userType / providerId / status are the
 * spec's fields: accepted, but userId must be the caller (403 otherwise) and providerId the listing's owner.
 */
export const StartConversationSchema = z.object({
  serviceType: z.enum(CHAT_SERVICE_TYPES, { error: MISSING_CHAT_INFO }).optional(),
  serviceId: z.number({ error: MISSING_CHAT_INFO }).int(MISSING_CHAT_INFO).positive(MISSING_CHAT_INFO).max(2_147_483_647, MISSING_CHAT_INFO).optional(),
  trackingId: z.string().trim().min(1).max(64).optional(),
  bookingId: z.number().int().positive().max(2_147_483_647).optional(),
  providerId: z.number().int().positive().max(2_147_483_647).optional(),
  userId: z.number().int().positive().max(2_147_483_647).optional(),
  userType: z.string().max(40).optional(),
  status: z.string().max(20).optional(),
});
export type StartConversationInput = z.input<typeof StartConversationSchema>;

export const ChatIdentityQuerySchema = z.object({
  userId: idParam().optional(),
  userType: z.string().max(40).optional(),
});

export const HistoryQuerySchema = z.object({
  before: idParam().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(HISTORY_PAGE),
});

/** A message as every API and socket message carries it. */
export type ChatMessage = {
  id: number;
  conversationId: number;
  senderId: number;
  /** 'user' for the customer, 'provider' or 'driver' for the other side. */
  senderType: 'user' | 'provider' | 'driver';
  message: string;
  messageType: 'text';
  /** True once the other party has read it. */
  isRead: boolean;
  createdAt: string;
  /** The sender's own id for it (acknowledges an optimistic send). */
  clientMessageId: string | null;
};

export type ChatConversation = {
  id: number;
  /** 'provider': about a listing; 'driver': about a delivery or ride, with its driver. */
  kind: 'provider' | 'driver';
  serviceType: string;
  serviceId: number;
  serviceName: string;
  bookingId: number | null;
  trackingId: string | null;
  status: 'active';
  /** My side of it. */
  myRole: 'user' | 'provider' | 'driver';
  otherParty: { id: number; name: string; role: 'user' | 'provider' | 'driver' };
  lastMessage: ChatMessage | null;
  unreadCount: number;
  /** The last of my messages the other party has read (for read ticks). */
  otherReadUpTo: number;
  updatedAt: string;
};

export type HistoryPage = { messages: ChatMessage[]; hasMore: boolean };

/** Response schemas of the chat routes, checked against the types above. */
const ChatRoleSchema = z.enum(['user', 'provider', 'driver']);
export const ChatMessageSchema = z
  .object({
    id: z.number(),
    conversationId: z.number(),
    senderId: z.number(),
    senderType: ChatRoleSchema,
    message: z.string(),
    messageType: z.literal('text'),
    isRead: z.boolean(),
    createdAt: z.string(),
    clientMessageId: z.string().nullable(),
  })
  .meta({ id: 'ChatMessage' });
assertExact<z.output<typeof ChatMessageSchema>, ChatMessage>(true);

export const ChatConversationSchema = z
  .object({
    id: z.number(),
    kind: z.enum(['provider', 'driver']),
    serviceType: z.string(),
    serviceId: z.number(),
    serviceName: z.string(),
    bookingId: z.number().nullable(),
    trackingId: z.string().nullable(),
    status: z.literal('active'),
    myRole: ChatRoleSchema,
    otherParty: z.object({ id: z.number(), name: z.string(), role: ChatRoleSchema }),
    lastMessage: ChatMessageSchema.nullable(),
    unreadCount: z.number(),
    otherReadUpTo: z.number(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ChatConversation' });
assertExact<z.output<typeof ChatConversationSchema>, ChatConversation>(true);

export const HistoryPageSchema = z.object({ messages: z.array(ChatMessageSchema), hasMore: z.boolean() });
assertExact<z.output<typeof HistoryPageSchema>, HistoryPage>(true);

/** PUT /api/chat/conversations/:id/read. */
export const ReadReceiptSchema = z.object({ conversationId: z.number(), upToId: z.number() });
/** GET /api/chat/unread. */
export const UnreadCountSchema = z.object({ count: z.number() });

/** Client -> server on /ws/chat. */
export const ChatClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('join_conversation'), conversationId: z.number().int().positive(), sinceId: z.number().int().min(0).optional(), userId: z.number().optional(), userType: z.string().optional() }),
  z.object({
    type: z.literal('send_message'),
    conversationId: z.number().int().positive(),
    message: z.string(),
    clientMessageId: z.string().min(1).max(100),
    userId: z.number().optional(),
    userType: z.string().optional(),
  }),
  z.object({ type: z.literal('user_typing'), conversationId: z.number().int().positive(), userId: z.number().optional() }),
  z.object({ type: z.literal('user_stop_typing'), conversationId: z.number().int().positive(), userId: z.number().optional() }),
  z.object({ type: z.literal('mark_read'), conversationId: z.number().int().positive(), upToId: z.number().int().min(0) }),
]);
export type ChatClientMessage = z.infer<typeof ChatClientMessageSchema>;

/** Server -> client on /ws/chat. */
export type ChatServerMessage =
  | { type: 'connected'; userId: number }
  | { type: 'conversation_joined'; conversationId: number; messages: ChatMessage[] }
  | { type: 'new_message'; message: ChatMessage }
  | { type: 'user_typing'; conversationId: number; userId: number }
  | { type: 'user_stop_typing'; conversationId: number; userId: number }
  | { type: 'messages_read'; conversationId: number; userId: number; upToId: number }
  | { type: 'error'; message: string; clientMessageId?: string; conversationId?: number };
