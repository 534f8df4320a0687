import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@client/lib/query-client';
import { Toaster } from '@client/ui/toaster';
import { TooltipProvider } from '@client/ui/tooltip';

/**
 * App-wide providers. Who is signed in comes from `useAuth()` (features/accounts/use-auth), a TanStack
 * query on /api/auth/me, so it needs no provider of its own: every caller shares the cached answer.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {children}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}

export { useAuth } from '@client/features/accounts/use-auth';
