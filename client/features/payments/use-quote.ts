import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PriceBreakdown } from '@domain/bookings/breakdown';
import type { ServiceType } from '@domain/bookings/schemas';
import { quoteBooking } from './payments-api';

/** A line to price: what the server needs of it (prices come from the catalogue). */
export type QuoteLine = { serviceType: ServiceType; serviceId: number; quantity: number; details: Record<string, unknown> };

/** The request of a quote: only what prices it, so equal carts share one answer. */
export function quoteRequest(lines: readonly QuoteLine[], tip = 0) {
  return {
    items: lines.map((l) => ({ serviceType: l.serviceType, serviceId: l.serviceId, quantity: l.quantity, details: l.details })),
    ...(tip > 0 ? { tip } : {}),
  };
}

/**
 * The server's price breakdown of some lines and a tip (POST /api/bookings/quote), asked again whenever they change;
 * the previous answer stays on screen while the next one loads (`isFetching`). Nothing is asked for no lines or a
 * tip that is not a number yet (`tip` null).
 */
export function useQuote(lines: readonly QuoteLine[] | null, tip: number | null = 0) {
  const request = lines && lines.length > 0 && tip !== null ? quoteRequest(lines, tip) : null;
  return useQuery<PriceBreakdown>({
    // Not an apiKey: the quote is a POST (its lines are its body), which no GET query shares a key with.
    queryKey: ['bookings-quote', request],
    queryFn: () => quoteBooking(request as NonNullable<typeof request>),
    enabled: request !== null,
    // Prices change rarely, but a cart is priced again when it is opened again a while later.
    staleTime: 30_000,
    gcTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
