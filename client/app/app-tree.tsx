import { useLayoutEffect, type ReactNode } from 'react';
import { ErrorBoundary } from './error-boundary';
import { Providers } from './providers';
import { RouteError } from './route-error';
import { AppRoutes } from './routes';

/**
 * The whole app under a router: the browser's (main.tsx) or a static one (prerender.tsx, at build). One tree for
 * both, so a prerendered page hydrates: React adopts its markup instead of building it again, and useId gives the
 * same ids on both sides. `onCommit` runs once, when the first render is on screen.
 */
export function AppTree({ router, onCommit }: { router: (routes: ReactNode) => ReactNode; onCommit?: () => void }) {
  return (
    <Providers>
      <Committed onCommit={onCommit}>
        {router(
          // Only if the layout itself fails: a failing page keeps the header and footer (layout.tsx).
          <ErrorBoundary fallback={(error) => <RouteError error={error} />}>
            <AppRoutes />
          </ErrorBoundary>,
        )}
      </Committed>
    </Providers>
  );
}

function Committed({ onCommit, children }: { onCommit?: () => void; children: ReactNode }) {
  useLayoutEffect(() => onCommit?.(), [onCommit]);
  return children;
}
