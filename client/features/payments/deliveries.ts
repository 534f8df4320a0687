import type { Booking, Delivery } from '@domain/bookings/schemas';
import { ORDER_KINDS } from '@domain/orders/states';
import { JOURNEY_STEP_KEYS, STEP_LABEL, factsOfTrackingRecord, journeyOf, type JourneyStepKey } from '@domain/orders/journey';

const STATUSES: readonly Delivery['status'][] = ['pending', 'active', 'completed', 'cancelled'];

export const DELIVERY_KIND_LABEL: Record<Delivery['kind'], string> = {
  food: 'Food delivery',
  taxi: 'Taxi ride',
  shipping: 'Shipment',
};

const TRACKING_TYPE: Record<Delivery['kind'], 'delivery' | 'ride' | 'shipping'> = { food: 'delivery', taxi: 'ride', shipping: 'shipping' };

/** Service types whose paid lines become delivery orders (and so tracking records). */
export const DELIVERABLE_SERVICE_TYPES = ['food-delivery', 'taxi', 'shipping'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The well-formed deliveries of an API answer. Answers from a server without the field, or with an odd entry,
 * give fewer entries instead of a broken screen.
 */
export function parseDeliveries(value: unknown): Delivery[] {
  if (!Array.isArray(value)) return [];
  const out: Delivery[] = [];
  for (const entry of value) {
    if (!isRecord(entry)) continue;
    const { trackingId, trackingNumber, kind, name, status, step, stepLabel } = entry;
    if (typeof trackingId !== 'string' || !trackingId) continue;
    if (typeof kind !== 'string' || !(ORDER_KINDS as readonly string[]).includes(kind)) continue;
    const known = typeof status === 'string' && (STATUSES as readonly string[]).includes(status) ? (status as Delivery['status']) : 'pending';
    // The journey step the server named; an answer without one (an older copy kept offline) reads its status as steps.
    const journeyStep: JourneyStepKey =
      typeof step === 'string' && (JOURNEY_STEP_KEYS as readonly string[]).includes(step)
        ? (step as JourneyStepKey)
        : journeyOf(factsOfTrackingRecord({ type: TRACKING_TYPE[kind as Delivery['kind']], status: known, updateStatuses: [] })).current;
    out.push({
      trackingId,
      trackingNumber: typeof trackingNumber === 'string' && trackingNumber ? trackingNumber : trackingId,
      kind: kind as Delivery['kind'],
      name: typeof name === 'string' && name.trim() ? name : DELIVERY_KIND_LABEL[kind as Delivery['kind']],
      status: known,
      step: journeyStep,
      stepLabel: typeof stepLabel === 'string' && stepLabel.trim() && journeyStep === step ? stepLabel : STEP_LABEL[journeyStep],
    });
  }
  return out;
}

/** A booking's deliveries as the client can rely on them. */
export function bookingDeliveries(booking: Pick<Booking, 'deliveries'>): Delivery[] {
  return parseDeliveries(booking.deliveries);
}

export function hasDeliverableLines(booking: Pick<Booking, 'items'>): boolean {
  return booking.items.some((l) => (DELIVERABLE_SERVICE_TYPES as readonly string[]).includes(l.serviceType));
}

/** The live tracking page of a delivery. */
export function deliveryTrackPath(delivery: Pick<Delivery, 'trackingId'>): string {
  return `/track/${encodeURIComponent(delivery.trackingId)}`;
}

/**
 * The cart's food order keeps the spec's behaviour (the tracking dialog opens on the order) when that order is all
 * there is to track; with more than one delivery, every one is listed instead.
 */
export function opensTrackingDialog(deliveries: readonly Delivery[]): boolean {
  return deliveries.length === 1 && deliveries[0].kind === 'food';
}

/** 'Sakura Sushi House' or 'Sakura Sushi House and Nonna Lucia Trattoria' for the order toast. */
export function foodOrderNames(deliveries: readonly Delivery[]): string | null {
  const names = deliveries.filter((d) => d.kind === 'food').map((d) => d.name);
  if (names.length === 0) return null;
  if (names.length === 1) return names[0];
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
