import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { ErrorBoundary } from './error-boundary';
import { PageCommit } from './page-commit';
import { Providers } from './providers';
import { RouteError } from './route-error';
import { AppRoutes } from './routes';

/**
 * The whole app under a router: the browser's (main.tsx) or a static one (prerender.tsx, at build). One tree for
 * both, so a prerendered page hydrates: React adopts its markup instead of building it again, and useId gives the
 * same ids on both sides. `onPageCommit` runs once the first page is on screen and live (page-commit.tsx).
 */
export function AppTree({
  router,
  onPageCommit,
  queryClient,
}: {
  router: (routes: ReactNode) => ReactNode;
  onPageCommit?: () => void;
  /** A server render's own query client, holding the data it renders; the browser's by default. */
  queryClient?: QueryClient;
}) {
  return (
    <Providers client={queryClient}>
      <PageCommit.Provider value={onPageCommit}>
        {router(
          // Only if the layout itself fails: a failing page keeps the header and footer (layout.tsx).
          <ErrorBoundary fallback={(error) => <RouteError error={error} />}>
            <AppRoutes />
          </ErrorBoundary>,
        )}
      </PageCommit.Provider>
    </Providers>
  );
}
