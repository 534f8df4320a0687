import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@client/lib/query-client';
import { Toaster } from '@client/ui/toaster';
import { TooltipProvider } from '@client/ui/tooltip';
import { ChatProvider } from '@client/features/chat/chat-provider';

/**
 * App-wide providers. Who is signed in comes from `useAuth()` (features/accounts/use-auth), a TanStack
 * query on /api/auth/session, so it needs no provider of its own: every caller shares the cached answer. The chat
 * provider keeps the signed-in user's one chat connection (unread badge, offline outbox) for the whole tab.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ChatProvider>
        <TooltipProvider>
          {children}
          <Toaster />
        </TooltipProvider>
      </ChatProvider>
    </QueryClientProvider>
  );
}

export { useAuth } from '@client/features/accounts/use-auth';
