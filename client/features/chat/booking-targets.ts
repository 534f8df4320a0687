import type { Booking, Delivery } from '@domain/bookings/schemas';
import { CHAT_SERVICE_TYPES, type ChatServiceType } from '@domain/chat/schemas';

export type ServiceChatTarget = { kind: 'service'; serviceType: ChatServiceType; serviceId: number; serviceName: string; bookingId: number };

function isChatServiceType(value: string): value is ChatServiceType {
  return (CHAT_SERVICE_TYPES as readonly string[]).includes(value);
}

/** 'Dish (Restaurant)' -> 'Restaurant' (how food lines are named); otherwise the name as it is. */
function restaurantOf(lineName: string): string {
  return /\(([^()]+)\)\s*$/.exec(lineName)?.[1] ?? lineName;
}

/**
 * The listings of a booking a customer can message the provider of: one per listing (a restaurant's several dishes
 * are one), food by its restaurant, in line order. Lines of a type without providers are left out.
 */
export function bookingChatTargets(booking: Pick<Booking, 'id' | 'items'>): ServiceChatTarget[] {
  const out: ServiceChatTarget[] = [];
  const seen = new Set<string>();
  for (const line of booking.items) {
    if (!isChatServiceType(line.serviceType)) continue;
    let serviceId = line.serviceId;
    let serviceName = line.name;
    if (line.serviceType === 'food-delivery') {
      const restaurantId = line.details?.restaurantId;
      if (typeof restaurantId !== 'number' || !Number.isInteger(restaurantId) || restaurantId <= 0) continue;
      serviceId = restaurantId;
      serviceName = restaurantOf(line.name);
    }
    const key = `${line.serviceType}:${serviceId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ kind: 'service', serviceType: line.serviceType, serviceId, serviceName, bookingId: booking.id });
  }
  return out;
}

/** A delivery has a driver to message once one accepted it (its tracking status left 'pending'). */
export function deliveryHasDriver(delivery: Pick<Delivery, 'status'>): boolean {
  return delivery.status === 'active' || delivery.status === 'completed';
}
