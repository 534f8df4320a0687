/**
 * Build-time prerendering (scripts/prerender-plugin.ts builds this module for Node and loads it): the HTML of a route
 * as the app's first render shows it to a signed-out visitor, written into the built index.html (and one file per
 * prerendered route) so the first paint needs no JavaScript. main.tsx hydrates it once the route's code has loaded
 * (the same tree: app/app-tree.tsx); the shell of other routes is replaced by their page.
 *
 * That build is also the server's render module (written beside the client's build), for pages rendered per request:
 * {@link renderTrackingPage}.
 */
import { renderToString } from 'react-dom/server';
import type { QueryClient } from '@tanstack/react-query';
import type { TrackingView } from '@domain/catalogue/types';
import type { PageData } from '@client/lib/early-data';
import { createQueryClient } from '@client/lib/query-client';
import { trackingQueryKey } from '@client/features/tracking/use-live-tracking';
import { Route, Routes, StaticRouter } from 'react-router';
import { PageSpinner } from '@client/ui/spinner';
import { AppTree } from './app/app-tree';
import { Layout } from './app/layout';
import { Providers } from './app/providers';
import { loadRoute } from './app/routes';

/**
 * The markup of one client route (its page loaded, its data not yet unless `queryClient` holds it: the same loading
 * states the browser shows).
 */
export async function renderRoute(url: string, queryClient?: QueryClient): Promise<string> {
  await loadRoute(new URL(url, 'http://localhost/').pathname);
  return renderToString(<AppTree queryClient={queryClient} router={(routes) => <StaticRouter location={url}>{routes}</StaticRouter>} />);
}

/** The layout with a spinner where the page goes: the first paint of every route that is not prerendered. */
export async function renderShell(): Promise<string> {
  return renderToString(
    <Providers>
      <StaticRouter location="/shell">
        <Routes>
          <Route path="/" element={<Layout />}>
            <Route path="*" element={<PageSpinner />} />
          </Route>
        </Routes>
      </StaticRouter>
    </Providers>,
  );
}

/**
 * /track/{id} with its record, rendered per request by the server (GET /track/:id, server/modules/tracking/routes.ts): the page as the
 * browser's first render shows it once the record and the tile template have loaded, the map's first picture
 * included. `data` is what the browser must hold to hydrate it (main.tsx). Signed out, like every prerendered page:
 * who is signed in is the browser's to ask.
 */
export async function renderTrackingPage(
  url: string,
  idOrNumber: string,
  tracking: TrackingView,
  config: { mapTileUrl: string },
): Promise<{ html: string; data: PageData }> {
  const data: PageData = [
    [trackingQueryKey(idOrNumber), tracking],
    [['/api/config'], config],
  ];
  const queryClient = createQueryClient();
  for (const [key, value] of data) queryClient.setQueryData(key, value);
  try {
    return { html: await renderRoute(url, queryClient), data };
  } finally {
    queryClient.clear();
  }
}
