import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/** Spec 000 section 7: data never goes stale, no interval or focus refetch, no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      staleTime: Infinity,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});
