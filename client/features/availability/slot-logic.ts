import type { GeneralService } from '@domain/catalogue/types';
import type { SlotAvailability } from '@domain/availability/schemas';
import { SLOT_TAKEN } from '@domain/availability/schemas';
import { parseApiError } from '@client/lib/api';
import { formatDateTime, formatMonthDay, formatTimeOfDay } from '@domain/format';
import { localToday } from '@client/features/catalogue/components/dates';
import type { CheckoutItem } from '@client/features/payments/checkout-flow';
import { serverTotalFrom409 } from '@client/features/payments/payments-api';
import { availabilityKey, availabilityQuery } from './use-day-availability';

/** The free appointment slots of one day (the service's own calendar day). */
export function slotQuery(serviceId: number, day: string) {
  return availabilityQuery('general-services', serviceId, { from: day, to: day });
}

/** The key prefix of every slot query of a service, whatever the day, to refresh them all after a booking. */
export function slotQueriesKey(serviceId: number) {
  return availabilityKey('general-services', serviceId);
}

export type SlotOption = {
  /** ISO instant: what the booking line carries as details.startAt. */
  start: string;
  end: string;
  /** The start in the visitor's time zone, '2:30 PM'. */
  label: string;
  /** 'Mar 5' when, in the visitor's time zone, the slot falls on another date than the day asked for; else null. */
  note: string | null;
};

/**
 * The free slots to offer: those still ahead of `now`, in time order, labelled in the visitor's own time zone.
 * `day` is the day the visitor picked; a slot that falls on another local date (a service in a far time zone) says so.
 */
export function slotOptions(slots: SlotAvailability['slots'], day: string, now: Date): SlotOption[] {
  return slots
    .map((s) => ({ ...s, at: Date.parse(s.start) }))
    .filter((s) => Number.isFinite(s.at) && s.at > now.getTime())
    .sort((a, b) => a.at - b.at)
    .map((s) => {
      const start = new Date(s.at);
      return { start: s.start, end: s.end, label: formatTimeOfDay(start), note: localToday(start) === day ? null : formatMonthDay(start) };
    });
}

/** The booking line of an appointment: the service at its 'from' price, starting at the chosen slot. */
export function appointmentLine(service: Pick<GeneralService, 'id' | 'name' | 'priceFrom'>, startAt: string): CheckoutItem {
  return { serviceType: 'general-services', serviceId: service.id, quantity: 1, details: { startAt }, name: service.name, price: service.priceFrom };
}

/** Why booking a slot failed, as the slot dialog handles it. */
export type SlotRefusal =
  | { kind: 'total-changed'; message: string; totalAmount: number }
  /** 409: the slot was taken meanwhile (or is no longer offered): refresh the slots and say so. */
  | { kind: 'taken'; message: string }
  | { kind: 'signed-out' }
  | { kind: 'other'; error: unknown };

export function slotRefusal(error: unknown): SlotRefusal {
  const changed = serverTotalFrom409(error);
  if (changed) return { kind: 'total-changed', ...changed };
  const parsed = parseApiError(error);
  if (parsed.status === 409) return { kind: 'taken', message: parsed.message ?? SLOT_TAKEN };
  if (parsed.status === 401) return { kind: 'signed-out' };
  return { kind: 'other', error };
}

/** 'Haircut, Mar 4, 2026, 2:30 PM': an appointment as the payment step names it (the visitor's time zone). */
export function appointmentSummary(serviceName: string, startAt: string): string {
  return `${serviceName}, ${formatDateTime(startAt)}`;
}
