/**
 * Build-time prerendering (scripts/prerender-plugin.ts builds this module for Node and loads it): the HTML of a route
 * as the app's first render shows it to a signed-out visitor, written into the built index.html (and one file per
 * prerendered route) so the first paint needs no JavaScript. main.tsx hydrates it once the route's code has loaded
 * (the same tree and routes: app/app-tree.tsx, app/routes.tsx); the shell of other routes is replaced by their page.
 *
 * That build is also the server's render module (written beside the client's build), for pages rendered per request:
 * {@link renderTrackingPage}.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject, type StaticHandler } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { TrackingView } from '@domain/catalogue/types';
import { apiKey } from '@client/lib/api';
import type { PageData } from '@client/lib/early-data';
import { createQueryClient } from '@client/lib/query-client';
import { trackingQueryKey } from '@client/features/tracking/use-live-tracking';
import { PageSpinner } from '@client/ui/spinner';
import { AppTree } from './app/app-tree';
import { Layout } from './app/layout';
import { routes } from './app/routes';

/** React Router's server side of the app's routes: it loads a route's page code (once per process) before rendering. */
const app = createStaticHandler(routes);

/** The layout with a spinner where the page goes, at any path. */
const shellRoutes: RouteObject[] = [{ path: '/', Component: Layout, children: [{ path: '*', Component: PageSpinner }] }];

async function render(handler: StaticHandler, url: string, queryClient?: QueryClient): Promise<string> {
  const context = await handler.query(new Request(new URL(url, 'http://localhost/')));
  if (context instanceof Response) throw new Error(`${url} answers ${context.status}: no page to render`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no router state in the markup; the browser's router finds the same state itself (main.tsx).
  return renderToString(
    <AppTree queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppTree>,
  );
}

/**
 * The markup of one client route (its page loaded, its data not yet unless `queryClient` holds it: the same loading
 * states the browser shows).
 */
export function renderRoute(url: string, queryClient?: QueryClient): Promise<string> {
  return render(app, url, queryClient);
}

/** The layout with a spinner where the page goes: the first paint of every route that is not prerendered. */
export function renderShell(): Promise<string> {
  return render(createStaticHandler(shellRoutes), '/shell');
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
    [apiKey('/api/config'), config],
  ];
  const queryClient = createQueryClient();
  for (const [key, value] of data) queryClient.setQueryData(key, value);
  try {
    return { html: await renderRoute(url, queryClient), data };
  } finally {
    queryClient.clear();
  }
}
