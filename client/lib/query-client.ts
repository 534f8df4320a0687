import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/**
 * Spec 000 section 7: data never goes stale, no interval or focus refetch, no retries. Offline (ADR 014), a query
 * still runs once, so the service worker can answer it from its cache (networkMode 'offlineFirst'), and a mutation
 * fails at once with a connection error instead of waiting, paused and silent, for the network ('always').
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
        networkMode: 'offlineFirst',
      },
      mutations: {
        retry: false,
        networkMode: 'always',
      },
    },
  });
}

/** The browser's one client. A page rendered on the server has its own, made for that request (client/prerender.tsx). */
export const queryClient = createQueryClient();
