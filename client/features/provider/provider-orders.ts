import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { ProviderOrder } from '@domain/provider/schemas';
import { apiPage, type ApiPage, type ApiParams } from '@client/lib/api';
import { PROVIDER_ORDERS_KEY } from './provider-api';

/** How often the Today screen asks for new orders (TanStack Query's refetchInterval; there is no push for them). */
export const ORDERS_POLL_MS = 10_000;

/** My orders as loaded so far: newest first, and how many there are in all (X-Total-Count; null when not sent). */
export type LoadedOrders = { orders: ProviderOrder[]; total: number | null };

/** The pages read so far as one list (a stable function, so TanStack Query keeps the result between renders). */
function loaded(data: InfiniteData<ApiPage<'/api/provider/orders'>>): LoadedOrders {
  return { orders: data.pages.flatMap((p) => p.data), total: data.pages.length > 0 ? data.pages[data.pages.length - 1].total : null };
}

/**
 * My orders, a page at a time (issue 29: GET /api/provider/orders pages, newest first): the first page, then each
 * next page the answer's Link names when the screen asks for more (fetchNextPage). Every screen that shows orders
 * reads this one query (PROVIDER_ORDERS_KEY), so an order action that invalidates it reloads the pages shown so far.
 * `poll` asks again every ORDERS_POLL_MS, in the background too (new orders come first, on the first page).
 */
export function useProviderOrders({ poll = false }: { poll?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: PROVIDER_ORDERS_KEY,
    initialPageParam: undefined as ApiParams<'/api/provider/orders'> | undefined,
    queryFn: ({ pageParam }) => apiPage('/api/provider/orders', pageParam),
    getNextPageParam: (last) => last.next ?? undefined,
    select: loaded,
    staleTime: 0,
    ...(poll ? { refetchInterval: ORDERS_POLL_MS, refetchIntervalInBackground: true } : {}),
  });
}

export type ProviderOrdersQuery = ReturnType<typeof useProviderOrders>;
