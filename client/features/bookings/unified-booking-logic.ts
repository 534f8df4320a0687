import type { ServiceType } from '@domain/bookings/schemas';

import type { UnifiedLineType } from '@domain/catalogue/kinds';

export type { UnifiedLineType };

export type UnifiedBookingLine = {
  id: string;
  type: UnifiedLineType;
  serviceType: ServiceType;
  serviceId: number;
  name: string;
  description: string;
  price: number;
  image?: string;
  details: Record<string, unknown>;
  quantity: number;
};

export type NewUnifiedLine = Omit<UnifiedBookingLine, 'id' | 'quantity'>;

/** Adds a line; the same serviceType+serviceId pair increments that line's quantity. */
export function addUnifiedLine(lines: readonly UnifiedBookingLine[], line: NewUnifiedLine, now: number): UnifiedBookingLine[] {
  const existing = lines.find((l) => l.serviceType === line.serviceType && l.serviceId === line.serviceId);
  if (existing) return lines.map((l) => (l === existing ? { ...l, quantity: l.quantity + 1 } : l));
  return [...lines, { ...line, id: [line.serviceType, line.serviceId, now].join('-'), quantity: 1 }];
}

/** Sets a quantity; zero or less removes the line. */
export function setUnifiedQuantity(lines: readonly UnifiedBookingLine[], id: string, quantity: number): UnifiedBookingLine[] {
  if (!Number.isFinite(quantity) || quantity <= 0) return lines.filter((l) => l.id !== id);
  return lines.map((l) => (l.id === id ? { ...l, quantity: Math.floor(quantity) } : l));
}

export function unifiedTotal(lines: readonly UnifiedBookingLine[]): number {
  return lines.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantity, 0) / 100;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keeps only well-formed lines from whatever was stored. */
export function parseStoredUnified(raw: string | null): UnifiedBookingLine[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    console.error('Stored unified booking is not valid JSON', error);
    return [];
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.lines)) return [];
  const out: UnifiedBookingLine[] = [];
  for (const e of parsed.lines) {
    if (!isRecord(e)) continue;
    if (typeof e.id !== 'string' || typeof e.type !== 'string' || typeof e.serviceType !== 'string' || typeof e.name !== 'string') continue;
    if (typeof e.serviceId !== 'number' || typeof e.price !== 'number' || typeof e.quantity !== 'number' || e.quantity <= 0) continue;
    out.push({
      id: e.id,
      type: e.type as UnifiedLineType,
      serviceType: e.serviceType as ServiceType,
      serviceId: e.serviceId,
      name: e.name,
      description: typeof e.description === 'string' ? e.description : '',
      price: e.price,
      image: typeof e.image === 'string' ? e.image : undefined,
      details: isRecord(e.details) ? e.details : {},
      quantity: Math.floor(e.quantity),
    });
  }
  return out;
}
