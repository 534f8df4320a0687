import type { DriverStatusInput } from '@domain/orders/schemas';
import type { PositionFix } from '@domain/orders/positions';
import type { DriverStep } from '@domain/orders/states';
import { apiKey, apiPost } from '@client/lib/api';
import { balanceQuery } from '@client/features/money/money-api';

/** The driver screens' queries (the default query function GETs them). */
export const DRIVER_ME_KEY = apiKey('/api/driver/me');
export const DRIVER_ORDERS_KEY = apiKey('/api/driver/orders');
export const DRIVER_EARNINGS_KEY = apiKey('/api/driver/earnings');
/** The driver's balance (issue 28): the money screens' key (client/features/money/money-api.ts). */
export const DRIVER_BALANCE_KEY = balanceQuery('driver').queryKey;

export function setDriverStatus(input: DriverStatusInput) {
  return apiPost('/api/driver/status', { body: input });
}

export function acceptOrder(id: number) {
  return apiPost('/api/driver/orders/{id}/accept', { params: { path: { id } } });
}

export function declineOrder(id: number) {
  return apiPost('/api/driver/orders/{id}/decline', { params: { path: { id } } });
}

export function advanceOrder(id: number, status: DriverStep) {
  return apiPost('/api/driver/orders/{id}/status', { params: { path: { id } }, body: { status } });
}

export function sendPositions(positions: PositionFix[]) {
  return apiPost('/api/driver/positions', { body: { positions } });
}
