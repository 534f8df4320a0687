import type { ReactElement, ReactNode } from 'react';
import { afterEach } from 'vitest';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import { createQueryClient } from '@client/lib/query-client';
import { Toaster } from '@client/ui/toaster';

export { mockFetch, deferred, type FetchMock, type MockReply, type MockRequest, type MockRoutes } from './mock-fetch';

/** Where and with what {@link renderWithApp} renders. */
export type AppRenderOptions = {
  /** The address the router starts at (path, query and hash). */
  route?: string;
  /** A route pattern for the component, so useParams reads its segments ("/provider/listings/:kind/:id"). */
  path?: string;
  queryClient?: QueryClient;
  /** Mount the toast viewport (<Toaster />) beside the component, so toasts can be seen and dismissed. */
  toaster?: boolean;
};

export type AppRenderResult = Omit<RenderResult, 'rerender'> & {
  rerender: (ui: ReactElement) => void;
  user: UserEvent;
  queryClient: QueryClient;
  /** Where the router is now (after a link or a navigate()). */
  location: () => Location;
};

const clients = new Set<QueryClient>();

/** The app's query client, new for one test (cleared after it, so no cache or timer outlives the test). */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  clients.add(client);
  return client;
}

/**
 * Renders a component as the app shows it, for component tests (`// @vitest-environment happy-dom`): with the app's
 * query client settings (client/lib/query-client.ts: the default loader GETs the route its key names, no retries), a fresh
 * client per test, a memory router at `route`, and the toast viewport when asked for. The chat connection of
 * app/providers.tsx is left out: it opens a WebSocket for a signed-in user, and every component reads its absence as
 * "not connected".
 */
export function renderWithApp(ui: ReactElement, options: AppRenderOptions = {}): AppRenderResult {
  const { route = '/', path, queryClient = testQueryClient(), toaster = false } = options;
  const seen: { location: Location | null } = { location: null };
  const user = userEvent.setup();
  const tree = (element: ReactElement) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <LocationProbe seen={seen} />
        {path ? (
          <Routes>
            <Route path={path} element={element} />
            <Route path="*" element={null} />
          </Routes>
        ) : (
          element
        )}
        {toaster ? <Toaster /> : null}
      </MemoryRouter>
    </QueryClientProvider>
  );
  const result = render(tree(ui));
  return {
    ...result,
    // The same providers, router and query client around the new element (RTL's own rerender would drop them).
    rerender: (next: ReactElement) => result.rerender(tree(next)),
    user,
    queryClient,
    location: () => {
      if (!seen.location) throw new Error('renderWithApp: the router has not rendered');
      return seen.location;
    },
  };
}

/** Keeps the router's current location where the test can read it. */
function LocationProbe({ seen }: { seen: { location: Location | null } }): ReactNode {
  seen.location = useLocation();
  return null;
}

afterEach(() => {
  cleanup();
  for (const client of clients) client.clear();
  clients.clear();
  // The cart and the delivery place live in localStorage: each test starts with none.
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
