/** The admin's Occupancy tab (issue 25) as pure functions: order, filter, and how a row's figures read. */
import type { DayKind, Occupancy } from '@domain/availability/schemas';
import { formatNumber } from '@domain/format';

export type OccupancyRow = Occupancy['listings'][number];
export type OccupancySort = 'desc' | 'asc';

/** Rows of one kind ('' for all), by occupancy (ties by name, then id, so the order is stable). */
export function sortOccupancy(rows: readonly OccupancyRow[], sort: OccupancySort, kind: DayKind | '' = ''): OccupancyRow[] {
  const dir = sort === 'desc' ? -1 : 1;
  return rows
    .filter((r) => kind === '' || r.kind === kind)
    .sort((a, b) => (a.occupancy - b.occupancy) * dir || a.name.localeCompare(b.name) || a.id - b.id);
}

/** 0.4567 -> "46%"; a listing with some use never reads 0% (0.001 -> "<1%"). */
export function percent(occupancy: number): string {
  const value = Number.isFinite(occupancy) ? Math.min(1, Math.max(0, occupancy)) : 0;
  if (value > 0 && value < 0.005) return '<1%';
  return `${Math.round(value * 100)}%`;
}

/** What one unit-day of a kind is called: room-nights, car-days, unit-days, seats. */
export const UNIT_DAYS: Record<DayKind, string> = { hotels: 'room-nights', cars: 'car-days', properties: 'unit-days', flights: 'seats' };

/** "120 / 300 room-nights". */
export function usedText(row: OccupancyRow): string {
  return `${formatNumber(row.usedUnitDays)} / ${formatNumber(row.capacityUnitDays)} ${UNIT_DAYS[row.kind]}`;
}
