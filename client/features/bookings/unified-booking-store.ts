import { useCallback, useSyncExternalStore } from 'react';
import type { ServiceType } from '@domain/bookings/schemas';
import {
  addUnifiedLine,
  parseStoredUnified,
  setUnifiedQuantity,
  unifiedTotal,
  type NewUnifiedLine,
  type UnifiedBookingLine,
} from './unified-booking-logic';

export type { UnifiedBookingLine, UnifiedLineType, NewUnifiedLine } from './unified-booking-logic';

/** The unified booking lives for the browser session (sessionStorage), shared by every component in the tab. */
export const UNIFIED_STORAGE_KEY = 'go-live-unified-booking';
const CHANGE_EVENT = 'go-live-unified-booking-change';

function readRaw(): string | null {
  try {
    return window.sessionStorage.getItem(UNIFIED_STORAGE_KEY);
  } catch (error) {
    console.warn('Unified booking storage is not readable', error);
    return null;
  }
}

let cachedRaw: string | null | undefined;
let cachedLines: UnifiedBookingLine[] = [];
const EMPTY: UnifiedBookingLine[] = [];

/** Current unified booking lines (stable identity while storage is unchanged). */
export function readUnifiedLines(): UnifiedBookingLine[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLines = parseStoredUnified(raw);
  }
  return cachedLines;
}

function write(lines: UnifiedBookingLine[]): void {
  try {
    window.sessionStorage.setItem(UNIFIED_STORAGE_KEY, JSON.stringify({ lines }));
  } catch (error) {
    console.error('Unified booking could not be saved', error);
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => window.removeEventListener(CHANGE_EVENT, onChange);
}

/** Empties the unified booking. */
export function clearUnifiedBooking(): void {
  write([]);
}

export type UseUnifiedBooking = {
  lines: UnifiedBookingLine[];
  count: number;
  total: number;
  add(line: NewUnifiedLine): void;
  remove(id: string): void;
  setQuantity(id: string, quantity: number): void;
  clear(): void;
  has(serviceType: ServiceType, serviceId: number): boolean;
};

/** Services collected on the Unified Booking tab, to be booked and paid together. */
export function useUnifiedBooking(): UseUnifiedBooking {
  const lines = useSyncExternalStore(subscribe, readUnifiedLines, () => EMPTY);
  const add = useCallback((line: NewUnifiedLine) => write(addUnifiedLine(readUnifiedLines(), line, Date.now())), []);
  const remove = useCallback((id: string) => write(readUnifiedLines().filter((l) => l.id !== id)), []);
  const setQuantity = useCallback((id: string, quantity: number) => write(setUnifiedQuantity(readUnifiedLines(), id, quantity)), []);
  const has = useCallback(
    (serviceType: ServiceType, serviceId: number) => lines.some((l) => l.serviceType === serviceType && l.serviceId === serviceId),
    [lines],
  );
  return {
    lines,
    count: lines.reduce((sum, l) => sum + l.quantity, 0),
    total: unifiedTotal(lines),
    add,
    remove,
    setQuantity,
    clear: clearUnifiedBooking,
    has,
  };
}
