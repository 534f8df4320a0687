/**
 * Chat constants without zod, so the client's first load can use them without the schema library
 * (domain/chat/schemas.ts re-exports them).
 */

/** The 8 kinds of listing a customer can chat about (booking service types that have a provider). */
export const CHAT_SERVICE_TYPES = ['food-delivery', 'hotels', 'flights', 'cars', 'taxi', 'properties', 'shipping', 'general-services'] as const;
export type ChatServiceType = (typeof CHAT_SERVICE_TYPES)[number];

export const CHAT_MESSAGE_MAX = 2000;
/** Messages a user may send per window (across all their conversations and devices). */
export const CHAT_RATE = { max: 20, windowMs: 10_000 } as const;
/** A typing indicator lapses after this long without renewal. */
export const TYPING_TTL_MS = 6_000;
export const HISTORY_PAGE = 50;
