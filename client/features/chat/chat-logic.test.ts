import { describe, expect, it } from 'vitest';
import type { Booking, BookingLine } from '@domain/bookings/schemas';
import type { ChatMessage } from '@domain/chat/schemas';
import { bookingChatTargets, deliveryHasDriver } from './booking-targets';
import { formatListTime, formatMessageTime, lastMessagePreview } from './chat-format';
import { backoffDelay } from './chat-client';
import { checkDraft, lastIncomingId, mergeMessages, tickOf } from './messages';

function line(partial: Partial<BookingLine>): BookingLine {
  return { id: 1, serviceType: 'hotels', serviceId: 3, name: 'Hotel', quantity: 1, unitPrice: 10, lineTotal: 10, details: {}, ...partial };
}

function message(id: number, senderId: number, extra: Partial<ChatMessage> = {}): ChatMessage {
  return { id, conversationId: 1, senderId, senderType: 'user', message: `m${id}`, messageType: 'text', isRead: false, createdAt: new Date(0).toISOString(), clientMessageId: null, ...extra };
}

describe('chat logic', () => {
  it('finds one provider chat per listing of a booking; food by its restaurant', () => {
    const booking: Pick<Booking, 'id' | 'items'> = {
      id: 42,
      items: [
        line({ id: 1, serviceType: 'food-delivery', serviceId: 100, name: 'Ramen (Sakura Sushi House)', details: { restaurantId: 4 } }),
        line({ id: 2, serviceType: 'food-delivery', serviceId: 101, name: 'Gyoza (Sakura Sushi House)', details: { restaurantId: 4 } }),
        line({ id: 3, serviceType: 'hotels', serviceId: 7, name: 'Grand Plaza' }),
        line({ id: 4, serviceType: 'services', serviceId: 2, name: 'Cleaning' }),
        line({ id: 5, serviceType: 'food-delivery', serviceId: 102, name: 'Mystery dish', details: {} }),
      ],
    };
    expect(bookingChatTargets(booking)).toEqual([
      { kind: 'service', serviceType: 'food-delivery', serviceId: 4, serviceName: 'Sakura Sushi House', bookingId: 42 },
      { kind: 'service', serviceType: 'hotels', serviceId: 7, serviceName: 'Grand Plaza', bookingId: 42 },
    ]);
    expect(deliveryHasDriver({ status: 'pending' })).toBe(false);
    expect(deliveryHasDriver({ status: 'active' })).toBe(true);
    expect(deliveryHasDriver({ status: 'cancelled' })).toBe(false);
  });

  it('merges messages by id in order, a later copy replacing an earlier one', () => {
    const merged = mergeMessages([message(2, 1), message(5, 1)], [message(3, 2), message(5, 1, { isRead: true })]);
    expect(merged.map((m) => m.id)).toEqual([2, 3, 5]);
    expect(merged[2].isRead).toBe(true);
    expect(lastIncomingId(merged, 1)).toBe(3);
    expect(lastIncomingId([], 1)).toBe(0);
  });

  it('ticks: ✓ for my stored messages, ✓✓ once read, none for theirs', () => {
    expect(tickOf(message(4, 1), 1, 3)).toBe('sent');
    expect(tickOf(message(4, 1), 1, 4)).toBe('read');
    expect(tickOf(message(4, 1, { isRead: true }), 1, 0)).toBe('read');
    expect(tickOf(message(4, 2), 1, 9)).toBeNull();
  });

  it('checks drafts: trimmed, 1 to 2000 characters', () => {
    expect(checkDraft('   ')).toEqual({ ok: false, reason: 'empty', length: 0 });
    expect(checkDraft('  hi \n')).toEqual({ ok: true, text: 'hi' });
    expect(checkDraft(` ${'a'.repeat(2000)} `)).toEqual({ ok: true, text: 'a'.repeat(2000) });
    expect(checkDraft('a'.repeat(2001))).toEqual({ ok: false, reason: 'too-long', length: 2001 });
  });

  it('formats times and previews', () => {
    const now = new Date(2025, 2, 1, 15, 0);
    // ICU puts a narrow no-break space before AM/PM in newer versions.
    const plain = (s: string) => s.replace(/\s/g, ' ');
    expect(plain(formatMessageTime(new Date(2025, 2, 1, 14, 5).toISOString(), now))).toBe('2:05 PM');
    expect(plain(formatMessageTime(new Date(2025, 1, 27, 9, 30).toISOString(), now))).toBe('Feb 27, 9:30 AM');
    expect(formatListTime(new Date(2025, 1, 27, 9, 30).toISOString(), now)).toBe('Feb 27');
    expect(formatMessageTime('nonsense', now)).toBe('');
    expect(lastMessagePreview({ lastMessage: null }, 1)).toBe('No messages yet');
    expect(lastMessagePreview({ lastMessage: message(1, 1, { message: 'see\nyou' }) }, 1)).toBe('You: see you');
  });

  it('backs off exponentially up to 15 s, with jitter', () => {
    expect(backoffDelay(0, 0.5)).toBe(1000);
    expect(backoffDelay(3, 0.5)).toBe(8000);
    expect(backoffDelay(10, 0.5)).toBe(15000);
    expect(backoffDelay(0, 0)).toBe(750);
    expect(backoffDelay(0, 1)).toBe(1250);
  });
});
