import type { DriverOrder, DriverStatusInput } from '@domain/orders/schemas';
import type { PositionFix } from '@domain/orders/positions';
import type { DriverStep } from '@domain/orders/states';
import { apiJson } from '@client/lib/api';
import { balanceKey } from '@client/features/money/money-api';

/** Query keys double as the GET URLs (the default query function joins them). */
export const DRIVER_ME_KEY = ['/api/driver/me'] as const;
export const DRIVER_ORDERS_KEY = ['/api/driver/orders'] as const;
export const DRIVER_EARNINGS_KEY = ['/api/driver/earnings'] as const;
/** The driver's balance (issue 28): the money screens' key (client/features/money/money-api.ts). */
export const DRIVER_BALANCE_KEY = balanceKey('driver');

export type PositionsResult = { accepted: number; dropped: Record<string, number> };

export function setDriverStatus(input: DriverStatusInput): Promise<{ online: boolean }> {
  return apiJson<{ online: boolean }>('POST', '/api/driver/status', input);
}

export function acceptOrder(id: number): Promise<DriverOrder> {
  return apiJson<DriverOrder>('POST', `/api/driver/orders/${id}/accept`, {});
}

export function declineOrder(id: number): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>('POST', `/api/driver/orders/${id}/decline`, {});
}

export function advanceOrder(id: number, status: DriverStep): Promise<DriverOrder> {
  return apiJson<DriverOrder>('POST', `/api/driver/orders/${id}/status`, { status });
}

export function sendPositions(positions: PositionFix[]): Promise<PositionsResult> {
  return apiJson<PositionsResult>('POST', '/api/driver/positions', { positions });
}
