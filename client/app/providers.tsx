import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient } from '@client/lib/query-client';
import { useAnyToast } from '@client/ui/use-toast';
import { ChatProvider } from '@client/features/chat/chat-provider';
import { useHasBeenTrue } from '@client/lib/use-has-been-true';
import { useFirstInteraction } from '@client/lib/use-first-interaction';

// The toast viewport (Radix Toast) is not part of the first load: it mounts at the visitor's first click, key or touch,
// or with the first toast if that comes sooner. Mounted before the outcome of that interaction shows, so it is in place
// before a dialog opens: a toast's layer mounted after an open dialog would be the topmost and take the dialog's
// Escape (Radix DismissableLayer).
const Toaster = lazy(() => import('@client/ui/toaster').then((m) => ({ default: m.Toaster })));

function DeferredToaster() {
  const interacted = useFirstInteraction();
  const mounted = useHasBeenTrue(useAnyToast() || interacted);
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * App-wide providers. Who is signed in comes from `useAuth()` (features/accounts/use-auth), a TanStack
 * query on /api/auth/session, so it needs no provider of its own: every caller shares the cached answer. The chat
 * provider keeps the signed-in user's one chat connection (unread badge, offline outbox) for the whole tab. `client` is
 * the browser's query client unless a server render brings its own.
 */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <ChatProvider>
        {children}
        <DeferredToaster />
      </ChatProvider>
    </QueryClientProvider>
  );
}

export { useAuth } from '@client/features/accounts/use-auth';
