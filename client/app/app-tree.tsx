import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { PageCommit } from './page-commit';
import { Providers } from './providers';

/**
 * The whole app around its router (`children`): the browser's `RouterProvider` (main.tsx) or a server render's
 * `StaticRouterProvider` (prerender.tsx), both over the same routes (routes.tsx). One tree for both, so a prerendered
 * page hydrates: React adopts its markup instead of building it again, and useId gives the same ids on both sides.
 * `onPageCommit` runs once the first page is on screen and live (page-commit.tsx).
 */
export function AppTree({
  children,
  onPageCommit,
  queryClient,
}: {
  children: ReactNode;
  onPageCommit?: () => void;
  /** A server render's own query client, holding the data it renders; the browser's by default. */
  queryClient?: QueryClient;
}) {
  return (
    <Providers client={queryClient}>
      <PageCommit.Provider value={onPageCommit}>{children}</PageCommit.Provider>
    </Providers>
  );
}
